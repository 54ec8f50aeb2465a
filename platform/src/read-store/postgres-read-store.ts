/**
 * The read store on PostgreSQL (node-postgres): one table per collection in a schema of its own (`id`, `doc` as
 * `jsonb`, `position` of the last event applied) and a `checkpoints` table.
 *
 * Every field is the one expression `nullif(doc #> '{path}', 'null')`: a JSON null and a missing field are both SQL
 * NULL (the port treats them alike), and jsonb comparisons are type-bracketed by themselves (42 never equals "42",
 * true never equals 1). Filters compare that expression with bound jsonb values, sorts order by it (nulls first
 * ascending, last descending), and `ensureIndexes` creates expression indexes on exactly it, so the planner can use
 * an index for both the filter and the sort. Strings compare in the database's collation: the other adapters compare
 * bytes, so the database should use `C.UTF-8` (the compose file's does).
 *
 * A projector's documents and its checkpoint commit in one transaction, each write guarded by the position it
 * carries, like the SQLite adapter: replaying a batch changes nothing.
 */
import { createHash } from 'node:crypto';
import pg from 'pg';
import { connectionRetryDelay, isConnectionLoss } from '../postgres/connection-loss.ts';
import {
  assertCollectionName,
  assertCount,
  assertFieldPath,
  assertPosition,
  isScalar,
  latestWrites,
  OPERATORS,
} from './read-store-input.ts';
import type {
  Collection,
  Doc,
  FieldCondition,
  Filter,
  FindOptions,
  IndexSpec,
  ProjectionBatch,
  ProjectionCommit,
  ProjectionWrite,
  ReadStore,
  Scalar,
} from './read-store.ts';

export type PostgresReadStoreOptions = {
  /** postgres://user:password@host:port/database */
  connectionString: string;
  /** the schema that holds the collections (default `read_models`); created when missing */
  schema?: string;
  /** how long ping() waits for the server (default 2,000 ms) */
  pingTimeoutMs?: number;
  /** connections in the pool (default 5: five roles of three stores each stay within the server's default 100) */
  poolSize?: number;
  /**
   * told when a lost connection (a killed backend, a restarted or failing-over server) made a statement be tried
   * again on another connection (default: a warning on stderr)
   */
  onConnectionLoss?: (report: ReadStoreConnectionLoss) => void;
};

export type ReadStoreConnectionLoss = { error: unknown; attempt: number; delayMs: number };

/**
 * Statements tried on a lost connection before the error reaches the caller (waits of 50, 200 and 800 ms between).
 * Every statement this store sends may be sent twice: reads, upserts and deletes by id, checkpoints, and projection
 * commits whose writes are guarded by their positions (a commit whose answer was lost, sent again, changes nothing).
 */
const CONNECTION_ATTEMPTS = 4;

function warnConnectionLoss(report: ReadStoreConnectionLoss): void {
  const reason = report.error instanceof Error ? report.error.message : String(report.error);
  console.warn(
    `[postgresql] read store: connection lost (${reason}); trying again in ${report.delayMs} ms (attempt ${report.attempt})`,
  );
}

type SqlValue = string | number | boolean | null | readonly string[] | readonly number[];

const CHECKPOINTS_TABLE = 'checkpoints';
const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
/** PostgreSQL truncates identifiers beyond 63 bytes, which could merge two collections into one table. */
const MAX_IDENTIFIER_BYTES = 63;
const RANGE_SQL = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;
const UNDEFINED_TABLE = '42P01';

const reservedCollection = (name: string): boolean =>
  name === CHECKPOINTS_TABLE || /^pg_/i.test(name) || Buffer.byteLength(name) > MAX_IDENTIFIER_BYTES;

/** The SQL for one field: `id` is a column, everything else a path into the document (null and missing: NULL). */
function field(path: string): { value: string; type: string | null; text: string } {
  assertFieldPath(path);
  if (path === 'id') return { value: 'id', type: null, text: 'id' };
  const pointer = `'{${path.split('.').join(',')}}'`;
  return {
    value: `nullif(doc #> ${pointer}, 'null'::jsonb)`,
    type: `jsonb_typeof(doc #> ${pointer})`,
    text: `(doc #>> ${pointer})`,
  };
}

