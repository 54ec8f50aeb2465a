import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { Button } from '../../../components/button.tsx';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useDismissMessage, useInboxMessage } from '../api/messages.ts';
import { useMessageWords } from '../message-words.ts';
import { MessageTypeBadge } from './message-type-badge.tsx';

/**
 * /settings/notifications/{messageId} (spec 3 §2.4): back to the list, the type, the date and time
 * (YYYY.MM.DD HH:mm), the title and the body with its line breaks, in the reader's language (the Korean words when
 * the message has no English version); a placeholder while loading or when missing.
 */
export function NotificationDetail({ messageId, listHref }: { messageId: string; listHref: string }) {
  const { t } = useTranslation();
  const message = useInboxMessage(messageId);
  const dismiss = useDismissMessage();
  const wordsOf = useMessageWords();
  const words = message.data ? wordsOf(message.data) : null;
  return (
    <article className="flex flex-col gap-5">
      <Link
        to={listHref}
        className="inline-flex items-center gap-1.5 self-start text-sm font-semibold text-primary-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        {t('messages.detail.back')}
      </Link>
      {message.data && words ? (
        <div className="flex flex-col gap-4 rounded-card border border-neutral-200 bg-white p-6 shadow-raised">
          <div className="flex flex-wrap items-center gap-3">
            <MessageTypeBadge type={message.data.type} />
            <time
              className="text-sm text-neutral-500 tabular-nums"
              dateTime={message.data.sentAt ?? message.data.createdAt}
            >
              {formatDateTime(message.data.sentAt ?? message.data.createdAt).slice(0, 16)}
            </time>
          </div>
          <h2 className="text-xl font-bold break-words text-neutral-900" lang={words.language}>
            {words.title}
          </h2>
          <p
            className="text-base leading-relaxed break-words whitespace-pre-line text-neutral-800"
            lang={words.language}
            data-message-body="true"
          >
            {words.message}
          </p>
          {message.data.dismissed ? (
            <p className="text-sm text-neutral-500">{t('messages.detail.dismissed')}</p>
          ) : (
            <Button
              variant="secondary"
              size="sm"
              className="self-start"
              loading={dismiss.isPending}
              onClick={() => dismiss.mutate(messageId, { onSuccess: () => void message.refetch() })}
            >
              {t('messages.detail.dismiss')}
            </Button>
          )}
        </div>
      ) : (
        <div
          className="rounded-card border border-dashed border-neutral-300 bg-white p-6 text-neutral-500"
          role="status"
          data-message-placeholder="true"
        >
          {message.isError ? t('messages.detail.missing') : t('messages.detail.loading')}
        </div>
      )}
    </article>
  );
}
