import { Router, type Response } from 'express';
import { BLOB_CACHE_CONTROL, isBlobKey, type BlobStore } from './blob-store.ts';

/**
 * GET /media/<key>: blobs for browsers. Keys never change their bytes (writers put a content hash in the name),
 * so they are cached for a year as immutable. A store with a direct address (a public bucket or CDN:
 * S3_PUBLIC_BASE_URL) is redirected to instead, so the bytes do not pass through this process. `shown(key)`, when
 * given, decides whether a key may be served now (its owner's account is not hidden or deleted): 404 otherwise.
 */
export function mediaRoutes(blobs: BlobStore, options: { shown?: (key: string) => Promise<boolean> } = {}): Router {
  const router = Router();
  router.get(/^\/(.+)$/, async (req, res) => {
    const key = (req.params as Record<string, string>)[0] ?? '';
    if (!isBlobKey(key) || (options.shown && !(await options.shown(key)))) {
      notFound(res);
      return;
    }
    const direct = blobs.directUrl?.(key);
    if (direct) {
      // 302 cached for a day rather than a permanent 301: a moved bucket or CDN is picked up within a day.
      res.setHeader('Cache-Control', 'public, max-age=86400');
      res.redirect(302, direct);
      return;
    }
    // A store that fails (a bucket out of reach) is a 500 from the error middleware, not a cacheable 404.
    const blob = await blobs.get(key);
    if (!blob) {
      notFound(res);
      return;
    }
    res.setHeader('Cache-Control', BLOB_CACHE_CONTROL);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.type(blob.contentType).send(blob.bytes);
  });
  return router;
}

function notFound(res: Response): void {
  res.status(404).type('text/plain').send('Not Found');
}
