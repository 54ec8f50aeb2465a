/**
 * YouTube addresses, shared by the viewer (its tap-to-play facade) and the editor (its video item), so both accept
 * the same links.
 */

/** The 11-character id of a YouTube address (watch, youtu.be, embed, shorts, live), or null. */
export function youTubeId(url: string): string | null {
  const match = /(?:youtube(?:-nocookie)?\.com\/(?:watch\?(?:[^#]*&)?v=|embed\/|shorts\/|live\/|v\/)|youtu\.be\/)([\w-]{11})(?![\w-])/i.exec(url.trim());
  return match?.[1] ?? null;
}

/** The privacy-enhanced embed address: no cookies until the video is played. */
export const youTubeEmbedUrl = (id: string): string => `https://www.youtube-nocookie.com/embed/${id}`;
