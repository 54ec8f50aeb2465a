/**
 * The scale-out read store on MongoDB (with `lease/mongodb-lease-store.ts`, the only modules that import the driver:
 * one adapter file per port). A document is stored with
 * `_id` = its id and `_position` = the position of the last event applied to it; reads turn both back into `id`.
 * Checkpoints live in `_checkpoints`.
 *
 * The factory connects before it returns, so a wrong URL fails when the process starts, not on the first query.
 */
import { MongoBulkWriteError, MongoClient, MongoServerError } from 'mongodb';
import type { AnyBulkWriteOperation, Collection as MongoCollection, Document, Sort } from 'mongodb';
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
  ProjectionCommit,
  ProjectionWrite,
  ReadStore,
  Scalar,
} from './read-store.ts';

type StoredDoc = { _id: string; _position?: number } & Document;
type CheckpointDoc = { _id: string; position: number };

/** The same rules as the SQLite adapter, so a filter valid on one engine is valid on the other. */
const RESERVED_COLLECTIONS = new Set(['checkpoints']);
const CHECKPOINTS = '_checkpoints';
const RESERVED_FIELDS = ['_id', '_position'] as const;

const reservedCollection = (name: string) => RESERVED_COLLECTIONS.has(name);

function scalar(path: string, value: unknown): Scalar {
  if (!isScalar(value) || (typeof value === 'number' && !Number.isFinite(value))) {
    throw new Error(`Read store: ${JSON.stringify(path)} compares with strings, numbers, booleans or null only`);
  }
  return value;
}

function scalars(path: string, values: unknown): Scalar[] {
  if (!Array.isArray(values)) throw new Error(`Read store: $in/$nin on ${JSON.stringify(path)} takes an array`);
  return values.map((value) => scalar(path, value));
}

function mongoField(path: string): string {
  assertFieldPath(path);
  return path === 'id' ? '_id' : path;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function allOf(clauses: Document[]): Document {
  if (clauses.length === 0) return {};
  if (clauses.length === 1) return clauses[0] ?? {};
  return { $and: clauses };
}

/**
 * Translates the port's Filter. MongoDB already treats null as "null or missing" and lets `$ne`/`$nin` match
 * missing fields, and brackets comparisons by type; the port's `$exists` means "present and not null", hence
 * `$ne: null`. Each operator becomes its own clause so two of them on one field never collide.
 */
function toMongoFilter(filter: Filter): Document {
  const clauses: Document[] = [];
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined) continue;
    if (key === '$or') {
      if (!Array.isArray(value)) throw new Error('Read store: $or takes an array of filters');
      const filters = value as readonly Filter[];
      // MongoDB refuses an empty $or; "any of none" matches nothing.
      clauses.push(filters.length === 0 ? { _id: { $in: [] } } : { $or: filters.map(toMongoFilter) });
    } else if (isScalar(value)) {
      clauses.push({ [mongoField(key)]: { $eq: scalar(key, value) } });
    } else if (Array.isArray(value)) {
      throw new Error(`Read store: field ${JSON.stringify(key)} takes a value or a condition, not an array`);
    } else {
      clauses.push(...conditionClauses(key, value as FieldCondition));
    }
  }
  return allOf(clauses);
}

function conditionClauses(path: string, condition: FieldCondition): Document[] {
  const name = mongoField(path);
  const clauses: Document[] = [];
  for (const [operator, operand] of Object.entries(condition)) {
    if (operand === undefined) continue;
    if (!OPERATORS.has(operator as keyof FieldCondition)) {
      throw new Error(`Read store: unknown operator ${JSON.stringify(operator)} on ${JSON.stringify(path)}`);
    }
    switch (operator as keyof FieldCondition) {
      case '$eq':
      case '$ne':
        clauses.push({ [name]: { [operator]: scalar(path, operand) } });
        break;
      case '$in':
      case '$nin':
        clauses.push({ [name]: { [operator]: scalars(path, operand) } });
        break;
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte':
        if (!(typeof operand === 'string' || (typeof operand === 'number' && Number.isFinite(operand)))) {
          throw new Error(`Read store: ${operator} on ${JSON.stringify(path)} takes a number or a string`);
        }
        clauses.push({ [name]: { [operator]: operand } });
        break;
      case '$contains':
        if (typeof operand !== 'string')
          throw new Error(`Read store: $contains on ${JSON.stringify(path)} takes a string`);
        clauses.push({ [name]: { $regex: escapeRegex(operand), $options: 'i' } });
        break;
      case '$exists':
        if (typeof operand !== 'boolean')
          throw new Error(`Read store: $exists on ${JSON.stringify(path)} takes a boolean`);
        clauses.push({ [name]: operand ? { $ne: null } : { $eq: null } });
        break;
    }
  }
  return clauses;
}

