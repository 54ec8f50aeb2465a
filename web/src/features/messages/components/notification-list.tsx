import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Inbox } from 'lucide-react';
import { MESSAGE_PAGE_SIZE } from '@pocketguide/contracts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Pagination } from '../../../components/pagination.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { cx } from '../../../lib/class-names.ts';
import { useInbox } from '../api/messages.ts';
import { useMessageWords } from '../message-words.ts';
import { MessageTypeBadge, messageDay } from './message-type-badge.tsx';

type NotificationListProps = {
  page: number;
  onPageChange: (page: number) => void;
  detailHref: (messageId: string) => string;
};

/**
 * /settings/notifications (spec 3 §2.4): No., Message, Date, Type; a row opens the message; pages of ten; 'No
 * Messages Found' when there are none. A table on wide screens, cards on a phone. Dismissed ones read quieter.
 * Each message in the reader's language, the Korean words when it has no English version.
 */
export function NotificationList({ page, onPageChange, detailHref }: NotificationListProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const inbox = useInbox(page);
  const wordsOf = useMessageWords();

  if (inbox.isPending) {
    return (
      <p className="flex items-center justify-center gap-2 py-12 text-neutral-500" role="status">
        <Spinner className="text-primary-600" />
        {t('messages.list.loading')}
      </p>
    );
  }
  if (inbox.isError) {
    return (
      <Banner
        tone="alert"
        action={
          <Button variant="secondary" size="sm" onClick={() => void inbox.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        <p className="font-semibold">{t('messages.list.failed')}</p>
      </Banner>
    );
  }
  const { messages, pages } = inbox.data;
  if (messages.length === 0) {
    return (
      <div className="rounded-card border border-neutral-200 bg-white">
        <EmptyState
          className="py-12"
          icon={<Inbox className="size-6" />}
          title={t('messages.list.empty')}
          description={t('messages.list.emptyHint')}
        />
      </div>
    );
  }
  const first = (page - 1) * MESSAGE_PAGE_SIZE + 1;
  return (
    <div className="flex flex-col gap-4">
      <div className="hidden overflow-hidden rounded-card border border-neutral-200 bg-white shadow-raised sm:block">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t('messages.list.caption')}</caption>
          <thead className="border-b border-neutral-200 bg-neutral-50 text-xs text-neutral-500">
            <tr>
              <th scope="col" className="w-16 px-4 py-3 text-center font-semibold">
                {t('messages.list.number')}
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                {t('messages.list.message')}
              </th>
              <th scope="col" className="w-32 px-4 py-3 font-semibold">
                {t('messages.list.date')}
              </th>
              <th scope="col" className="w-24 px-4 py-3 font-semibold">
                {t('messages.list.type')}
              </th>
            </tr>
          </thead>
          <tbody>
            {messages.map((message, index) => (
              <tr
                key={message._id}
                onClick={() => void navigate(detailHref(message._id))}
                className={cx(
                  'cursor-pointer border-b border-neutral-100 last:border-0 hover:bg-primary-50/40',
                  message.dismissed && 'text-neutral-500',
                )}
              >
                <td className="px-4 py-3.5 text-center tabular-nums">{first + index}</td>
                <td className="px-4 py-3.5">
                  <Link
                    to={detailHref(message._id)}
                    lang={wordsOf(message).language}
                    className={cx(
                      'line-clamp-1 break-all',
                      message.dismissed ? 'font-normal' : 'font-semibold text-neutral-900',
                    )}
                  >
                    {wordsOf(message).title || wordsOf(message).message}
                  </Link>
                </td>
                <td className="px-4 py-3.5 tabular-nums">{messageDay(message.sentAt ?? message.createdAt)}</td>
                <td className="px-4 py-3.5">
                  <MessageTypeBadge type={message.type} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className="flex flex-col gap-3 sm:hidden" aria-label={t('messages.list.caption')}>
        {messages.map((message) => (
          <li key={message._id}>
            <Link
              to={detailHref(message._id)}
              className="flex flex-col gap-1.5 rounded-card border border-neutral-200 bg-white p-4 shadow-raised"
            >
              <span className="flex items-center gap-2">
                <MessageTypeBadge type={message.type} />
                <span className="text-xs text-neutral-500 tabular-nums">
                  {messageDay(message.sentAt ?? message.createdAt)}
                </span>
              </span>
              <span
                lang={wordsOf(message).language}
                className={cx('break-words', message.dismissed ? 'text-neutral-600' : 'font-semibold text-neutral-900')}
              >
                {wordsOf(message).title || wordsOf(message).message}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <Pagination page={page} pageCount={pages} onPageChange={onPageChange} label={t('messages.list.caption')} />
    </div>
  );
}
