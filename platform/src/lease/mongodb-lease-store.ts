/**
 * Leases in MongoDB, for replicas on several machines when the read models are on MongoDB: one document per lease
 * (`_id` the name) with a holder, an expiry and a fencing token, in the `_leases` collection. The server's clock
 * (`$$NOW`) judges expiry, so the replicas' clocks need not agree, as with the PostgreSQL store.
 *
 * One `findOneAndUpdate` takes or renews a lease atomically: its filter matches only a lease this holder holds or
 * one that has expired, and with `upsert` a missing lease is inserted. When the lease is held by another, the
 * upsert's insert collides with the existing `_id` (duplicate key): not taken. Contenders for a missing lease collide
 * the same way, so exactly one wins. A release expires the document rather than deleting it, so the fencing token
 * (raised each time the lease changes hands) never goes back.
 */
import { MongoClient, MongoServerError, type Collection } from 'mongodb';
import type { LeaseStore } from './lease.ts';

type LeaseDoc = { _id: string; holder: string; expiresAt: Date; token: number };

const DUPLICATE_KEY = 11000;
const unexpired = { $expr: { $gt: ['$expiresAt', '$$NOW'] } };

export function createMongoLeaseStore(options: {
  url: string;
  database: string;
  collection?: string;
  serverSelectionTimeoutMs?: number;
}): LeaseStore {
  const client = new MongoClient(options.url, { serverSelectionTimeoutMS: options.serverSelectionTimeoutMs ?? 5_000 });
  const leases: Collection<LeaseDoc> = client
    .db(options.database)
    .collection<LeaseDoc>(options.collection ?? '_leases');
  let closed = false;
  // the driver connects on first use, and would connect again after close(): a closed store refuses instead
  const assertOpen = () => {
    if (closed) throw new Error('lease store is closed');
  };
  return {
    async tryAcquire(name, holder, ttlMs) {
      assertOpen();
      try {
        const taken = await leases.findOneAndUpdate(
          { _id: name, $or: [{ holder }, { $expr: { $lte: ['$expiresAt', '$$NOW'] } }] },
          [
            {
              $set: {
                // the token rises when the lease changes hands, not when its holder renews it
                token: { $cond: [{ $eq: ['$holder', holder] }, '$token', { $add: [{ $ifNull: ['$token', 0] }, 1] }] },
                holder,
                expiresAt: { $add: ['$$NOW', ttlMs] },
              },
            },
          ],
          { upsert: true, returnDocument: 'after' },
        );
        return taken?.holder === holder;
      } catch (error) {
        if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return false;
        throw error;
      }
    },
    async release(name, holder) {
      assertOpen();
      await leases.updateOne({ _id: name, holder }, { $set: { expiresAt: new Date(0) } });
    },
    async holderOf(name) {
      assertOpen();
      return (await leases.findOne({ _id: name, ...unexpired }))?.holder ?? null;
    },
    async fencingToken(name, holder) {
      assertOpen();
      return (await leases.findOne({ _id: name, holder, ...unexpired }))?.token ?? null;
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}
