import { createHash } from 'node:crypto';
import sharp, { type OutputInfo, type Sharp } from 'sharp';
import { AppError, ValidationError } from '../http/errors.ts';

/** The image types uploads take, told by their first bytes (never by name or declared type). */
export type ImageKind = 'jpeg' | 'png' | 'gif';

export function sniffImageKind(bytes: Buffer): ImageKind | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  const head = bytes.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  return null;
}

/** How one variant is scaled: inside a `width`×`height` box (height defaults to unbounded), never enlarged. */
export type VariantBox = { width: number; height?: number };

export type ImageVariant = { bytes: Buffer; contentType: 'image/webp'; width: number; height: number; name: string };

/**
 * Stored variants of an uploaded image: each turned upright (EXIF), scaled into its box without enlarging, first
 * frame of an animation, metadata stripped (no camera or GPS data leaves), as WebP. Each file name carries a hash
 * of its bytes (`fileName`, default `<name>-<hash>.webp`), so its address may be cached for ever.
 *
 * Anything that is not a JPEG, PNG or GIF by its bytes is refused with 415 and `unsupportedMessage`; an image that
 * cannot be decoded is a 400.
 */
export async function prepareImageVariants<Name extends string>(
  bytes: Buffer,
  options: {
    boxes: Readonly<Record<Name, VariantBox>>;
    unsupportedMessage: string;
    fileName?: (name: Name, hash: string) => string;
  },
): Promise<Record<Name, ImageVariant>> {
  if (!sniffImageKind(bytes)) {
    throw new AppError(415, 'unsupported_media_type', options.unsupportedMessage, {
      errors: [{ path: 'file', message: options.unsupportedMessage }],
    });
  }
  const unreadable = () =>
    new ValidationError('The image could not be read', [{ path: 'file', message: 'The image could not be read' }]);
  let source: Sharp;
  try {
    // Decoded once, upright; each variant resizes a clone of it.
    source = sharp(bytes, { limitInputPixels: 40_000_000, animated: false, failOn: 'error' }).rotate();
    await source.metadata();
  } catch {
    throw unreadable();
  }
  const entries = await Promise.all(
    (Object.entries(options.boxes) as Array<[Name, VariantBox]>).map(async ([name, box]) => {
      let output: { data: Buffer; info: OutputInfo };
      try {
        output = await source
          .clone()
          .resize(box.width, box.height ?? null, { fit: 'inside', withoutEnlargement: true })
          .webp({ quality: 85 })
          .toBuffer({ resolveWithObject: true });
      } catch {
        throw unreadable();
      }
      const hash = createHash('sha256').update(output.data).digest('hex').slice(0, 16);
      const variant: ImageVariant = {
        bytes: output.data,
        contentType: 'image/webp',
        width: output.info.width,
        height: output.info.height,
        name: options.fileName ? options.fileName(name, hash) : `${name}-${hash}.webp`,
      };
      return [name, variant] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<Name, ImageVariant>;
}
