import { existsSync } from 'node:fs';
import type { Config } from '../config/config.ts';
import type { EventStore } from '../event-store/event-store.ts';
import type { ReadStore } from '../read-store/read-store.ts';

/**
 * Picks the adapters from configuration: a URL selects the real engine (EVENTSTORE_URL, MONGO_URL, then
 * DATABASE_URL for PostgreSQL), otherwise the embedded SQLite file under DATA_DIR. The engine clients are imported
 * only when chosen, so an embedded run never loads them.
 */

export function eventStoreDescription(config: Config): string {
  if (config.EVENTSTORE_URL) return `EventStoreDB at ${redact(config.EVENTSTORE_URL)}`;
  if (config.DATABASE_URL) return `PostgreSQL at ${redact(config.DATABASE_URL)} (schema event_store)`;
  return `SQLite file ${config.paths.eventStore}`;
}

export function readStoreDescription(config: Config): string {
  if (config.MONGO_URL) return `MongoDB at ${redact(config.MONGO_URL)} (database ${config.MONGO_DATABASE})`;
  if (config.DATABASE_URL) return `PostgreSQL at ${redact(config.DATABASE_URL)} (schema read_models)`;
  return `SQLite file ${config.paths.readStore}`;
}

/**
 * `mustExist` is for tools that only read the log (exports, stats, rebuilds): an embedded store missing at the
 * configured path is an error rather than a new empty file, which usually means DATA_DIR points elsewhere.
 */
export async function openEventStore(
  config: Config,
  options: {
    mustExist?: boolean;
    pollIntervalMs?: number;
    /** embedded store: commit on a worker thread (sqlite-commit-thread.ts) */ commitThread?: boolean;
    /** embedded store: WAL checkpoints on a worker thread, never inside a commit (sqlite-checkpoint-thread.ts) */
    checkpointThread?: boolean;
  } = {},
): Promise<EventStore> {
  if (config.EVENTSTORE_URL) {
    const { createEventStoreDbEventStore } = await import('../event-store/eventstoredb-event-store.ts');
    return createEventStoreDbEventStore({
      connectionString: config.EVENTSTORE_URL,
      maxAppendBytes: config.EVENTSTORE_MAX_APPEND_BYTES,
    });
  }
  if (config.DATABASE_URL) {
    const { createPostgresEventStore } = await import('../event-store/postgres-event-store.ts');
    return createPostgresEventStore({ connectionString: config.DATABASE_URL });
  }
  if (options.mustExist && !existsSync(config.paths.eventStore)) {
    throw new Error(
      `No event store at ${config.paths.eventStore}: set DATA_DIR to the folder that holds events.sqlite`,
    );
  }
  const { createSqliteEventStore } = await import('../event-store/sqlite-event-store.ts');
  // pollIntervalMs: how often subscriptions look for commits by other processes (commits in this one wake them)
  return createSqliteEventStore({
    path: config.paths.eventStore,
    ...(options.pollIntervalMs !== undefined ? { pollIntervalMs: options.pollIntervalMs } : {}),
    ...(options.commitThread ? { commitThread: true } : {}),
    ...(options.checkpointThread ? { checkpointThread: true } : {}),
  });
}

export async function openReadStore(config: Config): Promise<ReadStore> {
  if (config.MONGO_URL) {
    const { createMongoReadStore } = await import('../read-store/mongodb-read-store.ts');
    return createMongoReadStore({ url: config.MONGO_URL, database: config.MONGO_DATABASE });
  }
  if (config.DATABASE_URL) {
    const { createPostgresReadStore } = await import('../read-store/postgres-read-store.ts');
    return createPostgresReadStore({ connectionString: config.DATABASE_URL, schema: 'read_models' });
  }
  const { createSqliteReadStore } = await import('../read-store/sqlite-read-store.ts');
  return createSqliteReadStore({ path: config.paths.readStore });
}

/** Connection strings may carry credentials; messages show them without. */
function redact(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//***@');
}
