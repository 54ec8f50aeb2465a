/**
 * The embedded read store: one SQLite file, one table per collection (`id`, `doc` as JSON text, `position` of the
 * last event applied) and a `checkpoints` table. Filters become `json_extract` expressions with bound values;
 * `ensureIndexes` creates expression indexes on exactly those expressions, so the planner can use them.
 *
 * Durability: WAL with `synchronous=NORMAL`. A power cut may lose the last few commits but never corrupts the
 * file, and a projector's docs and its checkpoint commit in one transaction, so whatever is lost is lost together
 * and the projector simply replays those events from the older checkpoint. Read models are rebuildable from the
 * log; the event store, which is not, keeps `synchronous=FULL`.
 */
import { mkdirSync } from 'node:fs';
import { preparePrivateSqliteFile, restrictSqliteCompanions } from '../fs/private-file.ts';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
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

type SqlValue = string | number | null;
type Statement<Params extends unknown[], Result = unknown> = Database.Statement<Params, Result>;

const CHECKPOINTS_TABLE = 'checkpoints';
/** Registered JS function: SQLite's own lower() folds ASCII only, and lists search accented place names too. */
const FOLD_FUNCTION = 'read_store_fold';
const QUERY_CACHE_LIMIT = 500;

const RANGE_SQL = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;

/** A field kept as a column: a top-level name (it becomes part of a column's name) */
const COLUMN_FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** What a column holds of a document's field: strings, finite numbers and null (missing) only. */
function columnValue(collection: string, column: string, value: unknown): SqlValue {
  if (value === undefined || value === null || typeof value === 'string') return value ?? null;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw new Error(
    `Read store: ${collection}.${column} is kept as a column and holds strings, numbers or null, not ${JSON.stringify(value)}`,
  );
}

const reservedCollection = (name: string) => name === CHECKPOINTS_TABLE || /^sqlite_/i.test(name);

/** The column a top-level field declared with `declareColumns` is kept in, beside the document. */
const columnOf = (name: string) => `"field_${name}"`;
const COLUMN_PREFIX = 'field_';

/**
 * The SQL for one field: `id` is a column, a field kept as a column (declareColumns) is that column, everything
 * else a path into the JSON document. A column's `typeof` answers as json_type does for the strings, numbers and
 * nulls it may hold ('text', 'integer', 'real', 'null'), so the comparisons below are the same for both.
 */
function field(path: string, columns: ReadonlySet<string>): { value: string; type: string | null } {
  assertFieldPath(path);
  if (path === 'id') return { value: 'id', type: null };
  if (columns.has(path)) return { value: columnOf(path), type: `typeof(${columnOf(path)})` };
  return { value: `json_extract(doc, '$.${path}')`, type: `json_type(doc, '$.${path}')` };
}

/**
 * Translates the port's Filter to a WHERE clause, pushing every value onto `params` in placeholder order.
 * Comparisons are type-bracketed like MongoDB's: json_extract returns 1/0 for JSON booleans and JSON text for
 * objects, so each comparison also checks json_type (a number never equals a boolean, a range on strings never
 * matches numbers). Missing and null are the same (json_extract gives NULL for both), and `$ne`/`$nin` match them.
 */
class FilterTranslator {
  readonly params: SqlValue[] = [];

  constructor(private readonly columns: ReadonlySet<string>) {}

  where(filter: Filter): string {
    const parts: string[] = [];
    for (const [key, value] of Object.entries(filter)) {
      if (value === undefined) continue;
      if (key === '$or') {
        if (!Array.isArray(value)) throw new Error('Read store: $or takes an array of filters');
        parts.push(this.or(value as readonly Filter[]));
      } else if (isScalar(value)) {
        parts.push(this.in(key, [value]));
      } else if (Array.isArray(value)) {
        throw new Error(`Read store: field ${JSON.stringify(key)} takes a value or a condition, not an array`);
      } else {
        parts.push(...this.condition(key, value as FieldCondition));
      }
    }
    return parts.length === 0 ? '1' : parts.join(' AND ');
  }

  private or(filters: readonly Filter[]): string {
    if (filters.length === 0) return '0';
    return `(${filters.map((filter) => `(${this.where(filter)})`).join(' OR ')})`;
  }

