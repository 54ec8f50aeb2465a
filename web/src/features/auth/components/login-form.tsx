import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ChevronDown, LogIn } from 'lucide-react';
import {
  loginFormSchema,
  passwordResetRequestBodySchema,
  resendVerificationFormSchema,
  type AuthResponse,
} from '@pocketguide/contracts';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { isApiError, isNetworkError } from '../../../lib/api-client.ts';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { cx } from '../../../lib/class-names.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';
import { requestPasswordReset } from '../api/request-password-reset.ts';
import { resendVerification } from '../api/resend-verification.ts';
import { useSignIn } from '../api/sign-in.ts';
import { KakaoSignInButton } from './kakao-sign-in.tsx';
import { EmailRequestPanel } from './email-request-panel.tsx';

export type LoginPanel = 'forgot' | 'resend';

type LoginFormProps = {
  onSignedIn: (auth: AuthResponse) => void;
  signupHref: string;
  /** the reset page's path: its address on this origin is sent along, so the mail links to this site */
  resetPagePath: string;
  /** `?verified=1`: the person has just verified their email */
  verified: boolean;
  initialPanel?: LoginPanel | undefined;
};

type Refusal = 'credentials' | 'notVerified' | 'hidden' | 'tooMany' | 'other';

function refusalOf(error: unknown): Refusal {
  if (!isApiError(error)) return 'other';
  if (error.status === 401 || error.status === 404) return 'credentials';
  if (error.status === 409) return 'notVerified';
  if (error.status === 403) return 'hidden';
  if (error.status === 429) return 'tooMany';
  return 'other';
}

export function LoginForm({ onSignedIn, signupHref, resetPagePath, verified, initialPanel }: LoginFormProps) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const api = useApiClient();
  const signIn = useSignIn();
  const form = useSchemaForm(loginFormSchema, { email: '', password: '' });
  const [panel, setPanel] = useState<LoginPanel | undefined>(initialPanel);
  const [resent, setResent] = useState<'sent' | 'failed'>();

  const submit = form.handleSubmit((credentials) => {
    setResent(undefined);
    signIn.mutate(credentials, { onSuccess: onSignedIn });
  });

  const refusal = signIn.error && !isNetworkError(signIn.error) ? refusalOf(signIn.error) : undefined;

  const resendFromBanner = () => {
    resendVerification(api, form.values.email.trim()).then(
      () => setResent('sent'),
      () => setResent('failed'),
    );
  };

  const sendResetLink = (email: string) =>
    requestPasswordReset(api, { email, link: new URL(resetPagePath, window.location.origin).href }).then(
      () => t('account.messages.resetRequested'),
      (error: unknown) => Promise.reject(new Error(describeError(error))),
    );

  const sendVerification = (email: string) =>
    resendVerification(api, email).then(
      () => t('account.messages.verificationResent'),
      (error: unknown) => {
        const status = isApiError(error) ? error.status : 0;
        const text = status === 409 ? t('login.resend.alreadyVerified') : status === 404 ? t('login.resend.unknown') : describeError(error);
        return Promise.reject(new Error(text));
      },
    );

  return (
    <div>
      {verified ? (
        <Banner tone="info" className="mb-6">
          {t('login.verified')}
        </Banner>
      ) : null}

      <form ref={form.formRef} noValidate onSubmit={submit} className="flex flex-col gap-5" aria-describedby={refusal ? 'login-refusal' : undefined}>
        <TextField
          {...form.field('email')}
          label={t('auth.fields.email')}
          type="email"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="off"
          placeholder={t('auth.placeholders.email')}
        />
        <div className="flex flex-col gap-2">
          <PasswordField {...form.field('password')} label={t('auth.fields.password')} autoComplete="current-password" />
          <button
            type="button"
            aria-controls="login-forgot-panel"
            onClick={() => setPanel('forgot')}
            className="self-end rounded-control text-sm font-semibold text-primary-700 underline-offset-4 hover:underline"
          >
            {t('login.forgot.toggle')}
          </button>
        </div>

        {refusal ? (
          <div id="login-refusal">
            <RefusalBanner refusal={refusal} error={signIn.error} resent={resent} onResend={resendFromBanner} />
          </div>
        ) : null}

        <Button type="submit" className="mt-1 w-full" loading={signIn.isPending} icon={<LogIn className="size-4.5" aria-hidden="true" />}>
          {signIn.isPending ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>

      <KakaoSignInButton />

      <p className="mt-6 text-center text-sm text-neutral-600">
        {t('login.noAccount')}{' '}
        <Link to={signupHref} className="font-semibold text-primary-700 underline-offset-4 hover:underline">
          {t('login.signupLink')}
        </Link>
      </p>

      <div className="mt-8 border-t border-neutral-200 pt-6">
        <p className="text-sm font-semibold text-neutral-800">{t('login.help')}</p>
        <div className="mt-2 flex flex-col items-start gap-2">
          <DisclosureButton
            expanded={panel === 'forgot'}
            controls="login-forgot-panel"
            onToggle={() => setPanel(panel === 'forgot' ? undefined : 'forgot')}
          >
            {t('login.forgot.toggle')}
          </DisclosureButton>
          {panel === 'forgot' ? (
            <EmailRequestPanel
              id="login-forgot-panel"
              description={t('login.forgot.description')}
              submitLabel={t('login.forgot.submit')}
              initialEmail={form.values.email}
              schema={passwordResetRequestBodySchema}
              send={sendResetLink}
            />
          ) : null}
          <DisclosureButton
            expanded={panel === 'resend'}
            controls="login-resend-panel"
            onToggle={() => setPanel(panel === 'resend' ? undefined : 'resend')}
          >
            {t('login.resend.toggle')}
          </DisclosureButton>
          {panel === 'resend' ? (
            <EmailRequestPanel
              id="login-resend-panel"
              description={t('login.resend.description')}
              submitLabel={t('login.resend.submit')}
              initialEmail={form.values.email}
              schema={resendVerificationFormSchema}
              send={sendVerification}
            />
          ) : null}
        </div>
      </div>
    </div>
  );
}

