import { randomUUID } from 'node:crypto';
import { acquireEngine } from '../../../test-support/engines.ts';
import { leaseStoreContract } from './lease-store.contract.ts';
import { createMongoLeaseStore } from './mongodb-lease-store.ts';

/** MONGO_URL when set, else a container, else the suite is skipped with the reason (as the other MongoDB suites). */
leaseStoreContract('MongoDB', async () => {
  const engine = await acquireEngine('mongodb', 'lease store contract: MongoDB');
  if (!engine.available) return { skip: engine.reason };
  // a database of its own per run, so a shared MONGO_URL server is never touched outside it
  const database = `leases_${randomUUID().slice(0, 8)}`;
  return {
    open: () => createMongoLeaseStore({ url: engine.url, database }),
    close: () => engine.stop(),
  };
});
