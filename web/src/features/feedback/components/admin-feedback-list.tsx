import { useTranslation } from 'react-i18next';
import { MessageSquareText } from 'lucide-react';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useAdminFeedback } from '../api/get-admin-feedback.ts';

/**
 * The feedback people sent (spec 3 §2.12), for administrators: newest first, each with its title, the whole text
 * (with the system-info block the form adds), who sent it, the page it came from and when; ten a page.
 */
export function AdminFeedbackList({ page, onPageChange }: { page: number; onPageChange: (page: number) => void }) {
  const { t } = useTranslation();
  const list = useAdminFeedback(page);
  if (list.isPending) {
    return (
      <p className="flex items-center justify-center gap-2 py-12 text-neutral-500" role="status">
        <Spinner className="text-primary-600" />
        {t('feedback.admin.loading')}
      </p>
    );
  }
  if (list.isError) {
    return (
      <Banner
        tone="alert"
        action={
          <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        <p className="font-semibold">{t('feedback.admin.failed')}</p>
      </Banner>
    );
  }
  if (list.data.results.length === 0) {
    return (
      <div className="rounded-card border border-neutral-200 bg-white">
        <EmptyState
          className="py-12"
          icon={<MessageSquareText className="size-6" />}
          title={t('feedback.admin.empty')}
        />
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-neutral-600">{t('feedback.admin.count', { count: list.data.totalCount })}</p>
      <ul className="flex flex-col gap-3">
        {list.data.results.map((item) => (
          <li
            key={item._id}
            className="rounded-card border border-neutral-200 bg-white p-5 shadow-raised"
            data-feedback-id={item._id}
          >
            <details>
              <summary className="flex cursor-pointer flex-wrap items-baseline gap-x-3 gap-y-1">
                <span className="font-semibold break-words text-neutral-900">
                  {item.title ?? t('feedback.admin.untitled')}
                </span>
                <span className="text-sm text-neutral-500 tabular-nums">{formatDateTime(item.createdAt)}</span>
                <span className="text-sm text-neutral-600">
                  {item.user
                    ? `${item.user.name ?? ''} ${item.user.email ? `<${item.user.email}>` : ''}`.trim()
                    : t('feedback.admin.anonymous')}
                </span>
              </summary>
              <p className="mt-3 text-sm break-words whitespace-pre-line text-neutral-800">{item.feedback}</p>
              <dl className="mt-3 grid gap-1 text-xs text-neutral-500 sm:grid-cols-[auto_1fr] sm:gap-x-3">
                <dt>{t('feedback.admin.page')}</dt>
                <dd className="break-all">{item.url}</dd>
                <dt>{t('feedback.admin.browser')}</dt>
                <dd className="break-all">{item.userAgent}</dd>
              </dl>
            </details>
          </li>
        ))}
      </ul>
      <Pagination
        page={page}
        pageCount={list.data.pageCount}
        onPageChange={onPageChange}
        label={t('feedback.admin.title')}
      />
    </div>
  );
}
