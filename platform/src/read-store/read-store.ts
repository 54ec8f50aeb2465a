/**
 * The read store port: named collections of JSON documents that projectors build and query-api reads.
 * Adapters: `sqlite-read-store.ts` (embedded default) and `mongodb-read-store.ts` (scale-out), both proven by
 * `read-store.contract.ts`.
 */

/** Every stored document has a string id (MongoDB's `_id`). */
export type Doc = { id: string } & Record<string, unknown>;

export type Scalar = string | number | boolean | null;

/**
 * A condition on one field. Field names may be dotted paths into nested objects (`views.count`).
 * - `$eq`, `$ne`, `$in`, `$nin`: equality (`null` matches a missing field or an explicit null)
 * - `$gt`, `$gte`, `$lt`, `$lte`: ranges on numbers or on ISO date strings
 * - `$contains`: case-insensitive substring match on a string field (the text search of the lists)
 * - `$exists`: the field is present (and not null) or absent
 */
export type FieldCondition = {
  $eq?: Scalar;
  $ne?: Scalar;
  $in?: readonly Scalar[];
  $nin?: readonly Scalar[];
  $gt?: string | number;
  $gte?: string | number;
  $lt?: string | number;
  $lte?: string | number;
  $contains?: string;
  $exists?: boolean;
};

/** All field conditions must hold; `$or` holds when any of its filters does. A bare scalar means `$eq`. */
export type Filter = {
  [field: string]: Scalar | FieldCondition | readonly Filter[] | undefined;
} & { $or?: readonly Filter[] };

export type SortSpec = Readonly<Record<string, 1 | -1>>;

export type FindOptions = {
  sort?: SortSpec;
  skip?: number;
  limit?: number;
};

export type IndexSpec = {
  /** dotted field paths with their direction */
  fields: Readonly<Record<string, 1 | -1>>;
  unique?: boolean;
};

export interface Collection<D extends Doc = Doc> {
  get(id: string): Promise<D | null>;
  /** documents in the order of `ids`; missing ones are left out */
  getMany(ids: readonly string[]): Promise<D[]>;
  upsert(doc: D): Promise<void>;
  delete(id: string): Promise<void>;
  find(filter?: Filter, options?: FindOptions): Promise<D[]>;
  count(filter?: Filter): Promise<number>;
}

/** One document write of a projector batch; `doc: null` deletes. */
export type ProjectionWrite = {
  collection: string;
  id: string;
  doc: Doc | null;
  /** global position of the event that produced this state */
  position: number;
};

export type ProjectionBatch = {
  /** the projector's name: its checkpoint key */
  projector: string;
  /** the checkpoint after this batch: the position of the last event the batch covers */
  checkpoint: number;
  writes: readonly ProjectionWrite[];
};

/**
 * What one pass of the projection runner commits at the end of a batch: every projector's document writes and every
 * projector's new checkpoint, together.
 */
export type ProjectionCommit = {
  checkpoints: ReadonlyArray<{ projector: string; checkpoint: number }>;
  writes: readonly ProjectionWrite[];
};

export interface ReadStore {
  collection<D extends Doc = Doc>(name: string): Collection<D>;
  ensureIndexes(collection: string, indexes: readonly IndexSpec[]): Promise<void>;
  /**
   * Keeps top-level fields of a collection's documents beside them, as columns its owner fills with every write,
   * so that its indexes and filters on them read a value instead of the document. Only strings, numbers and null
   * (missing) may be kept so; a write holding anything else there fails. Called before the collection's first
   * write (and before ensureIndexes); on a collection already written, it fills the columns from the documents and
   * makes the indexes on those fields again (a migration, once). Results are the same with or without it.
   * SQLite: its documents are JSON text, parsed again by every index on a path (the audit timeline's six, over
   * every event). Optional: PostgreSQL's jsonb paths and MongoDB's fields read a value without parsing anything.
   */
  declareColumns?(collection: string, fields: readonly string[]): Promise<void>;
  dropCollection(name: string): Promise<void>;

  /** A document with the position of the last event applied to it, for projectors' guards. */
  getForProjection(collection: string, id: string): Promise<{ doc: Doc; position: number } | null>;

  /**
   * The position of the last event applied to a document, without reading the document (null: none). Lets a
   * reader keep what it made from a document until the document changes. Optional: where an adapter lacks it,
   * callers use getForProjection.
   */
  positionOf?(collection: string, id: string): Promise<number | null>;

  /**
   * Commits a projector's writes and its checkpoint.
   * SQLite: one transaction. MongoDB: each write only lands if the stored document's position is older, then the
   * checkpoint is saved; so replaying a batch after a crash changes nothing.
   */
  commitProjection(batch: ProjectionBatch): Promise<void>;

  /**
   * Documents with their positions, for the guards of a whole batch at once: one query per collection instead of
   * one per document. Missing ids are absent from the map.
   */
  loadForProjection(collection: string, ids: readonly string[]): Promise<Map<string, { doc: Doc; position: number }>>;

  /**
   * Commits the writes of several projectors and all their checkpoints as one (the runner's one transaction per
   * batch). Every write is guarded like commitProjection's: it lands only over a stored position that is older, so a
   * replayed batch changes nothing. SQLite (and PostgreSQL): one transaction. MongoDB: the guarded writes, then the
   * checkpoints (a crash in between replays the batch, which the guards make harmless).
   */
  commitProjections(commit: ProjectionCommit): Promise<void>;

  /**
   * Tunes the store for a rebuild's bulk writes until `endBulkWrites`: SQLite stops syncing to disk on its own
   * (a crash of the machine meanwhile may lose the file, which a rebuild makes again) and syncs everything once at
   * the end. Optional: an adapter without it writes as always.
   */
  beginBulkWrites?(): Promise<void>;
  endBulkWrites?(): Promise<void>;

  /** Checkpoints of projectors, workers and the Kafka relay, by name. */
  getCheckpoint(name: string): Promise<number | null>;
  saveCheckpoint(name: string, position: number): Promise<void>;
  deleteCheckpoint(name: string): Promise<void>;

  ping(): Promise<void>;
  close(): Promise<void>;
}