function RefusalBanner({
  refusal,
  error,
  resent,
  onResend,
}: {
  refusal: Refusal;
  error: unknown;
  resent: 'sent' | 'failed' | undefined;
  onResend: () => void;
}) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  if (refusal === 'notVerified') {
    if (resent === 'sent') return <Banner tone="info">{t('account.messages.verificationResent')}</Banner>;
    return (
      <Banner tone="warning">
        <p>{t('account.messages.notVerified')}</p>
        {resent === 'failed' ? <p className="mt-1 font-semibold">{t('errors.generic')}</p> : null}
        <Button variant="secondary" size="sm" className="mt-3" onClick={onResend}>
          {t('login.resendVerification')}
        </Button>
      </Banner>
    );
  }
  const text =
    refusal === 'credentials'
      ? t('account.messages.badCredentials')
      : refusal === 'hidden'
        ? t('account.messages.accountHidden')
        : refusal === 'tooMany'
          ? t('account.messages.tooManyAttempts')
          : describeError(error);
  return <Banner tone="alert">{text}</Banner>;
}

function DisclosureButton({
  expanded,
  controls,
  onToggle,
  className,
  children,
}: {
  expanded: boolean;
  controls: string;
  onToggle: () => void;
  className?: string;
  children: string;
}) {
  return (
    <button
      type="button"
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={onToggle}
      className={cx(
        'inline-flex items-center gap-1 rounded-control text-sm font-semibold text-primary-700 underline-offset-4 hover:underline',
        className,
      )}
    >
      {children}
      <ChevronDown className={cx('size-4 transition-transform duration-150', expanded && 'rotate-180')} aria-hidden="true" />
    </button>
  );
}