function toMongoSort(sort: FindOptions['sort']): Sort {
  const result: Record<string, 1 | -1> = {};
  for (const [path, direction] of Object.entries(sort ?? {})) {
    if (direction !== 1 && direction !== -1) throw new Error(`Read store: sort direction of ${path} must be 1 or -1`);
    result[mongoField(path)] = direction;
  }
  // Ties broken by _id so that skip/limit pages are stable (the SQLite adapter does the same with id).
  if (!('_id' in result)) result._id = 1;
  return result;
}

function toStored(doc: Doc, position: number): StoredDoc {
  const { id, ...rest } = doc;
  for (const reserved of RESERVED_FIELDS) {
    if (reserved in rest) throw new Error(`Read store: document ${id} uses the reserved field ${reserved}`);
  }
  return { _id: id, ...rest, _position: position };
}

function fromStored(stored: StoredDoc): Doc {
  const { _id, _position, ...rest } = stored;
  return { id: _id, ...rest };
}

function idGuard(id: string, position: number): Document {
  return { _id: id, $or: [{ _position: { $lt: position } }, { _position: { $exists: false } }] };
}

/**
 * True when every failed write of a batch is a guarded upsert that found a newer version: its filter missed, so
 * MongoDB tried to insert and hit the `_id` index. A duplicate on any other (unique) index is a real error.
 */
function onlyNewerVersionsPresent(error: unknown): boolean {
  if (!(error instanceof MongoBulkWriteError)) return false;
  // A write-concern failure travels with the write errors; it is never harmless.
  if (error.err !== undefined || error.result.getWriteConcernError() !== undefined) return false;
  const writeErrors = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];
  return (
    writeErrors.length > 0 &&
    writeErrors.every((writeError) => writeError.code === 11000 && / index: _id_ /.test(writeError.errmsg ?? ''))
  );
}

/** The indexes, in its batch, of the writes a bulk write refused as duplicates. */
function duplicateWriteIndexes(error: unknown): number[] {
  if (!(error instanceof MongoBulkWriteError)) return [];
  const writeErrors = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];
  return writeErrors.filter((writeError) => writeError.code === 11000).map((writeError) => writeError.index);
}

