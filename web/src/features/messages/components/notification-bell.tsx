import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Bell, X } from 'lucide-react';
import { BELL_MESSAGES, type Message } from '@pocketguide/contracts';
import { useDismissMessage, useLatestMessages } from '../api/messages.ts';
import { useMessageWords } from '../message-words.ts';
import { MessageTypeBadge, messageDay } from './message-type-badge.tsx';

type NotificationBellProps = { listHref: string; detailHref: (messageId: string) => string };

/**
 * The header's bell (spec 3 §2.4): the count of messages not dismissed, and a dropdown with the first three, each
 * opening its detail and with its own dismiss button, then 'See all notifications'. A message that arrives while
 * the app is open is announced by a toast with a link to it. Titles are in the reader's language (issue 23).
 */
export function NotificationBell({ listHref, detailHref }: NotificationBellProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const latest = useLatestMessages({ enabled: true });
  const dismiss = useDismissMessage();
  const wordsOf = useMessageWords();
  const messages = latest.data?.messages ?? [];
  const unread = messages.filter((message) => !message.dismissed);
  const shown = unread.slice(0, BELL_MESSAGES);

  // The first answer is what was there already; only later arrivals are announced.
  const known = useRef<Set<string> | null>(null);
  useEffect(() => {
    if (!latest.data) return;
    if (known.current === null) {
      known.current = new Set(latest.data.messages.map((message) => message._id));
      return;
    }
    for (const message of latest.data.messages) {
      if (known.current.has(message._id)) continue;
      known.current.add(message._id);
      if (!message.dismissed) {
        toast(t('messages.toast.new', { title: wordsOf(message).title }), {
          action: { label: t('messages.toast.open'), onClick: () => void navigate(detailHref(message._id)) },
        });
      }
    }
  }, [latest.data, t, navigate, detailHref, wordsOf]);

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={
          unread.length > 0 ? t('messages.bell.labelWithCount', { count: unread.length }) : t('messages.bell.label')
        }
        className="relative flex size-10 items-center justify-center rounded-control text-neutral-700 hover:bg-neutral-100 data-[state=open]:bg-neutral-100"
        // the count once the messages are known (absent while they load): what a test waits for before it reads the bell
        data-bell-count={latest.data ? unread.length : undefined}
      >
        <Bell className="size-5" aria-hidden="true" />
        {unread.length > 0 ? (
          <span
            className="absolute top-1 right-1 flex min-w-4.5 items-center justify-center rounded-full bg-accent-600 px-1 text-[11px] leading-4.5 font-bold text-white"
            aria-hidden="true"
          >
            {unread.length > 9 ? '9+' : unread.length}
          </span>
        ) : null}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          collisionPadding={12}
          className="z-50 w-80 max-w-[calc(100vw-24px)] rounded-card border border-neutral-200 bg-white p-2 shadow-raised"
        >
          <p className="px-2 py-1.5 text-sm font-semibold text-neutral-900">{t('messages.bell.title')}</p>
          {shown.length === 0 ? (
            <p className="px-2 py-4 text-sm text-neutral-500">
              {latest.isError ? t('messages.bell.failed') : t('messages.bell.empty')}
            </p>
          ) : (
            shown.map((message) => (
              <BellItem
                key={message._id}
                message={message}
                href={detailHref(message._id)}
                onDismiss={() => dismiss.mutate(message._id)}
              />
            ))
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-neutral-100" />
          <DropdownMenu.Item asChild>
            <Link
              to={listHref}
              className="flex h-10 items-center justify-center rounded-control text-sm font-semibold text-primary-700 outline-none data-[highlighted]:bg-neutral-100"
            >
              {t('messages.bell.seeAll')}
            </Link>
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function BellItem({ message, href, onDismiss }: { message: Message; href: string; onDismiss: () => void }) {
  const { t } = useTranslation();
  const words = useMessageWords()(message);
  return (
    <div className="flex items-start gap-1 rounded-control" data-bell-message={message._id}>
      <DropdownMenu.Item asChild>
        <Link
          to={href}
          className="flex min-w-0 flex-1 flex-col gap-1 rounded-control px-2 py-2 outline-none data-[highlighted]:bg-neutral-100"
        >
          <span className="flex items-center gap-2">
            <MessageTypeBadge type={message.type} />
            <span className="text-xs text-neutral-500 tabular-nums">
              {messageDay(message.sentAt ?? message.createdAt)}
            </span>
          </span>
          <span className="line-clamp-2 text-sm font-semibold break-words text-neutral-900" lang={words.language}>
            {words.title}
          </span>
        </Link>
      </DropdownMenu.Item>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={t('messages.bell.dismiss', { title: words.title })}
        title={t('messages.bell.dismissShort')}
        className="mt-1 flex size-8 shrink-0 items-center justify-center rounded-control text-neutral-500 hover:bg-neutral-100 hover:text-neutral-800"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </div>
  );
}
