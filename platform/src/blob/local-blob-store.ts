import { randomUUID } from 'node:crypto';
import { mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { assertBlobKey, blobFolder, contentTypeOf, type BlobStore } from './blob-store.ts';

/** Blobs as files under one folder; the content type follows the key's extension. */
export function createLocalBlobStore(options: { root: string; publicPath: string }): BlobStore {
  const publicPath = options.publicPath.replace(/\/+$/, '');
  const pathOf = (key: string) => {
    assertBlobKey(key);
    return join(options.root, ...key.split('/'));
  };

  return {
    async put(key, bytes) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Renamed into place, so a reader never gets half a file; a random name, so two puts of one key at once
      // (a double-clicked upload) do not share a temporary file.
      const temporary = `${path}.${randomUUID()}.tmp`;
      await writeFile(temporary, bytes);
      await rename(temporary, path);
      return { key, url: `${publicPath}/${key}` };
    },
    async get(key) {
      try {
        return { bytes: await readFile(pathOf(key)), contentType: contentTypeOf(key) };
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async list(prefix) {
      const folder = blobFolder(prefix);
      const keys: string[] = [];
      const walk = async (key: string): Promise<void> => {
        let entries;
        try {
          entries = await readdir(pathOf(key), { withFileTypes: true });
        } catch (error) {
          // No folder there, or a blob rather than a folder: nothing under it.
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'ENOENT' || code === 'ENOTDIR') return;
          throw error;
        }
        for (const entry of entries) {
          if (entry.name.endsWith('.tmp')) continue;
          if (entry.isDirectory()) await walk(`${key}/${entry.name}`);
          else if (entry.isFile()) keys.push(`${key}/${entry.name}`);
        }
      };
      await walk(folder);
      return keys.sort();
    },
    url: (key) => {
      assertBlobKey(key);
      return `${publicPath}/${key}`;
    },
  };
}
