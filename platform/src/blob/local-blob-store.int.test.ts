import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLocalBlobStore } from './local-blob-store.ts';

describe('the local blob store', () => {
  const store = createLocalBlobStore({ root: resolve(import.meta.dirname, '../../../test-output/tmp', `blobs-${randomUUID()}`), publicPath: '/media/' });

  it('puts, gets with the content type of the extension, lists and deletes', async () => {
    const put = await store.put('users/u1/portrait-ab.webp', Buffer.from('webp bytes'), 'image/webp');
    expect(put).toEqual({ key: 'users/u1/portrait-ab.webp', url: '/media/users/u1/portrait-ab.webp' });
    await store.put('users/u1/old/portrait-cd.png', Buffer.from('png bytes'), 'image/png');
    expect(await store.get('users/u1/portrait-ab.webp')).toEqual({ bytes: Buffer.from('webp bytes'), contentType: 'image/webp' });
    expect(await store.list('users/u1')).toEqual(['users/u1/old/portrait-cd.png', 'users/u1/portrait-ab.webp']);
    await store.delete('users/u1/portrait-ab.webp');
    expect(await store.get('users/u1/portrait-ab.webp')).toBeNull();
    expect(await store.list('users/nobody')).toEqual([]);
  });

  it('refuses keys that could leave its folder', async () => {
    for (const key of ['../etc/passwd', 'users/../../x', '/abs', 'users//x', 'users/.hidden/..']) {
      await expect(store.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow(/Invalid blob key/);
    }
    await expect(store.get('../secrets.json')).rejects.toThrow(/Invalid blob key/);
  });
});