/** Translates the port's Filter to a WHERE clause with numbered placeholders, pushing values onto `params`. */
class FilterTranslator {
  readonly params: SqlValue[] = [];

  #bind(value: SqlValue, cast = ''): string {
    this.params.push(value);
    return `$${this.params.length}${cast}`;
  }

  where(filter: Filter): string {
    const parts: string[] = [];
    for (const [key, value] of Object.entries(filter)) {
      if (value === undefined) continue;
      if (key === '$or') {
        if (!Array.isArray(value)) throw new Error('Read store: $or takes an array of filters');
        parts.push(this.#or(value as readonly Filter[]));
      } else if (isScalar(value)) {
        parts.push(this.#in(key, [value]));
      } else if (Array.isArray(value)) {
        throw new Error(`Read store: field ${JSON.stringify(key)} takes a value or a condition, not an array`);
      } else {
        parts.push(...this.#condition(key, value as FieldCondition));
      }
    }
    return parts.length === 0 ? 'true' : parts.join(' AND ');
  }

  #or(filters: readonly Filter[]): string {
    if (filters.length === 0) return 'false';
    return `(${filters.map((filter) => `(${this.where(filter)})`).join(' OR ')})`;
  }

  #condition(path: string, condition: FieldCondition): string[] {
    const { value, type, text } = field(path);
    const parts: string[] = [];
    for (const [operator, operand] of Object.entries(condition)) {
      if (operand === undefined) continue;
      if (!OPERATORS.has(operator as keyof FieldCondition)) {
        throw new Error(`Read store: unknown operator ${JSON.stringify(operator)} on ${JSON.stringify(path)}`);
      }
      switch (operator as keyof FieldCondition) {
        case '$eq':
          parts.push(this.#in(path, [this.#scalar(path, operand)]));
          break;
        case '$ne':
          parts.push(`NOT coalesce(${this.#in(path, [this.#scalar(path, operand)])}, false)`);
          break;
        case '$in':
          parts.push(this.#in(path, this.#scalars(path, operand)));
          break;
        case '$nin':
          parts.push(`NOT coalesce(${this.#in(path, this.#scalars(path, operand))}, false)`);
          break;
        case '$gt':
        case '$gte':
        case '$lt':
        case '$lte': {
          const op = RANGE_SQL[operator as keyof typeof RANGE_SQL];
          if (typeof operand === 'number' && Number.isFinite(operand)) {
            parts.push(
              type
                ? `(${value} ${op} ${this.#bind(JSON.stringify(operand), '::jsonb')} AND ${type} = 'number')`
                : 'false',
            );
          } else if (typeof operand === 'string') {
            parts.push(
              type
                ? `(${value} ${op} ${this.#bind(JSON.stringify(operand), '::jsonb')} AND ${type} = 'string')`
                : `${value} ${op} ${this.#bind(operand)}`,
            );
          } else {
            throw new Error(`Read store: ${operator} on ${JSON.stringify(path)} takes a number or a string`);
          }
          break;
        }
        case '$contains':
          if (typeof operand !== 'string') {
            throw new Error(`Read store: $contains on ${JSON.stringify(path)} takes a string`);
          }
          // strpos, not LIKE: the needle is matched literally, so % and _ in it need no escaping.
          parts.push(
            `strpos(lower(${text}), ${this.#bind(operand.toLowerCase())}) > 0${type ? ` AND ${type} = 'string'` : ''}`,
          );
          break;
        case '$exists':
          if (typeof operand !== 'boolean') {
            throw new Error(`Read store: $exists on ${JSON.stringify(path)} takes a boolean`);
          }
          parts.push(operand ? `${value} IS NOT NULL` : `${value} IS NULL`);
          break;
      }
    }
    return parts;
  }

  #scalar(path: string, value: unknown): Scalar {
    if (!isScalar(value) || (typeof value === 'number' && !Number.isFinite(value))) {
      throw new Error(`Read store: ${JSON.stringify(path)} compares with strings, numbers, booleans or null only`);
    }
    return value;
  }

  #scalars(path: string, values: unknown): Scalar[] {
    if (!Array.isArray(values)) throw new Error(`Read store: $in/$nin on ${JSON.stringify(path)} takes an array`);
    return values.map((value) => this.#scalar(path, value));
  }

  /** True when the field equals any of `values`; NULL (not false) for a missing field, hence the coalesce above. */
  #in(path: string, values: readonly Scalar[]): string {
    const { value, type } = field(path);
    const parts: string[] = [];
    if (values.includes(null)) parts.push(`${value} IS NULL`);
    const present = values.filter((v) => v !== null);
    if (type === null) {
      // the id column holds strings only
      const strings = present.filter((v): v is string => typeof v === 'string');
      if (strings.length > 0) parts.push(`${value} = ANY (${this.#bind(strings, '::text[]')})`);
    } else if (present.length === 1) {
      parts.push(`${value} = ${this.#bind(JSON.stringify(present[0]), '::jsonb')}`);
    } else if (present.length > 1) {
      parts.push(`${value} IN (${present.map((v) => this.#bind(JSON.stringify(v), '::jsonb')).join(', ')})`);
    }
    if (parts.length === 0) return 'false';
    return parts.length === 1 ? (parts[0] ?? 'false') : `(${parts.join(' OR ')})`;
  }
}

