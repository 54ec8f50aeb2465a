/**
 * The blob port: images and other binary files, by key (`users/<id>/portrait-<hash>.webp`). Adapters:
 * `local-blob-store.ts` (a folder under DATA_DIR, served by `media-routes.ts` from /media) today; an S3-compatible
 * adapter (S3_* keys) is the scale-out one still to write: its `url` would be the bucket's or a CDN's address.
 *
 * Keys are content-addressed by their writers, so a key's bytes never change and may be cached for a year.
 */
export type Blob = { bytes: Buffer; contentType: string };

export interface BlobStore {
  put(key: string, bytes: Buffer, contentType: string): Promise<{ key: string; url: string }>;
  get(key: string): Promise<Blob | null>;
  delete(key: string): Promise<void>;
  /** every key under a prefix (`users/<id>/`): what a permanent deletion erases */
  list(prefix: string): Promise<string[]>;
  /** the address a browser loads the blob from */
  url(key: string): string;
}

/** Letters, digits, `.`, `_`, `-` in `/`-separated segments; no empty, `.` or `..` segment. */
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

export function assertBlobKey(key: string): void {
  const segments = key.split('/');
  const ok = segments.length <= 10 && segments.every((segment) => SEGMENT.test(segment) && segment !== '..' && !segment.endsWith('.'));
  if (!ok) throw new Error(`Invalid blob key ${JSON.stringify(key)}`);
}

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
