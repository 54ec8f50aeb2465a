import sharp, { type Metadata } from 'sharp';
import { ICON_MESSAGES, ICON_SIZE_PX } from '@pocketguide/contracts';
import { AppError, ValidationError } from '../http/errors.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * An icon file is judged by its bytes, never its name or declared type (spec 3 §5): a PNG (its signature, and a
 * header sharp can read as PNG — a renamed JPEG is not one), exactly 100×100. The size is checked while the
 * upload is read.
 */
export async function checkIconFile(bytes: Buffer): Promise<void> {
  const pngOnly = () =>
    new AppError(415, 'unsupported_media_type', ICON_MESSAGES.pngOnly, {
      errors: [{ path: 'file', message: ICON_MESSAGES.pngOnly }],
    });
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(PNG_SIGNATURE) || bytes.toString('latin1', 12, 16) !== 'IHDR')
    throw pngOnly();
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { failOn: 'error' }).metadata();
  } catch {
    throw pngOnly();
  }
  if (metadata.format !== 'png') throw pngOnly();
  if (metadata.width !== ICON_SIZE_PX || metadata.height !== ICON_SIZE_PX) {
    throw new ValidationError(ICON_MESSAGES.dimensions, [{ path: 'file', message: ICON_MESSAGES.dimensions }]);
  }
}
