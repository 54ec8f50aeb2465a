import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Mail } from 'lucide-react';
import type { z } from 'zod';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { useAccountMessage } from '../../../lib/account-message.ts';
import { firstIssuePerField } from '../../../lib/form-errors.ts';

type EmailRequestPanelProps = {
  id: string;
  description: string;
  submitLabel: string;
  initialEmail: string;
  /** checks `{ email }` with the contracts schema the server parses */
  schema: z.ZodType<{ email: string }>;
  /** sends the request; resolves to the success text, rejects with the failure text */
  send: (email: string) => Promise<string>;
};

/** One email field and one button: the login screen's forgot-password and resend-verification panels. */
export function EmailRequestPanel({
  id,
  description,
  submitLabel,
  initialEmail,
  schema,
  send,
}: EmailRequestPanelProps) {
  const { t } = useTranslation();
  const localise = useAccountMessage();
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string>();
  const [outcome, setOutcome] = useState<{ tone: 'info' | 'alert'; text: string }>();
  const [sending, setSending] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    // The panel sits inside no other form, but keep its submit from reaching anything around it.
    event.preventDefault();
    event.stopPropagation();
    const parsed = schema.safeParse({ email });
    if (!parsed.success) {
      const message = firstIssuePerField(parsed.error).email;
      setError(message ? localise(message) : undefined);
      setOutcome(undefined);
      event.currentTarget.querySelector('input')?.focus();
      return;
    }
    setError(undefined);
    setSending(true);
    send(parsed.data.email)
      .then(
        (text) => setOutcome({ tone: 'info', text }),
        (failure: unknown) =>
          setOutcome({ tone: 'alert', text: failure instanceof Error ? failure.message : t('errors.generic') }),
      )
      .finally(() => setSending(false));
  };

  return (
    <div id={id} className="w-full rounded-control border border-neutral-200 bg-neutral-50 p-4">
      <p className="text-sm text-neutral-600">{description}</p>
      <form noValidate onSubmit={submit} className="mt-3 flex flex-col gap-3">
        <TextField
          label={t('auth.fields.email')}
          type="email"
          name={`${id}-email`}
          autoComplete="email"
          inputMode="email"
          // The panel opens on request, to type an email into.
          autoFocus
          placeholder={t('auth.placeholders.email')}
          value={email}
          error={error}
          onChange={(event) => {
            setEmail(event.target.value);
            setError(undefined);
          }}
        />
        <Button
          type="submit"
          variant="secondary"
          loading={sending}
          icon={<Mail className="size-4" aria-hidden="true" />}
        >
          {submitLabel}
        </Button>
      </form>
      {outcome ? (
        <Banner tone={outcome.tone} className="mt-3">
          {outcome.text}
        </Banner>
      ) : null}
    </div>
  );
}
