import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronRight, SearchX, Users, X } from 'lucide-react';
import { USERS_PAGE_SIZE, USER_STATUSES, type SubscriptionType, type UserView } from '@pocketguide/contracts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useAdminUsers } from '../api/admin-users.ts';
import { NO_USER_FILTERS, PLAN_FILTERS, isFiltered, type AdminUserFilters } from '../user-filters.ts';
import { SearchField } from '../../../components/search-field.tsx';
import { FilterSelect } from '../../../components/filter-select.tsx';

/** How long typing pauses before the list follows it. */
const SEARCH_DEBOUNCE_MS = 300;
import { UserPlanBadge, UserStatusBadge } from './user-badges.tsx';

type AdminUserListProps = {
  filters: AdminUserFilters;
  onFiltersChange: (changes: Partial<AdminUserFilters>) => void;
  /** a write made just before (a deleted user): the list waits until it shows it */
  after?: number;
  detailHref: (userId: string) => string;
};

/** A filter a link set that the controls above do not show, with a button that removes it. */
function FilterChip({ label, remove, onRemove }: { label: string; remove: string; onRemove: () => void }) {
  return (
    <span className="inline-flex h-8 items-center gap-1 rounded-full border border-primary-200 bg-primary-50 pr-1 pl-3 text-sm font-semibold text-primary-700">
      {label}
      <button
        type="button"
        onClick={onRemove}
        aria-label={remove}
        title={remove}
        className="flex size-6 items-center justify-center rounded-full hover:bg-primary-100"
      >
        <X className="size-3.5" aria-hidden="true" />
      </button>
    </span>
  );
}

/**
 * /admin/users (spec 3 §2.6): search (as one types), plan and status filters, the "joined today" flag as a chip,
 * pages of ten; No., Name, Company, Email, Date Joined, Subscription, Status. A table from 768 px, cards below.
 */
export function AdminUserList({ filters, onFiltersChange, after, detailHref }: AdminUserListProps) {
  const { t } = useTranslation();
  const list = useAdminUsers(filters, after);
  const first = (filters.page - 1) * USERS_PAGE_SIZE + 1;
  const planOptions: SubscriptionType[] = [...PLAN_FILTERS];
  // a link may name a plan the filter does not offer (mini, onemonth…): it is shown as chosen
  if (filters.subscriptionType !== 'all' && !planOptions.includes(filters.subscriptionType))
    planOptions.push(filters.subscriptionType);

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-3 md:flex-row md:items-center">
        <SearchField
          debounceMs={SEARCH_DEBOUNCE_MS}
          value={filters.search}
          onSearch={(search) => onFiltersChange({ search, page: 1 })}
          label={t('adminUsers.list.searchLabel')}
          placeholder={t('adminUsers.list.searchPlaceholder')}
          className="md:max-w-sm md:flex-1"
        />
        <div className="grid grid-cols-2 gap-3 md:flex">
          <FilterSelect
            inlineFrom="md"
            label={t('adminUsers.list.planFilter')}
            value={filters.subscriptionType}
            options={[
              { value: 'all', label: t('adminUsers.list.allPlans') },
              ...planOptions.map((plan) => ({ value: plan, label: t(`plans.${plan}`) })),
            ]}
            onChange={(value) =>
              onFiltersChange({ subscriptionType: value as AdminUserFilters['subscriptionType'], page: 1 })
            }
          />
          <FilterSelect
            inlineFrom="md"
            label={t('adminUsers.list.statusFilter')}
            value={filters.status}
            options={[
              { value: 'all', label: t('adminUsers.list.allStatus') },
              ...USER_STATUSES.map((status) => ({ value: status, label: t(`adminUsers.status.${status}`) })),
            ]}
            onChange={(value) => onFiltersChange({ status: value as AdminUserFilters['status'], page: 1 })}
          />
        </div>
      </div>

      {filters.today || filters.role !== 'all' || filters.paid || list.data ? (
        <div className="flex flex-wrap items-center gap-2 text-sm text-neutral-600">
          {filters.role === 'user' ? (
            <FilterChip
              label={t('adminUsers.list.membersChip')}
              remove={t('adminUsers.list.removeMembers')}
              onRemove={() => onFiltersChange({ role: 'all', page: 1 })}
            />
          ) : null}
          {filters.paid ? (
            <FilterChip
              label={t('adminUsers.list.paidChip')}
              remove={t('adminUsers.list.removePaid')}
              onRemove={() => onFiltersChange({ paid: false, page: 1 })}
            />
          ) : null}
          {filters.today ? (
            <FilterChip
              label={t('adminUsers.list.todayChip')}
              remove={t('adminUsers.list.removeToday')}
              onRemove={() => onFiltersChange({ today: false, page: 1 })}
            />
          ) : null}
          {list.data ? (
            <p className="tabular-nums" data-users-total>
              {t('adminUsers.list.total', {
                count: list.data.totalCount,
                formatted: list.data.totalCount.toLocaleString(),
              })}
            </p>
          ) : null}
        </div>
      ) : null}

      {list.isPending ? (
        <div className="flex min-h-56 items-center justify-center gap-3 rounded-card border border-neutral-200 bg-white text-neutral-500">
          <Spinner className="text-primary-600" />
          <span role="status">{t('adminUsers.list.loading')}</span>
        </div>
      ) : list.isError ? (
        <Banner
          tone="alert"
          action={
            <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          <p className="font-semibold">{t('adminUsers.list.error')}</p>
          <p>{t('adminUsers.list.errorHint')}</p>
        </Banner>
      ) : list.data.users.length === 0 ? (
        <div className="rounded-card border border-dashed border-neutral-300 bg-white">
          <EmptyState
            className="py-14"
            icon={isFiltered(filters) ? <SearchX className="size-6" /> : <Users className="size-6" />}
            title={t('adminUsers.list.empty')}
            description={isFiltered(filters) ? t('adminUsers.list.emptyFilteredHint') : undefined}
            action={
              isFiltered(filters) ? (
                <Button variant="secondary" onClick={() => onFiltersChange(NO_USER_FILTERS)}>
                  {t('adminUsers.list.clearFilters')}
                </Button>
              ) : undefined
            }
          />
        </div>
      ) : (
        <>
          <UserTable users={list.data.users} first={first} detailHref={detailHref} />
          <UserCards users={list.data.users} first={first} detailHref={detailHref} />
          <Pagination
            page={filters.page}
            pageCount={list.data.pageCount}
            onPageChange={(page) => onFiltersChange({ page })}
            label={t('adminUsers.list.pages')}
          />
        </>
      )}
    </div>
  );
}

