import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { AppError, ValidationError } from '../http/errors.ts';

/** The image types the portrait upload takes, told by their first bytes (never by name or declared type). */
export type ImageKind = 'jpeg' | 'png' | 'gif';

export function sniffImageKind(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  const head = bytes.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  return null;
}

/**
 * A portrait ready to store: turned upright (EXIF), scaled to fit `size`×`size` without enlarging, first frame
 * of an animation, metadata stripped (no camera or GPS data leaves), as WebP. Named by a hash of its bytes, so
 * its address can be cached for ever.
 */
export async function preparePortrait(
  bytes: Buffer,
  options: { size: number; unsupportedMessage: string },
): Promise<{ bytes: Buffer; contentType: 'image/webp'; name: string }> {
  if (!sniffImageKind(bytes)) {
    throw new AppError(415, 'unsupported_media_type', options.unsupportedMessage, { errors: [{ path: 'file', message: options.unsupportedMessage }] });
  }
  let output: Buffer;
  try {
    output = await sharp(bytes, { limitInputPixels: 40_000_000, animated: false, failOn: 'error' })
      .rotate()
      .resize(options.size, options.size, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw new ValidationError('The image could not be read', [{ path: 'file', message: 'The image could not be read' }]);
  }
  const hash = createHash('sha256').update(output).digest('hex').slice(0, 16);
  return { bytes: output, contentType: 'image/webp', name: `portrait-${hash}.webp` };
}
