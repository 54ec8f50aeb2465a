import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { X } from 'lucide-react';
import { Banner } from '../../../components/banner.tsx';
import { useDismissMessage, useLatestMessages } from '../api/messages.ts';
import { useMessageWords } from '../message-words.ts';

const tones = { alert: 'alert', warning: 'warning', information: 'info' } as const;

/**
 * The site-wide banner (spec 3 §2.10): the newest message flagged as a notification that the member has not
 * dismissed, red for an alert, yellow for a warning, blue otherwise, in the reader's language (Korean when the message
 * has no English version); closing it dismisses it on the server.
 */
export function NotificationBanner({ detailHref }: { detailHref: (messageId: string) => string }) {
  const { t } = useTranslation();
  const latest = useLatestMessages({ enabled: true });
  const dismiss = useDismissMessage();
  const wordsOf = useMessageWords();
  const message = latest.data?.messages.find(
    (candidate) =>
      candidate.notification && !candidate.dismissed && !(dismiss.isPending && dismiss.variables === candidate._id),
  );
  if (!message) return null;
  const words = wordsOf(message);
  return (
    <div className="mx-auto w-full max-w-content px-4 pt-4 sm:px-6" data-notification-banner={message.type}>
      <Banner
        tone={tones[message.type]}
        action={
          <button
            type="button"
            onClick={() => dismiss.mutate(message._id)}
            aria-label={t('messages.banner.close')}
            className="flex size-8 items-center justify-center rounded-control hover:bg-white/60"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        }
      >
        <p>
          <span className="font-semibold" lang={words.language}>
            {words.title}
          </span>{' '}
          <Link to={detailHref(message._id)} className="font-semibold underline underline-offset-4">
            {t('messages.banner.more')}
          </Link>
        </p>
      </Banner>
    </div>
  );
}
