import { randomUUID } from 'node:crypto';
import { acquireEngine } from '../../../test-support/engines.ts';
import { readStoreContract } from './read-store.contract.ts';
import { createMongoReadStore } from './mongodb-read-store.ts';

await readStoreContract('MongoDB', async () => {
  const engine = await acquireEngine('mongodb', 'read-store contract: MongoDB');
  if (!engine.available) return { skip: engine.reason };
  try {
    // A database of its own per run, so a shared MONGO_URL server is never touched outside it.
    const store = await createMongoReadStore({
      url: engine.url,
      database: `read_store_contract_${randomUUID().slice(0, 8)}`,
    });
    return {
      store,
      async cleanup() {
        await store.close();
        await engine.stop();
      },
    };
  } catch (error) {
    await engine.stop();
    throw error;
  }
});
