import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, describe, expect, test } from 'vitest';
import { acquireS3Bucket } from '../../../test-support/engines.ts';
import { blobStoreContract, type BlobStoreFactory } from './blob-store.contract.ts';
import { mediaRoutes } from './media-routes.ts';
import { createS3BlobStore } from './s3-blob-store.ts';

// One bucket for both runs below: S3_* from the environment, else MinIO in a container, else a recorded skip.
const bucket = await acquireS3Bucket('blob store contract: S3');
afterAll(async () => {
  if (bucket.available) await bucket.stop();
});

function s3Factory(publicBaseUrl?: string): BlobStoreFactory {
  return async () => {
    if (!bucket.available) return { skip: bucket.reason };
    const store = createS3BlobStore({ ...bucket.settings, publicBaseUrl });
    try {
      await store.ensureBucket();
    } catch (error) {
      store.close();
      throw error;
    }
    return { store, directBaseUrl: publicBaseUrl?.replace(/\/+$/, ''), cleanup: async () => store.close() };
  };
}

await blobStoreContract('S3, streamed through /media', s3Factory());
await blobStoreContract(
  'S3 with S3_PUBLIC_BASE_URL, redirected from /media',
  s3Factory('https://cdn.example.test/pocketguide/'),
);

(bucket.available ? describe : describe.skip)(
  `S3 blob store${bucket.available ? '' : ` (skipped: ${bucket.reason})`}`,
  () => {
    test('a bucket that is not there is an error, never a missing blob; /media answers 500 for it', async () => {
      if (!bucket.available) return;
      const store = createS3BlobStore({ ...bucket.settings, bucket: `${bucket.settings.bucket}-absent` });
      const app = express().use('/media', mediaRoutes(store));
      const server = app.listen(0, '127.0.0.1');
      try {
        await new Promise((resolve) => server.once('listening', resolve));
        await expect(store.get('users/u1/portrait.webp')).rejects.toThrow();
        await expect(store.put('users/u1/portrait.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow();
        const response = await fetch(
          `http://127.0.0.1:${(server.address() as AddressInfo).port}/media/users/u1/portrait.webp`,
        );
        expect(response.status).toBe(500);
      } finally {
        server.close();
        store.close();
      }
    });
  },
);
