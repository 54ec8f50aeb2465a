import type { ICON_MESSAGES } from '@pocketguide/contracts';
import { ICON_MAX_BYTES, ICON_SIZE_PX } from '@pocketguide/contracts';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export type IconFileProblem = keyof Pick<typeof ICON_MESSAGES, 'pngOnly' | 'dimensions' | 'tooBig'>;

/**
 * The spec's checks before an upload (spec 3 §5), read from the file's first bytes as the server reads them: the
 * PNG signature and the width and height in its header; then the size. The server checks again.
 */
export async function iconFileProblem(file: Blob): Promise<IconFileProblem | null> {
  const head = await firstBytes(file, 24);
  const isPng =
    head.length === 24 &&
    PNG_SIGNATURE.every((byte, index) => head[index] === byte) &&
    String.fromCharCode(...head.slice(12, 16)) === 'IHDR';
  if (!isPng) return 'pngOnly';
  const view = new DataView(head.buffer);
  if (view.getUint32(16) !== ICON_SIZE_PX || view.getUint32(20) !== ICON_SIZE_PX) return 'dimensions';
  if (file.size > ICON_MAX_BYTES) return 'tooBig';
  return null;
}

/** FileReader rather than Blob.arrayBuffer: every browser the product supports has it (and so does jsdom). */
function firstBytes(file: Blob, count: number): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsArrayBuffer(file.slice(0, count));
  });
}