  private condition(path: string, condition: FieldCondition): string[] {
    const { value, type } = field(path, this.columns);
    const parts: string[] = [];
    for (const [operator, operand] of Object.entries(condition)) {
      if (operand === undefined) continue;
      if (!OPERATORS.has(operator as keyof FieldCondition)) {
        throw new Error(`Read store: unknown operator ${JSON.stringify(operator)} on ${JSON.stringify(path)}`);
      }
      switch (operator as keyof FieldCondition) {
        case '$eq':
          parts.push(this.in(path, [this.scalar(path, operand)]));
          break;
        case '$ne':
          parts.push(`NOT coalesce(${this.in(path, [this.scalar(path, operand)])}, 0)`);
          break;
        case '$in':
          parts.push(this.in(path, this.scalars(path, operand)));
          break;
        case '$nin':
          parts.push(`NOT coalesce(${this.in(path, this.scalars(path, operand))}, 0)`);
          break;
        case '$gt':
        case '$gte':
        case '$lt':
        case '$lte': {
          const op = RANGE_SQL[operator as keyof typeof RANGE_SQL];
          if (typeof operand === 'number' && Number.isFinite(operand)) {
            this.params.push(operand);
            parts.push(type ? `(${value} ${op} ? AND ${type} IN ('integer', 'real'))` : '0');
          } else if (typeof operand === 'string') {
            this.params.push(operand);
            parts.push(type ? `(${value} ${op} ? AND ${type} = 'text')` : `${value} ${op} ?`);
          } else {
            throw new Error(`Read store: ${operator} on ${JSON.stringify(path)} takes a number or a string`);
          }
          break;
        }
        case '$contains':
          if (typeof operand !== 'string') {
            throw new Error(`Read store: $contains on ${JSON.stringify(path)} takes a string`);
          }
          // instr, not LIKE: the needle is matched literally, so % and _ in it need no escaping.
          this.params.push(operand.toLowerCase());
          // The type test keeps objects and arrays (which json_extract returns as JSON text) out.
          parts.push(`instr(${FOLD_FUNCTION}(${value}), ?) > 0${type ? ` AND ${type} = 'text'` : ''}`);
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

  private scalar(path: string, value: unknown): Scalar {
    if (!isScalar(value) || (typeof value === 'number' && !Number.isFinite(value))) {
      throw new Error(`Read store: ${JSON.stringify(path)} compares with strings, numbers, booleans or null only`);
    }
    return value;
  }

  private scalars(path: string, values: unknown): Scalar[] {
    if (!Array.isArray(values)) throw new Error(`Read store: $in/$nin on ${JSON.stringify(path)} takes an array`);
    return values.map((value) => this.scalar(path, value));
  }

  /** True when the field equals any of `values`; NULL (not false) for a missing field, hence the coalesce above. */
  private in(path: string, values: readonly Scalar[]): string {
    const { value, type } = field(path, this.columns);
    const strings = values.filter((v): v is string => typeof v === 'string');
    const numbers = values.filter((v): v is number => typeof v === 'number');
    const parts: string[] = [];
    if (values.includes(null)) parts.push(`${value} IS NULL`);
    const list = (items: readonly SqlValue[]): string => {
      this.params.push(...items);
      return items.length === 1 ? `${value} = ?` : `${value} IN (${items.map(() => '?').join(', ')})`;
    };
    if (strings.length > 0) parts.push(type ? `(${list(strings)} AND ${type} = 'text')` : list(strings));
    if (numbers.length > 0) parts.push(type ? `(${list(numbers)} AND ${type} IN ('integer', 'real'))` : '0');
    // The value test lets an index on json_extract serve the lookup; the type test tells true from 1.
    if (values.includes(true)) parts.push(type ? `(${value} = 1 AND ${type} = 'true')` : '0');
    if (values.includes(false)) parts.push(type ? `(${value} = 0 AND ${type} = 'false')` : '0');
    if (parts.length === 0) return '0';
    return parts.length === 1 ? (parts[0] ?? '0') : `(${parts.join(' OR ')})`;
  }
}

function orderBy(sort: FindOptions['sort'], columns: ReadonlySet<string>): string {
  const terms: string[] = [];
  let hasId = false;
  for (const [path, direction] of Object.entries(sort ?? {})) {
    if (direction !== 1 && direction !== -1) throw new Error(`Read store: sort direction of ${path} must be 1 or -1`);
    hasId ||= path === 'id';
    terms.push(`${field(path, columns).value} ${direction === 1 ? 'ASC' : 'DESC'}`);
  }
  // Ties broken by id so that skip/limit pages are stable (the MongoDB adapter does the same with _id).
  if (!hasId) terms.push('id ASC');
  return terms.join(', ');
}

function quote(identifier: string): string {
  return `"${identifier}"`;
}

function indexName(collection: string, spec: IndexSpec): string {
  const fields = Object.entries(spec.fields).map(([path, direction]) => `${path.replaceAll('.', '_')}_${direction}`);
  return `${collection}__${fields.join('__')}${spec.unique ? '__unique' : ''}`;
}

/**
 * Per-collection statements, prepared once: projector batches run them thousands of times. The upserts take the
 * values of the table's field columns after `id`, `doc` and `position` (or after `id` and `doc`), in `columns`' order.
 */
type TableStatements = {
  /** the fields kept as columns (declareColumns), as the table has them */
  columns: readonly string[];
  columnSet: ReadonlySet<string>;
  get: Statement<[string], { doc: string; position: number }>;
  position: Statement<[string], number>;
  getMany: Statement<[string], { id: string; doc: string }>;
  getManyForProjection: Statement<[string], { id: string; doc: string; position: number }>;
  upsert: Statement<SqlValue[]>;
  delete: Statement<[string]>;
  upsertGuarded: Statement<SqlValue[]>;
  deleteGuarded: Statement<[string, number]>;
};

function openDatabase(path: string, scratch: boolean): Database.Database {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  let db: Database.Database | undefined;
  try {
    // Personal data (users, messages): readable by this account only (0600), its WAL and shared-memory files too.
    preparePrivateSqliteFile(path);
    db = new Database(path);
    if (scratch) {
      // A rebuild's own new file, never the live one: no journal and no syncs (a crash loses a file that is thrown
      // away anyway), held by this connection alone, and a larger page cache.
      db.pragma('locking_mode = EXCLUSIVE');
      db.pragma('journal_mode = OFF');
      db.pragma('synchronous = OFF');
      db.pragma(`cache_size = -${SCRATCH_CACHE_KIB}`);
    } else {
      db.pragma('journal_mode = WAL');
      restrictSqliteCompanions(path);
      db.pragma('synchronous = NORMAL');
      db.pragma('cache_size = -16000');
    }
    db.exec(`CREATE TABLE IF NOT EXISTS ${CHECKPOINTS_TABLE} (name TEXT PRIMARY KEY, position INTEGER NOT NULL)`);
    return db;
  } catch (error) {
    db?.close();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Read store: cannot use ${path} as a SQLite database (${reason})`, { cause: error });
  }
}

/** page cache of a rebuild's scratch file, in KiB */
const SCRATCH_CACHE_KIB = 16 * 1024;

export type SqliteReadStoreOptions = {
  path: string;
  /**
   * A new file of a rebuild's own (see sqlite-rebuild-copy.ts), written without journal or syncs and locked to this
   * connection; the rebuilt collections are copied into the live store when it is done. Never the live file.
   */
  scratch?: boolean;
};

export function createSqliteReadStore(options: SqliteReadStoreOptions): ReadStore {
  const scratch = options.scratch ?? false;
  const db = openDatabase(options.path, scratch);
  db.function(FOLD_FUNCTION, { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? value.toLowerCase() : null,
  );

  const tables = new Map<string, TableStatements>();
  const queries = new Map<string, Statement<SqlValue[]>>();

  const checkpoints = {
    get: db.prepare<[string], number>(`SELECT position FROM ${CHECKPOINTS_TABLE} WHERE name = ?`).pluck(),
    save: db.prepare<[string, number]>(
      `INSERT INTO ${CHECKPOINTS_TABLE} (name, position) VALUES (?, ?)
       ON CONFLICT (name) DO UPDATE SET position = excluded.position`,
    ),
    /** a projector's batch never moves its checkpoint back (a late or replayed batch from another runner) */
    advance: db.prepare<[string, number]>(
      `INSERT INTO ${CHECKPOINTS_TABLE} (name, position) VALUES (?, ?)
       ON CONFLICT (name) DO UPDATE SET position = excluded.position WHERE excluded.position > position`,
    ),
    delete: db.prepare<[string]>(`DELETE FROM ${CHECKPOINTS_TABLE} WHERE name = ?`),
  };

  /** Fields each collection keeps as columns (declareColumns): the columns its table is created with. */
  const declared = new Map<string, readonly string[]>();
  const schemaVersion = db.prepare<[], number>('PRAGMA schema_version').pluck();
  let knownSchema = schemaVersion.get();

  /**
   * Another connection may have changed a table (a rebuild's copy, a migration to columns): the statements SQLite
   * prepares again by itself, but which fields are columns is ours to learn again.
   */
  function forgetStaleTables(): void {
    const version = schemaVersion.get();
    if (version === knownSchema) return;
    knownSchema = version;
    tables.clear();
    queries.clear();
  }

  /** Creates the collection's table on first use and prepares its statements. */
  function table(name: string): TableStatements {
    const known = tables.get(name);
    if (known) return known;
    assertCollectionName(name, reservedCollection);
    const t = quote(name);
    const wanted = (declared.get(name) ?? []).map((column) => `, ${columnOf(column)}`).join('');
    db.exec(
      `CREATE TABLE IF NOT EXISTS ${t} (id TEXT PRIMARY KEY, doc TEXT NOT NULL, position INTEGER NOT NULL DEFAULT 0${wanted})`,
    );
    // What the table has, whoever made it: a process that declared nothing still writes and reads the columns.
    const columns = db
      .prepare<[], { name: string }>(`SELECT name FROM pragma_table_info('${name}')`)
      .all()
      .map((row) => row.name)
      .filter((column) => column.startsWith(COLUMN_PREFIX))
      .map((column) => column.slice(COLUMN_PREFIX.length));
    const list = columns.map((column) => `, ${columnOf(column)}`).join('');
    const marks = columns.map(() => ', ?').join('');
    const set = columns.map((column) => `, ${columnOf(column)} = excluded.${columnOf(column)}`).join('');
    const statements: TableStatements = {
      columns,
      columnSet: new Set(columns),
      get: db.prepare(`SELECT doc, position FROM ${t} WHERE id = ?`),
      position: db.prepare<[string], number>(`SELECT position FROM ${t} WHERE id = ?`).pluck(),
      getMany: db.prepare(`SELECT id, doc FROM ${t} WHERE id IN (SELECT value FROM json_each(?))`),
      getManyForProjection: db.prepare(
        `SELECT id, doc, position FROM ${t} WHERE id IN (SELECT value FROM json_each(?))`,
      ),
      // Writes outside a projection carry no event position: 0, so any projected event may replace them.
      upsert: db.prepare<SqlValue[]>(
        `INSERT INTO ${t} (id, doc, position${list}) VALUES (?, ?, 0${marks})
         ON CONFLICT (id) DO UPDATE SET doc = excluded.doc, position = 0${set}`,
      ),
      delete: db.prepare(`DELETE FROM ${t} WHERE id = ?`),
      // A projected write lands only over an older state: replaying events changes nothing.
      upsertGuarded: db.prepare<SqlValue[]>(
        `INSERT INTO ${t} (id, doc, position${list}) VALUES (?, ?, ?${marks})
         ON CONFLICT (id) DO UPDATE SET doc = excluded.doc, position = excluded.position${set}
         WHERE position < excluded.position`,
      ),
      deleteGuarded: db.prepare(`DELETE FROM ${t} WHERE id = ? AND position < ?`),
    };
    tables.set(name, statements);
    return statements;
  }

  /** The row's values: id, document, position (when guarded), then each column's field, as upsert statements take. */
  function rowOf(statements: TableStatements, name: string, doc: Doc, position: number | null): SqlValue[] {
    const row: SqlValue[] = position === null ? [doc.id, JSON.stringify(doc)] : [doc.id, JSON.stringify(doc), position];
    for (const column of statements.columns) row.push(columnValue(name, column, doc[column]));
    return row;
  }

  /** Dynamic queries are cached by their SQL text; values are always bound, so the text repeats. */
  function query(sql: string): Statement<SqlValue[]> {
    const cached = queries.get(sql);
    if (cached) return cached;
    const statement = db.prepare<SqlValue[]>(sql);
    if (queries.size >= QUERY_CACHE_LIMIT) {
      const oldest = queries.keys().next();
      if (!oldest.done) queries.delete(oldest.value);
    }
    queries.set(sql, statement);
    return statement;
  }

  function select(name: string, filter: Filter, options: FindOptions): string[] {
    forgetStaleTables();
    const { columnSet } = table(name);
    assertCount(options.skip, 'skip');
    assertCount(options.limit, 'limit');
    const translator = new FilterTranslator(columnSet);
    const where = translator.where(filter);
    const params = [...translator.params];
    let sql = `SELECT doc FROM ${quote(name)} WHERE ${where} ORDER BY ${orderBy(options.sort, columnSet)}`;
    if (options.limit !== undefined || options.skip !== undefined) {
      sql += ' LIMIT ? OFFSET ?';
      params.push(options.limit ?? -1, options.skip ?? 0);
    }
    return query(sql)
      .pluck()
      .all(...params) as string[];
  }

  function assertDocId(doc: Doc): void {
    if (typeof doc.id !== 'string' || doc.id.length === 0) throw new Error('Read store: a document needs a string id');
  }

  const commit = db.transaction((saved: ProjectionCommit['checkpoints'], writes: readonly ProjectionWrite[]) => {
    for (const write of writes) {
      const statements = table(write.collection);
      if (write.doc === null) statements.deleteGuarded.run(write.id, write.position);
      else if (statements.columns.length === 0)
        statements.upsertGuarded.run(write.id, JSON.stringify(write.doc), write.position);
      else statements.upsertGuarded.run(...rowOf(statements, write.collection, write.doc, write.position));
    }
    for (const { projector, checkpoint } of saved) checkpoints.advance.run(projector, checkpoint);
  });

  function commitChecked(saved: ProjectionCommit['checkpoints'], writes: readonly ProjectionWrite[]): void {
    forgetStaleTables();
    for (const { checkpoint } of saved) assertPosition(checkpoint, 'checkpoint');
    for (const write of writes) {
      assertPosition(write.position, 'position');
      if (write.doc !== null && write.doc.id !== write.id) {
        throw new Error(`Read store: write for ${write.id} carries a document with id ${String(write.doc.id)}`);
      }
      // Tables are created outside the transaction: a rollback would undo the table but not our cache of it.
      table(write.collection);
    }
    commit.immediate(saved, latestWrites(writes));
  }

  function collection<D extends Doc = Doc>(name: string): Collection<D> {
    assertCollectionName(name, reservedCollection);
    return {
      async get(id) {
        const row = table(name).get.get(id);
        return row ? (JSON.parse(row.doc) as D) : null;
      },
      async getMany(ids) {
        if (ids.length === 0) return [];
        const rows = table(name).getMany.all(JSON.stringify(ids));
        const byId = new Map(rows.map((row) => [row.id, row.doc]));
        return ids.flatMap((id) => {
          const doc = byId.get(id);
          return doc === undefined ? [] : [JSON.parse(doc) as D];
        });
      },
      async upsert(doc) {
        assertDocId(doc);
        forgetStaleTables();
        const statements = table(name);
        statements.upsert.run(...rowOf(statements, name, doc, null));
      },
      async delete(id) {
        table(name).delete.run(id);
      },
      async find(filter = {}, options = {}) {
        return select(name, filter, options).map((doc) => JSON.parse(doc) as D);
      },
      async count(filter = {}) {
        forgetStaleTables();
        const translator = new FilterTranslator(table(name).columnSet);
        const sql = `SELECT count(*) FROM ${quote(name)} WHERE ${translator.where(filter)}`;
        return query(sql)
          .pluck()
          .get(...translator.params) as number;
      },
    };
  }

  return {
    collection,

    async ensureIndexes(name, indexes) {
      forgetStaleTables();
      const { columnSet } = table(name);
      for (const spec of indexes) {
        const entries = Object.entries(spec.fields);
        if (entries.length === 0) throw new Error(`Read store: an index on ${name} needs at least one field`);
        const columns = entries.map(
          ([path, direction]) => `${field(path, columnSet).value} ${direction === -1 ? 'DESC' : 'ASC'}`,
        );
        db.exec(
          `CREATE ${spec.unique ? 'UNIQUE ' : ''}INDEX IF NOT EXISTS ${quote(indexName(name, spec))}
           ON ${quote(name)} (${columns.join(', ')})`,
        );
      }
    },

    async declareColumns(name, fields) {
      assertCollectionName(name, reservedCollection);
      for (const column of fields) {
        if (!COLUMN_FIELD.test(column))
          throw new Error(`Read store: a column is a top-level field, not ${JSON.stringify(column)}`);
      }
      declared.set(name, [...new Set([...(declared.get(name) ?? []), ...fields])]);
      forgetStaleTables();
      const have = table(name).columnSet;
      const missing = fields.filter((column) => !have.has(column));
      if (missing.length === 0) return;
      // A table made before its fields were columns: the columns are added and filled from the documents in one
      // pass, and the indexes on those fields' JSON paths dropped (the owner's ensureIndexes makes them again, on the
      // columns; their names are the same, so IF NOT EXISTS would keep the old ones).
      const t = quote(name);
      db.transaction(() => {
        for (const column of missing) db.exec(`ALTER TABLE ${t} ADD COLUMN ${columnOf(column)}`);
        const fill = missing.map(
          (column) =>
            `${columnOf(column)} = CASE WHEN json_type(doc, '$.${column}') IN ('text', 'integer', 'real')
             THEN json_extract(doc, '$.${column}') END`,
        );
        db.exec(`UPDATE ${t} SET ${fill.join(', ')}`);
        const indexes = db
          .prepare<[string], { name: string; sql: string }>(
            `SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL`,
          )
          .all(name);
        for (const index of indexes) {
          if (missing.some((column) => index.sql.includes(`json_extract(doc, '$.${column}')`)))
            db.exec(`DROP INDEX ${quote(index.name)}`);
        }
      }).immediate();
      tables.delete(name);
      queries.clear();
      knownSchema = schemaVersion.get();
    },

    async dropCollection(name) {
      assertCollectionName(name, reservedCollection);
      db.exec(`DROP TABLE IF EXISTS ${quote(name)}`);
      tables.delete(name);
      // Cached queries may name the dropped table; they are cheap to prepare again.
      queries.clear();
    },

    async getForProjection(name, id) {
      const row = table(name).get.get(id);
      return row ? { doc: JSON.parse(row.doc) as Doc, position: row.position } : null;
    },

    async positionOf(name, id) {
      return table(name).position.get(id) ?? null;
    },

    async commitProjection(batch: ProjectionBatch) {
      commitChecked([{ projector: batch.projector, checkpoint: batch.checkpoint }], batch.writes);
    },

    async loadForProjection(name, ids) {
      const found = new Map<string, { doc: Doc; position: number }>();
      if (ids.length === 0) return found;
      const rows = table(name).getManyForProjection.all(JSON.stringify(ids));
      for (const row of rows) found.set(row.id, { doc: JSON.parse(row.doc) as Doc, position: row.position });
      return found;
    },

    async commitProjections({ checkpoints: saved, writes }) {
      commitChecked(saved, writes);
    },

    async beginBulkWrites() {
      if (scratch) return;
      db.pragma('synchronous = OFF');
      // the log copied into the file in fewer, larger steps; index builds sort on a second thread
      db.pragma('wal_autocheckpoint = 10000');
      db.pragma('threads = 2');
    },

    async endBulkWrites() {
      if (scratch) return;
      db.pragma('synchronous = NORMAL');
      db.pragma('wal_autocheckpoint = 1000');
      db.pragma('threads = 0');
      // everything into the database file and synced, the log emptied
      db.pragma('wal_checkpoint(TRUNCATE)');
    },

    async getCheckpoint(name) {
      return checkpoints.get.get(name) ?? null;
    },

    async saveCheckpoint(name, position) {
      assertPosition(position, 'checkpoint');
      checkpoints.save.run(name, position);
    },

    async deleteCheckpoint(name) {
      checkpoints.delete.run(name);
    },

    async ping() {
      db.prepare('SELECT 1').get();
    },

    async close() {
      if (db.open) db.close();
    },
  };
}
