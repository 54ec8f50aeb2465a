import type { FieldCondition, ProjectionWrite, Scalar } from './read-store.ts';

/**
 * Checks every adapter applies to what callers pass in, so both read stores refuse the same inputs with the same
 * messages. Field paths are inlined into SQL (as JSON paths) and into Mongo keys: only plain dotted identifiers.
 */
export const FIELD_PATH = /^[A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*$/;
/** Collection names become quoted table names or Mongo collection names. */
export const COLLECTION_NAME = /^[A-Za-z][A-Za-z0-9_-]{0,119}$/;

export const OPERATORS = new Set<keyof FieldCondition>([
  '$eq',
  '$ne',
  '$in',
  '$nin',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$contains',
  '$exists',
]);

export function assertFieldPath(path: string): void {
  if (!FIELD_PATH.test(path)) throw new Error(`Read store: invalid field name ${JSON.stringify(path)}`);
}

export function assertCollectionName(name: string, reserved: (name: string) => boolean): void {
  if (!COLLECTION_NAME.test(name) || reserved(name)) {
    throw new Error(`Read store: invalid collection name ${JSON.stringify(name)}`);
  }
}

export function assertPosition(position: number, what: string): void {
  if (!Number.isSafeInteger(position) || position < 0) {
    throw new Error(`Read store: ${what} must be a non-negative integer, got ${String(position)}`);
  }
}

export function assertCount(value: number | undefined, what: string): void {
  if (value !== undefined && (!Number.isSafeInteger(value) || value < 0)) {
    throw new Error(`Read store: ${what} must be a non-negative integer, got ${String(value)}`);
  }
}

export function isScalar(value: unknown): value is Scalar {
  return value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/**
 * Keeps, per document, the last write with the highest position, in the order the documents were last written:
 * one operation per document and batch.
 */
export function latestWrites(writes: readonly ProjectionWrite[]): ProjectionWrite[] {
  const latest = new Map<string, ProjectionWrite>();
  for (const write of writes) {
    const key = `${write.collection}\u0000${write.id}`;
    const seen = latest.get(key);
    if (!seen || write.position >= seen.position) {
      latest.delete(key);
      latest.set(key, write);
    }
  }
  return [...latest.values()];
}
