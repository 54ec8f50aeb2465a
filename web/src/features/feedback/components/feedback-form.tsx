import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MessageSquareText, Send } from 'lucide-react';
import { toast } from 'sonner';
import { FEEDBACK_MAX_LENGTH, FEEDBACK_TITLE_MAX_LENGTH } from '@pocketguide/contracts';
import { Button } from '../../../components/button.tsx';
import { useSession } from '../../../lib/session-context.tsx';
import { useSendFeedback } from '../api/send-feedback.ts';
import { parseFeedback, withSystemInfo } from '../parse-feedback.ts';

/** Leaves room under the server's limit for the system-info block the form adds. */
const TEXT_MAX_LENGTH = FEEDBACK_MAX_LENGTH - 2000;
const TOAST_MS = 4000;

/** Spec 3 §2.12: a 100 px text area and a send button; the text's first line may name a title. */
export function FeedbackForm() {
  const { t } = useTranslation();
  const session = useSession();
  const sendFeedback = useSendFeedback();
  const [text, setText] = useState('');
  const headingId = useId();
  const descriptionId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sendFeedback.isPending) return;
    if (text.trim() === '') {
      toast.warning(t('feedback.empty'), { duration: TOAST_MS });
      return;
    }
    const { title, body } = parseFeedback(text);
    const now = new Date();
    const feedback = withSystemInfo(body, {
      user: session ? { name: session.name, email: session.email, id: session.id, role: session.role } : undefined,
      userAgent: navigator.userAgent,
      time: now.toISOString(),
      url: window.location.href,
      pageTitle: document.title,
      screen: `${window.screen.width}x${window.screen.height}`,
      viewport: `${window.innerWidth}x${window.innerHeight}`,
    });
    sendFeedback.mutate(
      {
        ...(title === undefined ? {} : { title: title.slice(0, FEEDBACK_TITLE_MAX_LENGTH) }),
        feedback,
        url: window.location.href,
        userAgent: navigator.userAgent,
        timestamp: now.toISOString(),
      },
      {
        onSuccess: () => {
          setText('');
          toast.success(t('feedback.success'), { duration: TOAST_MS });
        },
        onError: () => toast.error(t('feedback.failure'), { duration: TOAST_MS }),
      },
    );
  };

  return (
    <section aria-labelledby={headingId} className="rounded-card border border-neutral-200 bg-neutral-50 p-5">
      <h2 id={headingId} className="flex items-center gap-2 text-base font-bold text-neutral-900">
        <MessageSquareText className="size-4.5 text-primary-600" aria-hidden="true" />
        {t('feedback.heading')}
      </h2>
      <p id={descriptionId} className="mt-1 text-sm text-neutral-600">
        {t('feedback.description')}
      </p>
      <form noValidate onSubmit={submit} className="mt-3 flex flex-col gap-3">
        <label className="sr-only" htmlFor={`${headingId}-text`}>
          {t('feedback.label')}
        </label>
        <textarea
          id={`${headingId}-text`}
          name="feedback"
          value={text}
          maxLength={TEXT_MAX_LENGTH}
          aria-describedby={descriptionId}
          placeholder={t('feedback.placeholder')}
          onChange={(event) => setText(event.target.value)}
          className="h-[100px] w-full resize-none rounded-control border border-neutral-300 bg-white px-3.5 py-2.5 text-sm text-neutral-900 placeholder:text-neutral-500 hover:border-neutral-400 focus-visible:border-primary-600 focus-visible:ring-3 focus-visible:ring-primary-100 focus-visible:outline-none"
        />
        <Button
          type="submit"
          size="sm"
          className="self-end"
          disabled={text === ''}
          loading={sendFeedback.isPending}
          icon={<Send className="size-4" aria-hidden="true" />}
        >
          {sendFeedback.isPending ? t('feedback.sending') : t('feedback.submit')}
        </Button>
      </form>
    </section>
  );
}
