import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CircleCheck, LinkIcon } from 'lucide-react';
import { resetTokenSchema } from '@pocketguide/contracts';
import { Spinner } from '../../../components/spinner.tsx';
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx';
import { useResetLinkCheck } from '../../../features/auth/api/reset-password.ts';
import { ResetPasswordForm } from '../../../features/auth/components/reset-password-form.tsx';
import { isNetworkError } from '../../../lib/api-client.ts';
import { paths } from '../../paths.ts';

/** `/reset-password/{token}`: the link is checked first; an invalid one says so (spec 2 §2, §5). */
export function ResetPasswordRoute() {
  const { t } = useTranslation();
  const token = useParams().token ?? '';
  // Spec 2 §5: a token that is not 32+ letters or digits is treated as no longer valid, without asking the server.
  const wellFormed = resetTokenSchema.safeParse(token).success;
  const check = useResetLinkCheck(token, wellFormed);
  const [outcome, setOutcome] = useState<'reset' | 'spent'>();

  const invalid = !wellFormed || outcome === 'spent' || (check.isError && !isNetworkError(check.error));

  return (
    <>
      <title>{`${t('resetPassword.pageTitle')} · ${t('app.name')}`}</title>
      <AuthLayout variant="narrow">
        {outcome === 'reset' ? (
          <Outcome
            tone="success"
            heading={t('account.messages.passwordReset')}
            description={t('resetPassword.done.description')}
            linkText={t('resetPassword.done.login')}
            href={paths.login.getHref()}
          />
        ) : invalid ? (
          <Outcome
            tone="invalid"
            heading={t('account.messages.linkInvalid')}
            description={t('resetPassword.invalid.description')}
            linkText={t('resetPassword.invalid.requestAgain')}
            href={paths.login.getHref({ panel: 'forgot' })}
          />
        ) : check.isSuccess ? (
          <>
            <h1 className="text-xl font-bold text-neutral-900 sm:text-2xl">{t('resetPassword.heading')}</h1>
            <p className="mt-2 mb-8 text-base text-neutral-600">{t('resetPassword.description')}</p>
            <ResetPasswordForm
              token={token}
              onReset={() => setOutcome('reset')}
              onLinkInvalid={() => setOutcome('spent')}
            />
          </>
        ) : (
          <div className="flex min-h-48 items-center justify-center gap-3 text-neutral-500">
            <Spinner className="text-primary-600" />
            <span role="status">{t('resetPassword.checking')}</span>
          </div>
        )}
      </AuthLayout>
    </>
  );
}

function Outcome({
  tone,
  heading,
  description,
  linkText,
  href,
}: {
  tone: 'success' | 'invalid';
  heading: string;
  description: string;
  linkText: string;
  href: string;
}) {
  return (
    <div className="flex flex-col items-center py-4 text-center">
      <div
        className={
          tone === 'success'
            ? 'flex size-16 items-center justify-center rounded-full bg-primary-50 text-primary-600'
            : 'flex size-16 items-center justify-center rounded-full bg-alert-50 text-alert-700'
        }
        aria-hidden="true"
      >
        {tone === 'success' ? <CircleCheck className="size-7" /> : <LinkIcon className="size-7" />}
      </div>
      <h1 className="mt-6 text-xl font-bold text-neutral-900">{heading}</h1>
      <p className="mt-3 text-base text-neutral-600">{description}</p>
      <Link
        to={href}
        className="mt-8 inline-flex h-11 w-full items-center justify-center rounded-control bg-primary-600 px-5 font-semibold text-white hover:bg-primary-700"
      >
        {linkText}
      </Link>
    </div>
  );
}
