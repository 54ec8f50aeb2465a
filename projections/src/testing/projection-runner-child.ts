/**
 * A projection process for the runner's crash test: it projects the counting read model from the given SQLite
 * files until the test kills it with SIGKILL. Usage: node --import tsx projection-runner-child.ts <events> <reads>
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { createSqliteEventStore } from '@pocketguide/platform/event-store/sqlite-event-store';
import type { ReadStore } from '@pocketguide/platform/read-store/read-store';
import { createSqliteReadStore } from '@pocketguide/platform/read-store/sqlite-read-store';
import { createProjectionRunner } from '../projection-runner.ts';
import { createCountingProjector } from './counting-projector.ts';

const [eventStorePath, readStorePath] = process.argv.slice(2);
if (!eventStorePath || !readStorePath)
  throw new Error('usage: projection-runner-child.ts <events.sqlite> <reads.sqlite>');

const eventStore = createSqliteEventStore({ path: eventStorePath });
const readStore = createSqliteReadStore({ path: readStorePath });
// Small, slowed batches keep the catch-up long enough for the test to kill it half-way.
const slowed: ReadStore = {
  ...readStore,
  async commitProjection(batch) {
    await readStore.commitProjection(batch);
    await sleep(2);
  },
};
const runner = createProjectionRunner({
  eventStore,
  readStore: slowed,
  projectors: [createCountingProjector()],
  batchSize: 50,
});
await runner.start();
console.log('started');