/** `ASC NULLS FIRST` / `DESC NULLS LAST`: null and missing sort first ascending, as on the other adapters. */
function direction(value: 1 | -1): string {
  return value === 1 ? 'ASC NULLS FIRST' : 'DESC NULLS LAST';
}

function orderBy(sort: FindOptions['sort']): string {
  const terms: string[] = [];
  let hasId = false;
  for (const [path, value] of Object.entries(sort ?? {})) {
    if (value !== 1 && value !== -1) throw new Error(`Read store: sort direction of ${path} must be 1 or -1`);
    hasId ||= path === 'id';
    terms.push(`${field(path).value} ${direction(value)}`);
  }
  // Ties broken by id so that skip/limit pages are stable (the other adapters do the same).
  if (!hasId) terms.push('id ASC');
  return terms.join(', ');
}

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

/** Index names are hashed: the readable form can pass PostgreSQL's 63 bytes and truncated names would collide. */
function indexName(collection: string, spec: IndexSpec): string {
  const key = JSON.stringify([collection, Object.entries(spec.fields), spec.unique === true]);
  const digest = createHash('sha256').update(key).digest('hex').slice(0, 16);
  return `${collection.slice(0, 40)}__${digest}`;
}

function lockKey(text: string): string {
  return createHash('sha256').update(text).digest().readBigInt64BE(0).toString();
}

function isUndefinedTable(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === UNDEFINED_TABLE;
}

