import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { ThumbnailRequestAnswer } from '@pocketguide/contracts';
import { isApiError } from '../../lib/api-client.ts';
import { formatDateTime } from '../../lib/format-date-time.ts';
import { useSession } from '../../lib/session-context.tsx';
import { guidebookListsQueryKey } from './api/list-page.ts';
import { useRequestThumbnail, type ThumbnailRequester } from './api/request-thumbnail.ts';
import type { ThumbnailedGuidebook } from './thumbnail-state.ts';

/** Spec 1 §4: after a request, the list is read again after 5 s, 10 s and max(15 s, estimate − now + 5 s). */
export function recheckDelays(estimated: string | null, now: number): number[] {
  const estimate = estimated === null ? Number.NaN : Date.parse(estimated);
  const last = Number.isNaN(estimate) ? 15_000 : Math.max(15_000, estimate - now + 5000);
  return [5000, 10_000, last];
}

/** Spec 1 §8: 'thumbnail updated' shows for 2 s. */
export const UPDATED_TOAST_MS = 2000;
const NOT_QUEUED_RECHECK_MS = 5000;
/** After the last re-check, how long its answer may take before the overlay gives way to the card's own polling. */
const LAST_ANSWER_MS = 5000;

export type RegenerationState = 'idle' | 'requesting' | 'regenerating';

/**
 * A card's "regenerate thumbnail" (spec 1 §4, §8; spec 3 §2.2): asks for a new thumbnail, shows the regenerating
 * overlay meanwhile, toasts the estimated time, re-reads the lists on the spec's schedule and toasts 'thumbnail
 * updated' once the list shows a thumbnail newer than the one there was. Refusals: 401 asks to sign in again, 429
 * says the limit, a request that queued nothing is an error (the list is still checked again after 5 s), anything
 * else says to try later.
 */
export function useThumbnailRegeneration(guidebook: ThumbnailedGuidebook, as: ThumbnailRequester | null) {
  const { t } = useTranslation();
  const session = useSession();
  const queryClient = useQueryClient();
  const request = useRequestThumbnail();
  const [state, setStateNow] = useState<RegenerationState>('idle');
  // Read by timers that outlive the render that set them.
  const current = useRef<RegenerationState>('idle');
  const setState = useCallback((next: RegenerationState) => {
    current.current = next;
    setStateNow(next);
  }, []);
  /** the thumbnail's time when asked: a newer one in the list is the new thumbnail */
  const baseline = useRef<string | null>(null);
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([]);

  const clearTimers = useCallback(() => {
    for (const timer of timers.current) clearTimeout(timer);
    timers.current = [];
  }, []);
  useEffect(() => clearTimers, [clearTimers]);

  const recheck = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: guidebookListsQueryKey }),
    [queryClient],
  );

  const generatedAt = guidebook.thumbnailGeneratedAt;
  useEffect(() => {
    if (state !== 'regenerating' || generatedAt === null) return;
    if (baseline.current !== null && generatedAt <= baseline.current) return;
    clearTimers();
    setState('idle');
    toast.success(t('guidebookLists.thumbnail.updated'), { duration: UPDATED_TOAST_MS });
  }, [state, generatedAt, clearTimers, setState, t]);

  const regenerate = useCallback(() => {
    // Spec 3 §5: without a token the request stops.
    if (!as || !session?.token || current.current !== 'idle') return;
    const shownAt = guidebook.thumbnailGeneratedAt;

    const afterLastRecheck = () => {
      // Nothing new by then: the overlay goes, and the card's own polling takes over.
      if (current.current !== 'regenerating') return;
      setState('idle');
      toast.info(t('guidebookLists.thumbnail.stillWorking'));
    };

    const accepted = (answer: ThumbnailRequestAnswer) => {
      if (answer.queued === 0) {
        setState('idle');
        toast.error(t('guidebookLists.thumbnail.notQueued'));
        timers.current.push(setTimeout(recheck, NOT_QUEUED_RECHECK_MS));
        return;
      }
      baseline.current = shownAt;
      setState('regenerating');
      const time = answer.estimated ? formatDateTime(answer.estimated).slice(11) : null;
      toast.success(
        time ? t('guidebookLists.thumbnail.requested', { time }) : t('guidebookLists.thumbnail.requestedNoEstimate'),
      );
      const delays = recheckDelays(answer.estimated, Date.now());
      for (const delay of delays) timers.current.push(setTimeout(recheck, delay));
      timers.current.push(setTimeout(afterLastRecheck, Math.max(...delays) + LAST_ANSWER_MS));
    };

    const refused = (error: unknown) => {
      setState('idle');
      if (isApiError(error) && error.status === 401) toast.error(t('guidebookLists.thumbnail.signInAgain'));
      else if (isApiError(error) && error.status === 429) toast.error(t('guidebookLists.thumbnail.rateLimited'));
      else toast.error(t('guidebookLists.thumbnail.failed'));
    };

    setState('requesting');
    // The promise rather than mutate's callbacks: those are dropped when the card unmounts, and a 401 ends the
    // session (the list, and the card, go) before its toast would show.
    request.mutateAsync({ guidebookId: guidebook._id, as }).then(accepted, refused);
  }, [as, session?.token, setState, request, guidebook._id, guidebook.thumbnailGeneratedAt, recheck, t]);

  return { state, regenerate };
}
