import { resolve } from 'node:path';
import type { EventStore } from '@pocketguide/platform/event-store/event-store';
import { createPostgresEventStore } from '@pocketguide/platform/event-store/postgres-event-store';
import { createSqliteEventStore } from '@pocketguide/platform/event-store/sqlite-event-store';
import type { ReadStore } from '@pocketguide/platform/read-store/read-store';
import { createPostgresReadStore } from '@pocketguide/platform/read-store/postgres-read-store';
import { createSqliteReadStore } from '@pocketguide/platform/read-store/sqlite-read-store';
import { createProjectionRunner } from '@pocketguide/projections/projection-runner';
import { guidebookListProjector } from '@pocketguide/projections/guidebook-list/guidebook-list-projector';
import type { Projector } from '@pocketguide/projections/projector';
import { benchDir, type Figure, type SuiteResult } from '../support.ts';
import { benchPostgresUrl, withBenchDatabase } from './postgres-database.ts';

async function seed(eventStore: EventStore, total: number): Promise<void> {
  const chunk = 1000;
  for (let start = 0; start < total; start += chunk) {
    await Promise.all(
      Array.from({ length: Math.min(chunk, total - start) }, (_, k) => {
        const i = start + k;
        const guidebookId = `g${i}`;
        return eventStore.appendToStream(
          `guidebook-${guidebookId}`,
          [
            {
              id: crypto.randomUUID(),
              type: 'GuidebookCreated',
              data: {
                guidebookId,
                uuid: `u${i}`,
                title: `Guidebook ${i}`,
                createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i % 86_400)).toISOString(),
              },
            },
          ],
          { expectedRevision: 'no_stream' },
        );
      }),
    );
  }
}

/** Seeds `total` creations, then times a rebuild of the guidebook list; checks every document landed. */
async function catchUp(eventStore: EventStore, readStore: ReadStore, total: number): Promise<number> {
  await seed(eventStore, total);
  const runner = createProjectionRunner({
    eventStore,
    readStore,
    projectors: [guidebookListProjector as unknown as Projector],
  });
  const started = performance.now();
  await runner.rebuild(guidebookListProjector.name);
  const seconds = (performance.now() - started) / 1000;
  const docs = await readStore.collection('guidebook-list').count();
  await runner.stop();
  if (docs !== total) throw new Error(`expected ${total} documents, found ${docs}`);
  return total / seconds;
}

/**
 * Catch-up projection throughput: 100,000 events through the guidebook-list projector into the SQLite read store;
 * with POSTGRES_TEST_URL (or DATABASE_URL) set, the same on the PostgreSQL event and read stores in the same run,
 * and the ratio PostgreSQL / SQLite. CATCH_UP_BENCH_EVENTS sets the number of events (default 100,000).
 */
export async function projectionCatchUpSuite(
  total = Number(process.env.CATCH_UP_BENCH_EVENTS ?? 100_000),
): Promise<SuiteResult> {
  const dir = benchDir('catch-up');
  const eventStore = createSqliteEventStore({ path: resolve(dir, 'events.sqlite') });
  const readStore = createSqliteReadStore({ path: resolve(dir, 'read.sqlite') });
  let sqlite: number;
  try {
    sqlite = await catchUp(eventStore, readStore, total);
  } finally {
    await readStore.close();
    await eventStore.close();
  }
  const name = `events/s projecting ${total.toLocaleString('en')} events`;
  const figures: Figure[] = [{ name, value: sqlite, unit: 'events/s', aim: '>= 20,000' }];
  const postgres = benchPostgresUrl();
  if (postgres) {
    const value = await withBenchDatabase(postgres, 'catch_up', async (url) => {
      const pgEvents = await createPostgresEventStore({ connectionString: url });
      const pgRead = await createPostgresReadStore({ connectionString: url });
      try {
        return await catchUp(pgEvents, pgRead, total);
      } finally {
        await pgRead.close();
        await pgEvents.close();
      }
    });
    figures.push({
      name: `PostgreSQL ${name}`,
      value,
      unit: 'events/s',
      baseline: { name: 'SQLite, same run', value: sqlite },
      ratio: value / sqlite,
    });
  }
  return {
    suite: postgres
      ? 'projection catch-up (SQLite, PostgreSQL)'
      : 'projection catch-up (SQLite read store; PostgreSQL: no POSTGRES_TEST_URL)',
    figures,
  };
}
