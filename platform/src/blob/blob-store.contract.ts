/**
 * The one contract every blob store adapter must pass, `/media` serving included. An adapter's test file calls it
 * at the top level: `await blobStoreContract('local folder', factory)`. The factory runs while tests are
 * collected, because a skipped engine must show up as a skipped block whose title carries the reason.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { BlobStore } from './blob-store.ts';
import { mediaRoutes } from './media-routes.ts';

export type BlobStoreFactory = () => Promise<
  | {
      store: BlobStore;
      /** set when the store has a direct address (S3_PUBLIC_BASE_URL): `/media/<key>` then redirects there */
      directBaseUrl?: string;
      cleanup(): Promise<void>;
    }
  | { skip: string }
>;

/** Keys a store must refuse: they leave its folder or bucket prefix, or are not keys at all. */
const INVALID_KEYS = [
  '../etc/passwd',
  'users/../../x',
  '/abs',
  'users//x',
  'users/.hidden/..',
  'users/u1/',
  'a b.webp',
  'trailing.',
  '',
];

export async function blobStoreContract(name: string, factory: BlobStoreFactory): Promise<void> {
  const setup = await factory();
  if ('skip' in setup) {
    describe.skip(`blob store contract: ${name} (skipped: ${setup.skip})`, () => {
      test('the whole contract', () => {});
    });
    return;
  }
  const { store, directBaseUrl, cleanup } = setup;
  // Every key of this run lives under one folder, so a shared bucket (S3_BUCKET) is left as it was found.
  const root = `blob-contract-${randomUUID().slice(0, 8)}`;
  let folders = 0;
  /** A fresh folder per test: tests never see each other's keys. */
  const fresh = (label: string): string => `${root}/${label}-${++folders}`;

  async function expectBytes(key: string, bytes: Buffer): Promise<void> {
    const blob = await store.get(key);
    expect(blob, key).not.toBeNull();
    expect(blob?.bytes.length, key).toBe(bytes.length);
    // compared rather than toEqual: a megabyte diff would drown the report
    expect(Buffer.compare(blob?.bytes ?? Buffer.alloc(0), bytes), key).toBe(0);
  }

  describe(`blob store contract: ${name}`, () => {
    afterAll(async () => {
      try {
        for (const key of await store.list(root)) await store.delete(key);
      } finally {
        await cleanup();
      }
    });

    describe('put and get', () => {
      test('put answers the key and its /media address; url gives the same address', async () => {
        const key = `${fresh('put')}/portrait-0123456789abcdef.webp`;
        expect(await store.put(key, Buffer.from('webp bytes'), 'image/webp')).toEqual({ key, url: `/media/${key}` });
        expect(store.url(key)).toBe(`/media/${key}`);
      });

      test('get returns the bytes and the content type that were put', async () => {
        const folder = fresh('types');
        const cases = [
          ['large-a1.webp', 'image/webp'],
          ['cover.png', 'image/png'],
          ['photo.jpg', 'image/jpeg'],
          ['photo.jpeg', 'image/jpeg'],
          ['anim.gif', 'image/gif'],
          ['icon.svg', 'image/svg+xml'],
          ['guide.pdf', 'application/pdf'],
          ['export.bin', 'application/octet-stream'],
        ] as const;
        for (const [file, contentType] of cases) {
          const key = `${folder}/${file}`;
          const bytes = Buffer.from(`${file} bytes`);
          await store.put(key, bytes, contentType);
          expect(await store.get(key), key).toEqual({ bytes, contentType });
        }
      });

      test('binary content comes back byte for byte: every byte value, a megabyte of noise, nothing at all', async () => {
        const folder = fresh('binary');
        const everyByte = Buffer.from(Array.from({ length: 512 }, (_, i) => i % 256));
        const noise = randomBytes(1024 * 1024);
        const empty = Buffer.alloc(0);
        await store.put(`${folder}/every-byte.bin`, everyByte, 'application/octet-stream');
        await store.put(`${folder}/noise.webp`, noise, 'image/webp');
        await store.put(`${folder}/empty.bin`, empty, 'application/octet-stream');
        await expectBytes(`${folder}/every-byte.bin`, everyByte);
        await expectBytes(`${folder}/noise.webp`, noise);
        await expectBytes(`${folder}/empty.bin`, empty);
      });

      test('a put over an existing key replaces all of its bytes', async () => {
        const key = `${fresh('overwrite')}/cover.png`;
        await store.put(key, Buffer.from('the first, longer content'), 'image/png');
        await store.put(key, Buffer.from('second'), 'image/png');
        expect(await store.get(key)).toEqual({ bytes: Buffer.from('second'), contentType: 'image/png' });
        expect(await store.list(key.slice(0, key.lastIndexOf('/')))).toEqual([key]);
      });

      test('keys nest in folders, up to ten segments', async () => {
        const folder = fresh('nested');
        const key = `${folder}/a/b/c/d/e/f/g/image.webp`;
        expect(key.split('/')).toHaveLength(10);
        await store.put(key, Buffer.from('deep'), 'image/webp');
        expect(await store.get(key)).toEqual({ bytes: Buffer.from('deep'), contentType: 'image/webp' });
        expect(await store.list(`${folder}/a/b`)).toEqual([key]);
        await expect(
          store.put(`${folder}/a/b/c/d/e/f/g/h/image.webp`, Buffer.from('too deep'), 'image/webp'),
        ).rejects.toThrow(/Invalid blob key/);
      });

      test('puts at once: of one key, one whole content wins; of many keys, all land', async () => {
        const folder = fresh('concurrent');
        const contents = Array.from({ length: 5 }, (_, i) => Buffer.from(`content ${i} `.repeat(1000)));
        await Promise.all(contents.map((bytes) => store.put(`${folder}/same.webp`, bytes, 'image/webp')));
        const winner = await store.get(`${folder}/same.webp`);
        expect(contents.some((bytes) => winner !== null && bytes.equals(winner.bytes))).toBe(true);

        const keys = Array.from({ length: 20 }, (_, i) => `${folder}/many/image-${String(i).padStart(2, '0')}.webp`);
        await Promise.all(keys.map((key) => store.put(key, Buffer.from(key), 'image/webp')));
        expect(await store.list(`${folder}/many`)).toEqual(keys);
      });
    });

    describe('missing keys and delete', () => {
      test('a key never put, a folder of keys and a deleted key all read as null', async () => {
        const folder = fresh('missing');
        await store.put(`${folder}/inner/kept.webp`, Buffer.from('kept'), 'image/webp');
        expect(await store.get(`${folder}/never-put.webp`)).toBeNull();
        expect(await store.get(`${folder}/inner`)).toBeNull();
        await store.put(`${folder}/gone.webp`, Buffer.from('gone'), 'image/webp');
        await store.delete(`${folder}/gone.webp`);
        expect(await store.get(`${folder}/gone.webp`)).toBeNull();
      });

      test('delete removes only its key; deleting a missing key is fine', async () => {
        const folder = fresh('delete');
        await store.put(`${folder}/a.webp`, Buffer.from('a'), 'image/webp');
        await store.put(`${folder}/b.webp`, Buffer.from('b'), 'image/webp');
        await store.delete(`${folder}/a.webp`);
        await store.delete(`${folder}/a.webp`);
        await store.delete(`${folder}/never-there.webp`);
        expect(await store.list(folder)).toEqual([`${folder}/b.webp`]);
        expect(await store.get(`${folder}/b.webp`)).toEqual({ bytes: Buffer.from('b'), contentType: 'image/webp' });
      });
    });

    describe('list', () => {
      test('every key under a folder, nested ones too, sorted; with or without the trailing slash', async () => {
        const folder = fresh('list');
        const keys = [
          `${folder}/u1/portrait-b.webp`,
          `${folder}/u1/old/portrait-a.png`,
          `${folder}/u1/portrait-a.webp`,
        ];
        for (const key of keys) await store.put(key, Buffer.from(key), 'image/webp');
        const sorted = [...keys].sort();
        expect(await store.list(`${folder}/u1`)).toEqual(sorted);
        expect(await store.list(`${folder}/u1/`)).toEqual(sorted);
        expect(await store.list(folder)).toEqual(sorted);
      });

      test('a folder is matched whole: u1 lists nothing of u10 or of u1-old.webp (a deletion must not reach them)', async () => {
        const folder = fresh('prefix');
        await store.put(`${folder}/u1/portrait.webp`, Buffer.from('u1'), 'image/webp');
        await store.put(`${folder}/u10/portrait.webp`, Buffer.from('u10'), 'image/webp');
        await store.put(`${folder}/u1-old.webp`, Buffer.from('u1-old'), 'image/webp');
        expect(await store.list(`${folder}/u1`)).toEqual([`${folder}/u1/portrait.webp`]);
      });

      test('an unknown folder, or a key that names a blob, lists nothing', async () => {
        const folder = fresh('empty');
        await store.put(`${folder}/image.webp`, Buffer.from('x'), 'image/webp');
        expect(await store.list(`${folder}/nobody`)).toEqual([]);
        expect(await store.list(`${folder}/image.webp`)).toEqual([]);
      });
    });

    describe('keys', () => {
      test('keys that could leave the store, or are not keys, are refused by every call', async () => {
        for (const key of INVALID_KEYS) {
          await expect(store.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(/Invalid blob key/);
          await expect(store.get(key), key).rejects.toThrow(/Invalid blob key/);
          await expect(store.delete(key), key).rejects.toThrow(/Invalid blob key/);
          expect(() => store.url(key), key).toThrow(/Invalid blob key/);
          if (store.directUrl) expect(() => store.directUrl?.(key), key).toThrow(/Invalid blob key/);
        }
        for (const prefix of ['../etc', 'users/../..', '/abs', '']) {
          await expect(store.list(prefix), prefix).rejects.toThrow(/Invalid blob key/);
        }
      });

      test(`the direct address: ${directBaseUrl ? `${directBaseUrl}/<key>` : 'none, /media streams'}`, () => {
        const key = `${root}/direct/image.webp`;
        expect(store.directUrl?.(key) ?? null).toBe(directBaseUrl ? `${directBaseUrl}/${key}` : null);
      });
    });

    describe('served at /media', () => {
      let server: Server;
      let base = '';
      beforeAll(async () => {
        const app = express().use('/media', mediaRoutes(store));
        server = app.listen(0, '127.0.0.1');
        await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
        base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      });
      afterAll(async () => {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      });

      test(
        directBaseUrl
          ? 'a key is redirected to its direct address, the redirect cached for a day'
          : 'a stored blob is streamed with its type, nosniff and a year of immutable caching',
        async () => {
          const key = `${fresh('served')}/large-0123456789abcdef.webp`;
          const bytes = randomBytes(64 * 1024);
          await store.put(key, bytes, 'image/webp');
          const response = await fetch(`${base}${store.url(key)}`, { redirect: 'manual' });
          if (directBaseUrl) {
            expect(response.status).toBe(302);
            expect(response.headers.get('location')).toBe(`${directBaseUrl}/${key}`);
            expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
            return;
          }
          expect(response.status).toBe(200);
          expect(response.headers.get('content-type')).toBe('image/webp');
          expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
          expect(response.headers.get('x-content-type-options')).toBe('nosniff');
          expect(Buffer.compare(Buffer.from(await response.arrayBuffer()), bytes)).toBe(0);
        },
      );

      test('an invalid key is 404; so is a missing one when the bytes are streamed', async () => {
        for (const path of ['users%2F..%2F..%2Fsecrets.json', 'users//x.webp', 'a%20b.webp']) {
          const response = await fetch(`${base}/media/${path}`, { redirect: 'manual' });
          expect(response.status, path).toBe(404);
        }
        const missing = await fetch(`${base}/media/${fresh('served')}/missing.webp`, { redirect: 'manual' });
        // A direct address is given without looking the key up: the bucket or CDN answers for a missing one.
        expect(missing.status).toBe(directBaseUrl ? 302 : 404);
      });
    });
  });
}