/** Opens the store: creates its schema and checkpoints table when missing. */
export async function createPostgresReadStore(options: PostgresReadStoreOptions): Promise<ReadStore> {
  const schema = options.schema ?? 'read_models';
  if (!SCHEMA_NAME.test(schema)) throw new Error(`Read store: invalid schema name ${JSON.stringify(schema)}`);
  const pool = new pg.Pool({ connectionString: options.connectionString, max: options.poolSize ?? 5 });
  pool.on('error', () => undefined);
  const pingTimeoutMs = options.pingTimeoutMs ?? 2_000;
  const checkpointsTable = `${quote(schema)}.${CHECKPOINTS_TABLE}`;
  const onConnectionLoss = options.onConnectionLoss ?? warnConnectionLoss;
  let closed = false;

  /** Runs `op` again on another connection when the connection was lost (see CONNECTION_ATTEMPTS). */
  async function retrying<T>(op: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await op();
      } catch (error) {
        if (closed || attempt >= CONNECTION_ATTEMPTS || !isConnectionLoss(error)) throw error;
        const delayMs = connectionRetryDelay(attempt);
        onConnectionLoss({ error, attempt, delayMs });
        await new Promise((resolve) => setTimeout(resolve, delayMs));
      }
    }
  }

  function query<R extends pg.QueryResultRow>(sql: string, params?: readonly unknown[]): Promise<pg.QueryResult<R>> {
    return retrying(() => pool.query<R>(sql, params as unknown[] | undefined));
  }

  function transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    return retrying(async () => {
      const client = await pool.connect();
      // A checked-out client whose connection dies emits 'error' besides failing its query: unheard, it would end
      // the process (a failover during a projection commit did). The failed query carries the error here.
      const ignore = () => undefined;
      client.on('error', ignore);
      let failure: unknown;
      try {
        await client.query('BEGIN');
        const result = await work(client);
        await client.query('COMMIT');
        return result;
      } catch (error) {
        failure = error;
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        // a connection that was lost leaves the pool rather than being handed out again
        client.removeListener('error', ignore);
        client.release(failure !== undefined && isConnectionLoss(failure) ? (failure as Error) : undefined);
      }
    });
  }

  /** DDL from several processes at once: one at a time per schema, or CREATE … IF NOT EXISTS can collide. */
  function ddl(sql: string): Promise<void> {
    return transaction(async (client) => {
      await client.query(`SELECT pg_advisory_xact_lock(${lockKey(`read-store:${schema}`)})`);
      await client.query(sql);
    });
  }

  try {
    await ddl(
      `CREATE SCHEMA IF NOT EXISTS ${quote(schema)};
       CREATE TABLE IF NOT EXISTS ${checkpointsTable} (name text PRIMARY KEY, position bigint NOT NULL)`,
    );
  } catch (error) {
    await pool.end().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Read store: cannot open PostgreSQL at ${redact(options.connectionString)} (${reason})`, {
      cause: error,
    });
  }

  const tables = new Map<string, Promise<void>>();

  const tableName = (name: string): string => `${quote(schema)}.${quote(name)}`;

  /** Creates the collection's table on first use. */
  function table(name: string): Promise<string> {
    assertCollectionName(name, reservedCollection);
    let created = tables.get(name);
    if (!created) {
      created = ddl(
        `CREATE TABLE IF NOT EXISTS ${tableName(name)} (
           id text COLLATE "C" PRIMARY KEY, doc jsonb NOT NULL, position bigint NOT NULL DEFAULT 0)`,
      );
      created.catch(() => tables.delete(name));
      tables.set(name, created);
    }
    return created.then(() => tableName(name));
  }

  /**
   * Runs a statement on a collection's table; when another process dropped the table (a rebuild), it is created
   * again and the statement retried once.
   */
  async function onTable<T>(name: string, run: (table: string) => Promise<T>): Promise<T> {
    const t = await table(name);
    try {
      return await run(t);
    } catch (error) {
      if (!isUndefinedTable(error)) throw error;
      tables.delete(name);
      return run(await table(name));
    }
  }

  function assertOpen(): void {
    if (closed) throw new Error('Read store (PostgreSQL) is closed');
  }

  async function select(name: string, filter: Filter, options: FindOptions): Promise<Doc[]> {
    assertOpen();
    assertCount(options.skip, 'skip');
    assertCount(options.limit, 'limit');
    const translator = new FilterTranslator();
    const where = translator.where(filter);
    const params: SqlValue[] = [...translator.params];
    let tail = '';
    if (options.limit !== undefined) {
      params.push(options.limit);
      tail += ` LIMIT $${params.length}`;
    }
    if (options.skip !== undefined) {
      params.push(options.skip);
      tail += ` OFFSET $${params.length}`;
    }
    const sort = orderBy(options.sort);
    return onTable(name, async (t) => {
      const { rows } = await query<{ doc: Doc }>(`SELECT doc FROM ${t} WHERE ${where} ORDER BY ${sort}${tail}`, params);
      return rows.map((row) => row.doc);
    });
  }

  function assertDocId(doc: Doc): void {
    if (typeof doc.id !== 'string' || doc.id.length === 0) throw new Error('Read store: a document needs a string id');
  }

  /** Writes of one collection: deletes, then upserts, each one statement, each guarded by the position. */
  async function writeGroup(client: pg.PoolClient, t: string, writes: readonly ProjectionWrite[]): Promise<void> {
    const deletes = writes.filter((write) => write.doc === null);
    const upserts = writes.filter((write) => write.doc !== null);
    if (deletes.length > 0) {
      await client.query(
        `DELETE FROM ${t} AS t USING unnest($1::text[], $2::bigint[]) AS d(id, position)
          WHERE t.id = d.id AND t.position < d.position`,
        [deletes.map((write) => write.id), deletes.map((write) => write.position)],
      );
    }
    if (upserts.length > 0) {
      await client.query(
        `INSERT INTO ${t} AS t (id, doc, position)
         SELECT * FROM unnest($1::text[], $2::jsonb[], $3::bigint[])
         ON CONFLICT (id) DO UPDATE SET doc = excluded.doc, position = excluded.position
          WHERE t.position < excluded.position`,
        [
          upserts.map((write) => write.id),
          upserts.map((write) => JSON.stringify(write.doc)),
          upserts.map((write) => write.position),
        ],
      );
    }
  }

  function collection<D extends Doc = Doc>(name: string): Collection<D> {
    assertCollectionName(name, reservedCollection);
    return {
      async get(id) {
        assertOpen();
        return onTable(name, async (t) => {
          const { rows } = await query<{ doc: D }>(`SELECT doc FROM ${t} WHERE id = $1`, [id]);
          return rows[0]?.doc ?? null;
        });
      },
      async getMany(ids) {
        assertOpen();
        if (ids.length === 0) return [];
        const rows = await onTable(name, async (t) => {
          const result = await query<{ id: string; doc: D }>(`SELECT id, doc FROM ${t} WHERE id = ANY ($1::text[])`, [
            [...ids],
          ]);
          return result.rows;
        });
        const byId = new Map(rows.map((row) => [row.id, row.doc]));
        return ids.flatMap((id) => {
          const doc = byId.get(id);
          return doc === undefined ? [] : [doc];
        });
      },
      async upsert(doc) {
        assertOpen();
        assertDocId(doc);
        // Writes outside a projection carry no event position: 0, so any projected event may replace them.
        await onTable(name, (t) =>
          query(
            `INSERT INTO ${t} (id, doc, position) VALUES ($1, $2::jsonb, 0)
             ON CONFLICT (id) DO UPDATE SET doc = excluded.doc, position = 0`,
            [doc.id, JSON.stringify(doc)],
          ),
        );
      },
      async delete(id) {
        assertOpen();
        await onTable(name, (t) => query(`DELETE FROM ${t} WHERE id = $1`, [id]));
      },
      async find(filter = {}, options = {}) {
        return (await select(name, filter, options)) as D[];
      },
      async count(filter = {}) {
        assertOpen();
        const translator = new FilterTranslator();
        const where = translator.where(filter);
        return onTable(name, async (t) => {
          const { rows } = await query<{ count: string }>(
            `SELECT count(*) AS count FROM ${t} WHERE ${where}`,
            translator.params,
          );
          return Number(rows[0]?.count ?? 0);
        });
      },
    };
  }

  /** Several projectors' guarded writes and all their checkpoints in one transaction (see the port). */
  async function commitProjections({ checkpoints: saved, writes: all }: ProjectionCommit): Promise<void> {
    assertOpen();
    for (const { checkpoint } of saved) assertPosition(checkpoint, 'checkpoint');
    for (const write of all) {
      assertPosition(write.position, 'position');
      if (write.doc !== null && write.doc.id !== write.id) {
        throw new Error(`Read store: write for ${write.id} carries a document with id ${String(write.doc.id)}`);
      }
    }
    const byCollection = new Map<string, ProjectionWrite[]>();
    for (const write of latestWrites(all)) {
      const group = byCollection.get(write.collection) ?? [];
      group.push(write);
      byCollection.set(write.collection, group);
    }
    // Tables are created outside the transaction (their DDL takes its own lock).
    const targets = await Promise.all([...byCollection.keys()].map((name) => table(name)));
    const commit = (): Promise<void> =>
      transaction(async (client) => {
        let index = 0;
        for (const writes of byCollection.values()) {
          const t = targets[index];
          index += 1;
          if (t) await writeGroup(client, t, writes);
        }
        // a late batch (another runner, a replay) never moves a checkpoint back
        for (const { projector, checkpoint } of saved) {
          await client.query(
            `INSERT INTO ${checkpointsTable} AS c (name, position) VALUES ($1, $2)
             ON CONFLICT (name) DO UPDATE SET position = excluded.position WHERE c.position < excluded.position`,
            [projector, checkpoint],
          );
        }
      });
    try {
      await commit();
    } catch (error) {
      if (!isUndefinedTable(error)) throw error;
      // A rebuild in another process dropped one of the tables: create them again and retry once.
      for (const name of byCollection.keys()) tables.delete(name);
      await Promise.all([...byCollection.keys()].map((name) => table(name)));
      await commit();
    }
  }

  return {
    collection,

    async ensureIndexes(name, indexes) {
      assertOpen();
      const t = await table(name);
      for (const spec of indexes) {
        const entries = Object.entries(spec.fields);
        if (entries.length === 0) throw new Error(`Read store: an index on ${name} needs at least one field`);
        const columns = entries.map(([path, value]) => {
          const expression = field(path).value;
          return `${path === 'id' ? expression : `(${expression})`} ${direction(value === -1 ? -1 : 1)}`;
        });
        await ddl(
          `CREATE ${spec.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ${quote(indexName(name, spec))}
           ON ${t} (${columns.join(', ')})`,
        );
      }
    },

    async dropCollection(name) {
      assertOpen();
      assertCollectionName(name, reservedCollection);
      tables.delete(name);
      await ddl(`DROP TABLE IF EXISTS ${tableName(name)}`);
    },

    async getForProjection(name, id) {
      assertOpen();
      return onTable(name, async (t) => {
        const { rows } = await query<{ doc: Doc; position: string }>(`SELECT doc, position FROM ${t} WHERE id = $1`, [
          id,
        ]);
        const row = rows[0];
        return row ? { doc: row.doc, position: Number(row.position) } : null;
      });
    },

    async loadForProjection(name, ids) {
      assertOpen();
      const found = new Map<string, { doc: Doc; position: number }>();
      if (ids.length === 0) return found;
      try {
        const { rows } = await query<{ id: string; doc: Doc; position: string }>(
          `SELECT id, doc, position FROM ${tableName(name)} WHERE id = ANY($1::text[])`,
          [[...ids]],
        );
        for (const row of rows) found.set(row.id, { doc: row.doc, position: Number(row.position) });
      } catch (error) {
        // A collection not made yet holds nothing.
        if (!isUndefinedTable(error)) throw error;
      }
      return found;
    },

    async commitProjection(batch: ProjectionBatch) {
      await commitProjections({
        checkpoints: [{ projector: batch.projector, checkpoint: batch.checkpoint }],
        writes: batch.writes,
      });
    },

    commitProjections,

    async getCheckpoint(name) {
      assertOpen();
      const { rows } = await query<{ position: string }>(`SELECT position FROM ${checkpointsTable} WHERE name = $1`, [
        name,
      ]);
      const row = rows[0];
      return row ? Number(row.position) : null;
    },

    async saveCheckpoint(name, position) {
      assertOpen();
      assertPosition(position, 'checkpoint');
      await query(
        `INSERT INTO ${checkpointsTable} (name, position) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET position = excluded.position`,
        [name, position],
      );
    },

    async deleteCheckpoint(name) {
      assertOpen();
      await query(`DELETE FROM ${checkpointsTable} WHERE name = $1`, [name]);
    },

    async ping() {
      assertOpen();
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`Read store (PostgreSQL) did not answer within ${pingTimeoutMs} ms`)),
          pingTimeoutMs,
        );
      });
      try {
        await Promise.race([pool.query('SELECT 1'), deadline]);
      } finally {
        clearTimeout(timer);
      }
    },

    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** Connection strings may carry credentials; messages show them without. */
function redact(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}
