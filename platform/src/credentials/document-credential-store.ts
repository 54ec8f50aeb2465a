import type { Doc, ReadStore } from '../read-store/read-store.ts';
import type { CredentialStore } from './credential-store.ts';

type CredentialDoc = Doc & { passwordHash: string; updatedAt: string };

/**
 * Credentials as documents of a store opened for them alone: on the scale-out run a MongoDB database of its own
 * (MONGO_CREDENTIALS_DATABASE), reached through the read-store adapter so the driver stays imported in one file.
 * The store must not be the read models' database: read models are dropped and rebuilt, credentials never.
 */
export function createDocumentCredentialStore(store: ReadStore, collectionName = 'credentials'): CredentialStore {
  const collection = store.collection<CredentialDoc>(collectionName);
  return {
    async getPasswordHash(userId) {
      return (await collection.get(userId))?.passwordHash ?? null;
    },
    async setPasswordHash(userId, passwordHash) {
      await collection.upsert({ id: userId, passwordHash, updatedAt: new Date().toISOString() });
    },
    async delete(userId) {
      await collection.delete(userId);
    },
    ping: () => store.ping(),
    close: () => store.close(),
  };
}
