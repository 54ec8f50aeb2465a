import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { THUMBNAIL_IMAGE } from '@pocketguide/contracts';

/**
 * A screenshot as the stored thumbnail: scaled to 435 × 800 (twice the density of a 400 px-high card, the
 * screenshot's own aspect), WebP, no metadata. Its key names the guidebook and a hash of the bytes, so an address
 * never changes content and may be cached for a year.
 */
export async function encodeThumbnail(png: Buffer): Promise<Buffer> {
  return sharp(png)
    .resize(THUMBNAIL_IMAGE.width, THUMBNAIL_IMAGE.height, { fit: 'cover', position: 'top' })
    .webp({ quality: THUMBNAIL_IMAGE.quality })
    .toBuffer();
}

export function thumbnailKey(guidebookId: string, bytes: Buffer): string {
  return `thumbnails/${guidebookId}/${createHash('sha256').update(bytes).digest('hex').slice(0, 16)}.webp`;
}
