import {
  ROLES,
  SUBSCRIPTION_TYPES,
  USER_STATUSES,
  type Role,
  type SubscriptionType,
  type UserStatus,
} from '@pocketguide/contracts';

/** The plans the list's filter offers (spec 3 §2.6); a link may name any other type, which is honoured too. */
export const PLAN_FILTERS = ['free', 'standard', 'pro', 'business'] as const;

export type AdminUserFilters = {
  page: number;
  search: string;
  subscriptionType: SubscriptionType | 'all';
  status: UserStatus | 'all';
  /** `user`: members only (the dashboard's figures never count administrators) */
  role: Role | 'all';
  /** on any paid plan */
  paid: boolean;
  /** only the people who joined today (Korean calendar day) */
  today: boolean;
};

export const NO_USER_FILTERS: AdminUserFilters = {
  page: 1,
  search: '',
  subscriptionType: 'all',
  status: 'all',
  role: 'all',
  paid: false,
  today: false,
};

/** `?today`, `?today=true`… as the server reads a flag. */
const flag = (value: string | null): boolean => value !== null && value !== 'false' && value !== '0';

/**
 * `?page&search&subscriptionType&status&role&paid&today`, read leniently: the dashboard links here with the
 * filters of DASHBOARD_LINKS (`?role=user&paid=true`, `?role=user&today=true`…); anything unknown is no filter.
 */
export function userFiltersFromParams(params: URLSearchParams): AdminUserFilters {
  const page = Number.parseInt(params.get('page') ?? '', 10);
  const plan = params.get('subscriptionType');
  const status = params.get('status');
  const role = params.get('role');
  return {
    page: Number.isFinite(page) && page > 1 ? page : 1,
    search: params.get('search')?.trim() ?? '',
    subscriptionType: SUBSCRIPTION_TYPES.find((type) => type === plan) ?? 'all',
    status: USER_STATUSES.find((value) => value === status) ?? 'all',
    role: ROLES.find((value) => value === role) ?? 'all',
    paid: flag(params.get('paid')),
    // `?today` alone counts, as do the server's spellings of true
    today: flag(params.get('today')),
  };
}

export function paramsFromUserFilters({
  page,
  search,
  subscriptionType,
  status,
  role,
  paid,
  today,
}: AdminUserFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (subscriptionType !== 'all') params.set('subscriptionType', subscriptionType);
  if (status !== 'all') params.set('status', status);
  if (role !== 'all') params.set('role', role);
  if (paid) params.set('paid', 'true');
  if (today) params.set('today', 'true');
  if (page > 1) params.set('page', String(page));
  return params;
}

/** Whether anything narrows the list (the empty state then says to change the filters). */
export function isFiltered(filters: AdminUserFilters): boolean {
  return (
    filters.search !== '' ||
    filters.subscriptionType !== 'all' ||
    filters.status !== 'all' ||
    filters.role !== 'all' ||
    filters.paid ||
    filters.today
  );
}
