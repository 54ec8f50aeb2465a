import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Mail, Plus } from 'lucide-react';
import {
  MESSAGE_AUDIENCES,
  MESSAGE_PAGE_SIZE,
  MESSAGE_TYPES,
  type Message,
  type MessageAudience,
  type MessageType,
} from '@pocketguide/contracts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { cx } from '../../../lib/class-names.ts';
import { useAdminMessages, type AdminMessageFilters } from '../api/messages.ts';
import { MessageTypeBadge, messageDay } from './message-type-badge.tsx';

type AdminMessageListProps = {
  filters: AdminMessageFilters;
  onFiltersChange: (next: Partial<AdminMessageFilters>) => void;
  createHref: string;
  editHref: (messageId: string) => string;
};

const select = 'h-10 rounded-control border border-neutral-300 bg-white px-3 text-sm';

export function MessageStatusLabel({ status }: { status: Message['status'] }) {
  const { t } = useTranslation();
  const looks = {
    showing: 'bg-accent-50 text-accent-600',
    sent: 'bg-primary-50 text-primary-700',
    waiting: 'bg-neutral-100 text-neutral-600',
  } as const;
  return (
    <span
      className={cx('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold', looks[status])}
      data-message-status={status}
    >
      {t(`messages.admin.status.${status}`)}
    </span>
  );
}

/**
 * /admin/messages (spec 3 §2.9): filters by recipients and type; No., Message, To, Date, Type, Status; pages of ten.
 * The Korean title, marked EN when the message has an English version too (issue 23).
 */
export function AdminMessageList({ filters, onFiltersChange, createHref, editHref }: AdminMessageListProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useAdminMessages(filters);
  const first = (filters.page - 1) * MESSAGE_PAGE_SIZE + 1;

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-end gap-3">
        <label className="flex flex-col gap-1 text-sm font-semibold text-neutral-700">
          {t('messages.admin.filters.users')}
          <select
            className={select}
            value={filters.users}
            onChange={(event) => onFiltersChange({ users: event.target.value as MessageAudience | 'all', page: 1 })}
          >
            <option value="all">{t('messages.admin.filters.allUsers')}</option>
            {MESSAGE_AUDIENCES.filter((audience) => audience !== 'all').map((audience) => (
              <option key={audience} value={audience}>
                {t(`messages.admin.audiences.${audience}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold text-neutral-700">
          {t('messages.admin.filters.type')}
          <select
            className={select}
            value={filters.type}
            onChange={(event) => onFiltersChange({ type: event.target.value as MessageType | 'all', page: 1 })}
          >
            <option value="all">{t('messages.admin.filters.allTypes')}</option>
            {MESSAGE_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`messages.types.${type}`)}
              </option>
            ))}
          </select>
        </label>
        <Link
          to={createHref}
          className="ml-auto inline-flex h-10 items-center gap-2 rounded-control bg-primary-600 px-4 text-sm font-semibold text-white shadow-raised hover:bg-primary-700"
        >
          <Plus className="size-4" aria-hidden="true" />
          {t('messages.admin.create')}
        </Link>
      </div>

      {list.isPending ? (
        <p className="flex items-center justify-center gap-2 py-12 text-neutral-500" role="status">
          <Spinner className="text-primary-600" />
          {t('messages.admin.loading')}
        </p>
      ) : list.isError ? (
        <Banner
          tone="alert"
          action={
            <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          <p className="font-semibold">{t('messages.admin.failed')}</p>
        </Banner>
      ) : list.data.messages.length === 0 ? (
        <div className="rounded-card border border-neutral-200 bg-white">
          <EmptyState className="py-12" icon={<Mail className="size-6" />} title={t('messages.admin.empty')} />
        </div>
      ) : (
        <>
          <div className="overflow-x-auto rounded-card border border-neutral-200 bg-white shadow-raised">
            <table className="w-full min-w-[640px] text-left text-sm">
              <caption className="sr-only">{t('messages.admin.caption')}</caption>
              <thead className="border-b border-neutral-200 bg-neutral-50 text-xs text-neutral-500">
                <tr>
                  <th scope="col" className="w-14 px-4 py-3 text-center font-semibold">
                    {t('messages.admin.columns.number')}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t('messages.admin.columns.message')}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t('messages.admin.columns.to')}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t('messages.admin.columns.date')}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t('messages.admin.columns.type')}
                  </th>
                  <th scope="col" className="px-4 py-3 font-semibold">
                    {t('messages.admin.columns.status')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.messages.map((message, index) => (
                  <tr
                    key={message._id}
                    onClick={() => void navigate(editHref(message._id))}
                    className="cursor-pointer border-b border-neutral-100 last:border-0 hover:bg-primary-50/40"
                  >
                    <td className="px-4 py-3 text-center tabular-nums">{first + index}</td>
                    <td className="max-w-80 px-4 py-3">
                      <span className="flex items-center gap-2">
                        <Link
                          to={editHref(message._id)}
                          lang="ko"
                          className="line-clamp-1 min-w-0 font-semibold break-all text-neutral-900"
                        >
                          {message.title || message.message}
                        </Link>
                        {message.titleEn ? (
                          <abbr
                            title={t('messages.admin.hasEnglish')}
                            className="shrink-0 rounded-full bg-primary-50 px-1.5 py-0.5 text-xs font-semibold text-primary-700 no-underline"
                            data-message-english="true"
                          >
                            EN
                          </abbr>
                        ) : null}
                      </span>
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap">{t(`messages.admin.audiences.${message.users}`)}</td>
                    <td className="px-4 py-3 whitespace-nowrap tabular-nums">{messageDay(message.messageDate)}</td>
                    <td className="px-4 py-3">
                      <MessageTypeBadge type={message.type} />
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap">
                      <MessageStatusLabel status={message.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination
            page={filters.page}
            pageCount={list.data.pages}
            onPageChange={(page) => onFiltersChange({ page })}
            label={t('messages.admin.caption')}
          />
        </>
      )}
    </div>
  );
}