type RowsProps = { users: UserView[]; first: number; detailHref: (userId: string) => string };

function UserTable({ users, first, detailHref }: RowsProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const head = 'px-4 py-3 font-semibold whitespace-nowrap';
  return (
    <div className="hidden overflow-x-auto rounded-card border border-neutral-200 bg-white shadow-raised md:block">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t('adminUsers.list.caption')}</caption>
        <thead className="border-b border-neutral-200 bg-neutral-50 text-xs text-neutral-500">
          <tr>
            <th scope="col" className={`${head} w-14 text-center`}>
              {t('adminUsers.columns.number')}
            </th>
            <th scope="col" className={head}>
              {t('adminUsers.columns.name')}
            </th>
            <th scope="col" className={head}>
              {t('adminUsers.columns.company')}
            </th>
            <th scope="col" className={head}>
              {t('adminUsers.columns.email')}
            </th>
            <th scope="col" className={head}>
              {t('adminUsers.columns.joined')}
            </th>
            <th scope="col" className={head}>
              {t('adminUsers.columns.subscription')}
            </th>
            <th scope="col" className={head}>
              {t('adminUsers.columns.status')}
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user, index) => (
            <tr
              key={user.id}
              onClick={() => void navigate(detailHref(user.id))}
              className="cursor-pointer border-b border-neutral-100 last:border-0 hover:bg-primary-50/40"
              data-user-row={user.id}
            >
              <td className="px-4 py-3 text-center text-neutral-500 tabular-nums">{first + index}</td>
              <td className="max-w-48 px-4 py-3">
                <Link
                  to={detailHref(user.id)}
                  className="line-clamp-1 font-semibold break-all text-neutral-900 hover:text-primary-700"
                  onClick={(event) => event.stopPropagation()}
                >
                  {user.name || t('adminUsers.noName')}
                </Link>
              </td>
              <td className="max-w-48 px-4 py-3 text-neutral-700">
                <span className="line-clamp-1 break-all">{user.companyName}</span>
              </td>
              <td className="max-w-64 px-4 py-3 text-neutral-700">
                <span className="line-clamp-1 break-all">{user.email}</span>
              </td>
              <td className="px-4 py-3 whitespace-nowrap text-neutral-600 tabular-nums">
                {formatDateTime(user.createdAt)}
              </td>
              <td className="px-4 py-3">
                <UserPlanBadge plan={user.subscriptionType} subscribed={user.subscription} />
              </td>
              <td className="px-4 py-3">
                <UserStatusBadge status={user.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function UserCards({ users, first, detailHref }: RowsProps) {
  const { t } = useTranslation();
  return (
    <ol className="flex flex-col gap-3 md:hidden" aria-label={t('adminUsers.list.caption')}>
      {users.map((user, index) => (
        <li key={user.id}>
          <Link
            to={detailHref(user.id)}
            className="flex items-start gap-3 rounded-card border border-neutral-200 bg-white p-4 shadow-raised hover:border-primary-200"
            data-user-card={user.id}
          >
            <span className="mt-0.5 w-6 shrink-0 text-right text-xs text-neutral-500 tabular-nums">
              {first + index}
            </span>
            <span className="flex min-w-0 flex-1 flex-col gap-1">
              <span className="flex flex-wrap items-center gap-2">
                <span className="font-semibold break-all text-neutral-900">{user.name || t('adminUsers.noName')}</span>
                <UserStatusBadge status={user.status} />
              </span>
              {user.companyName ? <span className="text-sm break-all text-neutral-700">{user.companyName}</span> : null}
              <span className="text-sm break-all text-neutral-600">{user.email}</span>
              <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-neutral-500">
                <UserPlanBadge plan={user.subscriptionType} subscribed={user.subscription} />
                <span className="tabular-nums">
                  {t('adminUsers.list.joinedOn', { date: formatDateTime(user.createdAt) })}
                </span>
              </span>
            </span>
            <ChevronRight className="mt-1 size-5 shrink-0 text-neutral-400" aria-hidden="true" />
          </Link>
        </li>
      ))}
    </ol>
  );
}
