/**
 * The blob port: images and other binary files, by key (`users/<id>/portrait-<hash>.webp`). Adapters:
 * `local-blob-store.ts` (a folder under DATA_DIR) and `s3-blob-store.ts` (an S3-compatible bucket, S3_* keys);
 * `blob-store.contract.ts` is the suite both pass.
 *
 * Keys are content-addressed by their writers, so a key's bytes never change and may be cached for a year. A key
 * ends in an extension that names its type (`contentTypeOf`), and `put`'s content type agrees with it: the local
 * adapter derives the type from the extension, a bucket stores the one given.
 *
 * `url` is always this service's `/media/<key>`, whatever the adapter: documents and events keep that address, so
 * moving blobs to another bucket or CDN rewrites no history, and the viewer's offline cache (same-origin
 * `/media/`) keeps working. `media-routes.ts` answers it by streaming the bytes, or by redirecting to `directUrl`.
 */
export type Blob = { bytes: Buffer; contentType: string };

export interface BlobStore {
  /** stores (or replaces) the bytes under a key */
  put(key: string, bytes: Buffer, contentType: string): Promise<{ key: string; url: string }>;
  /** null when there is no blob under the key (a "folder" of keys is not a blob) */
  get(key: string): Promise<Blob | null>;
  /** deleting a missing key is not an error */
  delete(key: string): Promise<void>;
  /**
   * every key under a prefix, sorted: what a permanent deletion erases. The prefix is a folder (`users/<id>`, with
   * or without the trailing `/`): `users/u1` never lists `users/u10/…`.
   */
  list(prefix: string): Promise<string[]>;
  /** the address a browser loads the blob from: `<publicPath>/<key>` (`/media/…`) */
  url(key: string): string;
  /**
   * where the blob can be fetched without this service (a public bucket or a CDN in front of it), if anywhere:
   * `/media/<key>` then redirects there rather than streaming the bytes through. Absent or null: it streams.
   */
  directUrl?(key: string): string | null;
}

/** Letters, digits, `.`, `_`, `-` in `/`-separated segments; no empty, `.` or `..` segment. */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

export function isBlobKey(key: string): boolean {
  const segments = key.split('/');
  return (
    segments.length <= 10 &&
    segments.every((segment) => SEGMENT.test(segment) && segment !== '..' && !segment.endsWith('.'))
  );
}

export function assertBlobKey(key: string): void {
  if (!isBlobKey(key)) throw new Error(`Invalid blob key ${JSON.stringify(key)}`);
}

/** A `list` prefix as the folder key it names (`users/u1/` → `users/u1`), checked like a key. */
export function blobFolder(prefix: string): string {
  const folder = prefix.replace(/\/+$/, '');
  assertBlobKey(folder);
  return folder;
}

/** How long browsers and CDNs may keep a blob: a key's bytes never change. */
export const BLOB_CACHE_CONTROL = 'public, max-age=31536000, immutable';

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
};

export function contentTypeOf(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}
