import {
  BucketAlreadyExists,
  BucketAlreadyOwnedByYou,
  CreateBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import {
  BLOB_CACHE_CONTROL,
  assertBlobKey,
  blobFolder,
  contentTypeOf,
  isBlobKey,
  type BlobStore,
} from './blob-store.ts';

export type S3BlobStoreOptions = {
  /** an S3-compatible server (MinIO, Ceph, R2…); unset: AWS S3 itself */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `<endpoint>/<bucket>/<key>` rather than `<bucket>.<endpoint>/<key>`; default: exactly when an endpoint is given */
  forcePathStyle?: boolean;
  /** where the bucket or a CDN serves keys to browsers (`/media/<key>` redirects there); unset: /media streams them */
  publicBaseUrl?: string;
  /** what `url` starts with; default `/media` */
  publicPath?: string;
};

export type S3BlobStore = BlobStore & {
  /** creates the bucket when missing: for tests and local set-ups, production buckets are provisioned outside the app */
  ensureBucket(): Promise<void>;
  /** closes the client's connections */
  close(): void;
};

/**
 * Blobs as objects in an S3-compatible bucket, one object per key. Every object is written with its content type
 * and a year of immutable caching, so a bucket or CDN serving it directly answers like `/media` does.
 */
export function createS3BlobStore(options: S3BlobStoreOptions): S3BlobStore {
  const { bucket } = options;
  const publicPath = (options.publicPath ?? '/media').replace(/\/+$/, '');
  const publicBaseUrl = options.publicBaseUrl?.replace(/\/+$/, '');
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? options.endpoint !== undefined,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Checksums only where S3 demands them: the SDK's default (CRC32 on every request) is refused by several
    // S3-compatible servers; SigV4 still signs every request.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A stalled bucket fails the upload instead of holding the request open forever (the SDK has no default).
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });

  // Keys hold only letters, digits, `.`, `_`, `-` and `/` (assertBlobKey), so they go into URLs as they are.
  const url = (key: string) => {
    assertBlobKey(key);
    return `${publicPath}/${key}`;
  };

  return {
    async put(key, bytes, contentType) {
      assertBlobKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          CacheControl: BLOB_CACHE_CONTROL,
        }),
      );
      return { key, url: url(key) };
    },
    async get(key) {
      assertBlobKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const body = object.Body ? await object.Body.transformToByteArray() : new Uint8Array();
        return {
          bytes: Buffer.from(body.buffer, body.byteOffset, body.byteLength),
          contentType: object.ContentType ?? contentTypeOf(key),
        };
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      assertBlobKey(key);
      // S3 answers 204 for a key that is not there, which is what the port asks.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async list(prefix) {
      // The trailing `/` keeps `users/u1` from matching `users/u10/…`.
      const folder = `${blobFolder(prefix)}/`;
      const keys: string[] = [];
      for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: folder })) {
        for (const object of page.Contents ?? []) {
          // Objects this port could not have written (console "folder" markers ending in `/`) are not blobs:
          // `delete` would refuse their keys.
          if (object.Key && isBlobKey(object.Key)) keys.push(object.Key);
        }
      }
      return keys.sort();
    },
    url,
    directUrl(key) {
      assertBlobKey(key);
      return publicBaseUrl === undefined ? null : `${publicBaseUrl}/${key}`;
    },
    async ensureBucket() {
      // Looked at first, so credentials that may use a bucket but not create one pass when it is there.
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
        return;
      } catch (error) {
        if (!(error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)) throw error;
      }
      try {
        await client.send(new CreateBucketCommand({ Bucket: bucket }));
      } catch (error) {
        // another process created it meanwhile
        if (error instanceof BucketAlreadyOwnedByYou || error instanceof BucketAlreadyExists) return;
        throw error;
      }
    },
    close() {
      client.destroy();
    },
  };
}

/**
 * A missing key. Without s3:ListBucket permission S3 answers 403 instead, which stays an error: it means the
 * credentials are wrong for this bucket, not that the blob is gone. Some S3-compatible servers name a 404 NotFound.
 */
function isMissingObject(error: unknown): boolean {
  return error instanceof NoSuchKey || (error instanceof S3ServiceException && error.name === 'NotFound');
}
