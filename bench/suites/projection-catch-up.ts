import { resolve } from 'node:path';
import { createSqliteEventStore } from '@pocketguide/platform/event-store/sqlite-event-store';
import { createSqliteReadStore } from '@pocketguide/platform/read-store/sqlite-read-store';
import { createProjectionRunner } from '@pocketguide/projections/projection-runner';
import { guidebookListProjector } from '@pocketguide/projections/guidebook-list/guidebook-list-projector';
import type { Projector } from '@pocketguide/projections/projector';
import { benchDir, type SuiteResult } from '../support.ts';

/** Catch-up projection throughput: 100,000 events through the guidebook-list projector into the SQLite read store. */
export async function projectionCatchUpSuite(total = 100_000): Promise<SuiteResult> {
  const dir = benchDir('catch-up');
  const eventStore = createSqliteEventStore({ path: resolve(dir, 'events.sqlite') });
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
              data: { guidebookId, uuid: `u${i}`, title: `Guidebook ${i}`, createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i % 86_400)).toISOString() },
            },
          ],
          { expectedRevision: 'no_stream' },
        );
      }),
    );
  }
  const readStore = createSqliteReadStore({ path: resolve(dir, 'read.sqlite') });
  const runner = createProjectionRunner({ eventStore, readStore, projectors: [guidebookListProjector as unknown as Projector] });
  const started = performance.now();
  await runner.rebuild(guidebookListProjector.name);
  const seconds = (performance.now() - started) / 1000;
  const docs = await readStore.collection('guidebook-list').count();
  await runner.stop();
  await readStore.close();
  await eventStore.close();
  if (docs !== total) throw new Error(`expected ${total} documents, found ${docs}`);
  return {
    suite: 'projection catch-up (SQLite read store)',
    figures: [{ name: `events/s projecting ${total.toLocaleString('en')} events`, value: total / seconds, unit: 'events/s', aim: '>= 20,000' }],
  };
}
