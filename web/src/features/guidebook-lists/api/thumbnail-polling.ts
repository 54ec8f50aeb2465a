import { useRef } from 'react';
import { thumbnailStateOf } from '../thumbnail-state.ts';

const POLL_MS = 5000;
const POLL_FOR_MS = 2 * 60_000;

/**
 * Spec 1 §4: cards whose thumbnail is being generated are checked every 5 s, for at most 2 minutes. Returns the
 * interval for a list's next read (false: no polling); the 2 minutes start when a generating card first shows.
 */
export function useThumbnailPolling(): (
  page: { results: ReadonlyArray<Parameters<typeof thumbnailStateOf>[0]> } | undefined,
) => number | false {
  const since = useRef<number | null>(null);
  return (page) => {
    if (!page?.results.some((row) => thumbnailStateOf(row) === 'generating')) {
      since.current = null;
      return false;
    }
    since.current ??= Date.now();
    return Date.now() - since.current < POLL_FOR_MS ? POLL_MS : false;
  };
}
