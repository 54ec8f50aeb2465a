import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, test } from 'vitest';
import { blobStoreContract } from './blob-store.contract.ts';
import { createLocalBlobStore } from './local-blob-store.ts';

const scratch = resolve(import.meta.dirname, '../../../test-output/tmp');
const freshRoot = (label: string) => resolve(scratch, `blobs-${label}-${randomUUID().slice(0, 8)}`);

await blobStoreContract('local folder', async () => ({
  // The trailing slash is how the composition root used to pass it: it must not double.
  store: createLocalBlobStore({ root: freshRoot('contract'), publicPath: '/media/' }),
  cleanup: async () => {},
}));

describe('local blob store', () => {
  test('a blob is a file at its key under the root, and no temporary file is left behind', async () => {
    const root = freshRoot('files');
    const store = createLocalBlobStore({ root, publicPath: '/media' });
    await store.put('users/u1/portrait-ab.webp', Buffer.from('webp bytes'), 'image/webp');
    expect(readFileSync(resolve(root, 'users/u1/portrait-ab.webp'), 'utf8')).toBe('webp bytes');
    expect(readdirSync(resolve(root, 'users/u1'))).toEqual(['portrait-ab.webp']);
  });

  test('the content type follows the extension, whatever the writer said', async () => {
    const store = createLocalBlobStore({ root: freshRoot('types'), publicPath: '/media' });
    await store.put('guidebooks/g1/cover.png', Buffer.from('png'), 'image/webp');
    expect((await store.get('guidebooks/g1/cover.png'))?.contentType).toBe('image/png');
  });

  test('a temporary file of an interrupted put is neither listed nor read', async () => {
    const root = freshRoot('interrupted');
    const store = createLocalBlobStore({ root, publicPath: '/media' });
    await store.put('users/u1/portrait-ab.webp', Buffer.from('whole'), 'image/webp');
    writeFileSync(resolve(root, 'users/u1/portrait-cd.webp.1234.tmp'), 'half');
    expect(await store.list('users/u1')).toEqual(['users/u1/portrait-ab.webp']);
    expect(await store.get('users/u1/portrait-cd.webp')).toBeNull();
  });

  test('a refused key touches nothing outside the root', async () => {
    const root = freshRoot('escape');
    const store = createLocalBlobStore({ root, publicPath: '/media' });
    await expect(store.put('../escaped.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/Invalid blob key/);
    expect(existsSync(resolve(root, '../escaped.webp'))).toBe(false);
  });
});
