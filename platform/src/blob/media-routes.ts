import { Router } from 'express';
import type { BlobStore } from './blob-store.ts';

/**
 * GET /media/<key>: blobs for browsers. Keys never change their bytes (writers put a content hash in the name),
 * so they are cached for a year as immutable.
 */
export function mediaRoutes(blobs: BlobStore): Router {
  const router = Router();
  router.get(/^\/(.+)$/, async (req, res) => {
    const key = (req.params as Record<string, string>)[0] ?? '';
    let blob;
    try {
      blob = await blobs.get(key);
    } catch {
      blob = null; // an invalid key is simply not found
    }
    if (!blob) {
      res.status(404).type('text/plain').send('Not Found');
      return;
    }
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.type(blob.contentType).send(blob.bytes);
  });
  return router;
}
