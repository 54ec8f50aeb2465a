import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { GUIDEBOOK_STATUS_FILTERS, OWNER_TYPES } from '@pocketguide/contracts';
import { DEFAULT_FILTERS, type GuidebookListFilters } from '../../../features/guidebook-lists/api/list-page.ts';

/**
 * Navigation state a list screen understands. `refresh` (spec 1 §2) clears the search; `after` is a log position
 * from a write made just before (a deleted guidebook), so the list waits until it shows that write.
 */
export type GuidebookListNavigationState = { refresh?: boolean; after?: number };

function readState(state: unknown): GuidebookListNavigationState {
  if (typeof state !== 'object' || state === null) return {};
  const { refresh, after } = state as Record<string, unknown>;
  return {
    ...(refresh === true ? { refresh: true } : {}),
    ...(typeof after === 'number' && Number.isInteger(after) ? { after } : {}),
  };
}

/**
 * `?page&search&company&status&today`, read leniently: anything unknown is no filter. `?published=true` (an older
 * dashboard link) is read as `status=published`.
 */
export function filtersFromParams(params: URLSearchParams): GuidebookListFilters {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const company = params.get('company');
  const status = params.get('status') ?? (params.get('published') === 'true' ? 'published' : null);
  const today = params.get('today');
  return {
    page: Number.isFinite(page) && page > 1 ? page : 1,
    search: params.get('search')?.trim() ?? '',
    company: OWNER_TYPES.find((type) => type === company) ?? 'all',
    status: GUIDEBOOK_STATUS_FILTERS.find((filter) => filter === status) ?? 'all',
    // `?today` alone counts, as do the server's spellings of true.
    today: today !== null && today !== 'false' && today !== '0',
  };
}

export function paramsFromFilters({ page, search, company, status, today }: GuidebookListFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (company !== 'all') params.set('company', company);
  if (status !== 'all') params.set('status', status);
  // one form for every "today" link (the dashboard's too)
  if (today) params.set('today', 'true');
  if (page > 1) params.set('page', String(page));
  return params;
}

export type UpdateFilters = (changes: Partial<GuidebookListFilters>, options?: { replace?: boolean }) => void;

/** A list screen's filters live in the URL, so a reload, a shared link and the back button keep them. */
export function useListUrlState(): [GuidebookListFilters, UpdateFilters] {
  const [params, setParams] = useSearchParams();
  const { state } = useLocation();
  const navigate = useNavigate();
  const { refresh, after } = readState(state);
  const fromUrl = filtersFromParams(params);
  const filters: GuidebookListFilters = { ...fromUrl, ...(refresh ? { search: '', page: 1 } : {}), after };

  // The refresh flag has done its work once the search is gone from the URL as well.
  const search = params.toString();
  useEffect(() => {
    if (!refresh) return;
    const next = paramsFromFilters({ ...filtersFromParams(new URLSearchParams(search)), search: '', page: 1 });
    const rest: GuidebookListNavigationState = after === undefined ? {} : { after };
    void navigate({ search: next.toString() }, { replace: true, state: rest });
  }, [refresh, after, search, navigate]);

  const update = useCallback<UpdateFilters>(
    (changes, options) => {
      const current = filtersFromParams(params);
      setParams(paramsFromFilters({ ...DEFAULT_FILTERS, ...current, ...changes }), {
        replace: options?.replace ?? false,
      });
    },
    [params, setParams],
  );
  return [filters, update];
}
