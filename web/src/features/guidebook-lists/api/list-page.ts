import { keepPreviousData } from '@tanstack/react-query';
import type { AdminGuidebookRow, GuidebookRow, GuidebookStatusFilter, OwnerType } from '@pocketguide/contracts';

export type ReadConsistency = 'caught-up' | 'stale';

/** A page of a list as the screens use it: the answer plus whether the server's read caught up with `after`. */
export type ListPage<T> = {
  results: T[];
  page: number;
  pageCount: number;
  pageSize: number;
  totalCount: number;
  /** `stale` when the server gave up waiting for its projection to reach `after`: a recent write may be missing */
  consistency: ReadConsistency;
};

export type GuidebookListPage = ListPage<GuidebookRow>;
export type AdminGuidebookListPage = ListPage<AdminGuidebookRow>;

/** What the list screens filter by; 'all' and '' mean no filter. */
export type GuidebookListFilters = {
  page: number;
  search: string;
  company: OwnerType | 'all';
  status: GuidebookStatusFilter | 'all';
  /** created today (the dashboard's links) */
  today: boolean;
  /** A log position from a command answer: the read waits until the list includes that write (read-your-writes). */
  after?: number | undefined;
};

export const DEFAULT_FILTERS: GuidebookListFilters = {
  page: 1,
  search: '',
  company: 'all',
  status: 'all',
  today: false,
};

export function withConsistency<T>(data: Omit<ListPage<T>, 'consistency'>, headers: Headers): ListPage<T> {
  return { ...data, consistency: headers.get('X-Read-Consistency') === 'stale' ? 'stale' : 'caught-up' };
}

/** The query string of a list call: only what filters something, so URLs and cache keys stay short. */
export function listQuery({ page, search, company, status, today, after }: Partial<GuidebookListFilters>) {
  return {
    page: page && page > 1 ? page : undefined,
    search: search ? search : undefined,
    company: company && company !== 'all' ? company : undefined,
    status: status && status !== 'all' ? status : undefined,
    today: today ? 'true' : undefined,
    after,
  };
}

/**
 * Every guidebook list's cache lives under this key. Writes elsewhere (the editor) invalidate `['guidebooks']`,
 * which reaches these too.
 */
export const guidebookListsQueryKey = ['guidebooks', 'lists'] as const;

const STALE_RETRY_MS = 1500;

/** What every list query shares. */
export const listQueryBehaviour = {
  // Lists change behind the reader's back (the editor saves, another admin publishes): ask again on every visit,
  // showing the cached page meanwhile.
  staleTime: 0,
  // Keep showing the current page while the next one or a new search loads, instead of a spinner.
  placeholderData: keepPreviousData,
  // A stale read may be missing the write just made: ask again shortly rather than show it as gone.
  refetchInterval: (query: { state: { data?: { consistency: ReadConsistency } | undefined } }) =>
    query.state.data?.consistency === 'stale' ? STALE_RETRY_MS : false,
} as const;