export async function createMongoReadStore(options: { url: string; database: string }): Promise<ReadStore> {
  // ignoreUndefined: an undefined field is absent, as it is after JSON.stringify in the SQLite adapter.
  const client = new MongoClient(options.url, { ignoreUndefined: true });
  await client.connect();
  const db = client.db(options.database);
  const checkpoints = db.collection<CheckpointDoc>(CHECKPOINTS);

  /**
   * Guarded writes (each lands only over an older position), then the checkpoints: a crash in between replays the
   * batch, which the guards make harmless. MongoDB has no cheap multi-collection transaction outside a replica set.
   */
  async function commitGuarded(
    saved: ProjectionCommit['checkpoints'],
    writes: readonly ProjectionWrite[],
  ): Promise<void> {
    for (const { checkpoint } of saved) assertPosition(checkpoint, 'checkpoint');
    const byCollection = new Map<string, AnyBulkWriteOperation<StoredDoc>[]>();
    for (const write of writes) {
      assertPosition(write.position, 'position');
      assertCollectionName(write.collection, reservedCollection);
      if (write.doc !== null && write.doc.id !== write.id) {
        throw new Error(`Read store: write for ${write.id} carries a document with id ${String(write.doc.id)}`);
      }
    }
    for (const write of latestWrites(writes)) {
      const filter = idGuard(write.id, write.position);
      const operation: AnyBulkWriteOperation<StoredDoc> =
        write.doc === null
          ? { deleteOne: { filter } }
          : { replaceOne: { filter, replacement: toStored(write.doc, write.position), upsert: true } };
      const operations = byCollection.get(write.collection) ?? [];
      operations.push(operation);
      byCollection.set(write.collection, operations);
    }
    // Unordered: each write is guarded by position, so their order does not matter, and one stale upsert must
    // not stop the others.
    const results = await Promise.allSettled(
      [...byCollection].map(([name, operations]) => stored(name).bulkWrite(operations, { ordered: false })),
    );
    for (const [index, result] of results.entries()) {
      if (result.status === 'fulfilled') continue;
      if (!onlyNewerVersionsPresent(result.reason)) throw result.reason;
      // A duplicate _id means the guard missed: a newer version exists, or another writer inserted the document
      // between our filter and our insert (a lost insert race). Once more, now that the document exists, the
      // guard decides: an older stored version is replaced, a newer one makes the filter miss again.
      const [name, operations] = [...byCollection][index]!;
      const failed = duplicateWriteIndexes(result.reason).map((i) => operations[i]!);
      await stored(name)
        .bulkWrite(failed, { ordered: false })
        .catch((error: unknown) => {
          if (!onlyNewerVersionsPresent(error)) throw error;
        });
    }
    // Only after every write landed: a crash before this line replays the batch, which the guards make harmless.
    // Guarded: a late batch (another runner, a replay) never moves a checkpoint back.
    for (const { projector, checkpoint } of saved) {
      await checkpoints
        .updateOne(
          { _id: projector, position: { $lt: checkpoint } },
          { $set: { position: checkpoint } },
          { upsert: true },
        )
        .catch((error: unknown) => {
          if (!(error instanceof MongoServerError && error.code === 11000)) throw error; // a newer checkpoint exists
        });
    }
  }

  function stored(name: string): MongoCollection<StoredDoc> {
    assertCollectionName(name, reservedCollection);
    return db.collection<StoredDoc>(name);
  }

  function collection<D extends Doc = Doc>(name: string): Collection<D> {
    const docs = stored(name);
    return {
      async get(id) {
        const found = await docs.findOne({ _id: id });
        return found ? (fromStored(found) as D) : null;
      },
      async getMany(ids) {
        if (ids.length === 0) return [];
        const found = await docs.find({ _id: { $in: [...ids] } }).toArray();
        const byId = new Map(found.map((doc) => [doc._id, doc]));
        return ids.flatMap((id) => {
          const doc = byId.get(id);
          return doc ? [fromStored(doc) as D] : [];
        });
      },
      async upsert(doc) {
        if (typeof doc.id !== 'string' || doc.id.length === 0)
          throw new Error('Read store: a document needs a string id');
        // Writes outside a projection carry no event position: 0, so any projected event may replace them.
        await docs.replaceOne({ _id: doc.id }, toStored(doc, 0), { upsert: true });
      },
      async delete(id) {
        await docs.deleteOne({ _id: id });
      },
      async find(filter = {}, findOptions = {}) {
        assertCount(findOptions.skip, 'skip');
        assertCount(findOptions.limit, 'limit');
        const query = toMongoFilter(filter);
        const sort = toMongoSort(findOptions.sort);
        // MongoDB reads limit 0 as "no limit"; the port means none.
        if (findOptions.limit === 0) return [];
        let cursor = docs.find(query).sort(sort);
        if (findOptions.skip) cursor = cursor.skip(findOptions.skip);
        if (findOptions.limit !== undefined) cursor = cursor.limit(findOptions.limit);
        const found = await cursor.toArray();
        return found.map((doc) => fromStored(doc) as D);
      },
      async count(filter = {}) {
        return docs.countDocuments(toMongoFilter(filter));
      },
    };
  }

  return {
    collection,

    async ensureIndexes(name, indexes) {
      const docs = stored(name);
      for (const spec of indexes) {
        const entries = Object.entries(spec.fields);
        if (entries.length === 0) throw new Error(`Read store: an index on ${name} needs at least one field`);
        const keys: Record<string, 1 | -1> = {};
        for (const [path, direction] of entries) keys[mongoField(path)] = direction === -1 ? -1 : 1;
        if (spec.unique) {
          // Like SQLite, documents without the field don't collide (a plain unique index would count them all
          // as the same null). Difference left: MongoDB still indexes an explicit null, SQLite never does.
          const present: Document = {};
          for (const key of Object.keys(keys)) present[key] = { $exists: true };
          await docs.createIndex(keys, { unique: true, partialFilterExpression: present });
        } else {
          await docs.createIndex(keys);
        }
      }
    },

    async dropCollection(name) {
      // The driver already ignores "namespace not found".
      await stored(name).drop();
    },

    async getForProjection(name, id) {
      const found = await stored(name).findOne({ _id: id });
      return found ? { doc: fromStored(found), position: found._position ?? 0 } : null;
    },

    async commitProjection(batch) {
      await commitGuarded([{ projector: batch.projector, checkpoint: batch.checkpoint }], batch.writes);
    },

    async loadForProjection(name, ids) {
      const found = new Map<string, { doc: Doc; position: number }>();
      if (ids.length === 0) return found;
      for (const doc of await stored(name)
        .find({ _id: { $in: [...ids] } })
        .toArray()) {
        found.set(doc._id, { doc: fromStored(doc), position: doc._position ?? 0 });
      }
      return found;
    },

    async commitProjections({ checkpoints: saved, writes }) {
      await commitGuarded(saved, writes);
    },

    async getCheckpoint(name) {
      const found = await checkpoints.findOne({ _id: name });
      return found ? found.position : null;
    },

    async saveCheckpoint(name, position) {
      assertPosition(position, 'checkpoint');
      await checkpoints.updateOne({ _id: name }, { $set: { position } }, { upsert: true });
    },

    async deleteCheckpoint(name) {
      await checkpoints.deleteOne({ _id: name });
    },

    async ping() {
      await db.command({ ping: 1 });
    },

    async close() {
      await client.close();
    },
  };
}
