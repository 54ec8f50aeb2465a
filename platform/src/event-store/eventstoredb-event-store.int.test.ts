import { afterAll } from 'vitest';
import { acquireEngine, type EngineHandle } from '../../../test-support/engines.ts';
import { eventStoreContract } from './event-store.contract.ts';
import { createEventStoreDbEventStore } from './eventstoredb-event-store.ts';

// One engine for the file: EVENTSTORE_URL when set, else a container, else the suite is skipped with the reason.
let engine: Promise<EngineHandle> | undefined;

afterAll(async () => {
  const handle = await engine;
  if (handle?.available) await handle.stop();
});

eventStoreContract('EventStoreDB', async () => {
  engine ??= acquireEngine('eventstoredb', 'event-store contract: EventStoreDB');
  const handle = await engine;
  if (!handle.available) return { skip: handle.reason };
  const store = createEventStoreDbEventStore({ connectionString: handle.url });
  return { store, cleanup: () => store.close() };
});
