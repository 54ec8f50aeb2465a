import { prepareImageVariants } from './image-variants.ts';

export { sniffImageKind, type ImageKind } from './image-variants.ts';

/**
 * A portrait ready to store: one variant scaled to fit `size`×`size` (see `prepareImageVariants` for what every
 * stored image goes through), named `portrait-<hash>.webp`.
 */
export async function preparePortrait(
  bytes: Buffer,
  options: { size: number; unsupportedMessage: string },
): Promise<{ bytes: Buffer; contentType: 'image/webp'; name: string }> {
  const { portrait } = await prepareImageVariants(bytes, {
    boxes: { portrait: { width: options.size, height: options.size } },
    unsupportedMessage: options.unsupportedMessage,
  });
  return { bytes: portrait.bytes, contentType: portrait.contentType, name: portrait.name };
}
