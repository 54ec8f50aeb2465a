import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MailCheck } from 'lucide-react';
import { toast } from 'sonner';
import { TRIAL_DAYS, type SignupAccepted } from '@pocketguide/contracts';
import { Button } from '../../../components/button.tsx';
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx';
import { useResendVerification } from '../../../features/auth/api/resend-verification.ts';
import { SignupForm } from '../../../features/auth/components/signup-form.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { paths } from '../../paths.ts';

export function SignupRoute() {
  const { t } = useTranslation();
  const [accepted, setAccepted] = useState<SignupAccepted>();

  return (
    <>
      <title>{`${accepted ? t('signup.welcome.pageTitle') : t('signup.pageTitle')} · ${t('app.name')}`}</title>
      <AuthLayout>
        {accepted ? (
          <Welcome email={accepted.email} />
        ) : (
          <>
            <h1 className="text-xl font-bold text-neutral-900 sm:text-2xl">{t('signup.heading')}</h1>
            <p className="mt-2 mb-8 text-base text-neutral-600">{t('signup.description', { days: TRIAL_DAYS })}</p>
            <SignupForm
              loginHref={paths.login.getHref()}
              onSignedUp={(answer) => {
                setAccepted(answer);
                window.scrollTo({ top: 0 });
              }}
            />
          </>
        )}
      </AuthLayout>
    </>
  );
}

/** Spec 2 §2: success shows a welcome asking the person to verify their email. */
function Welcome({ email }: { email: string }) {
  const { t } = useTranslation();
  const describeError = useErrorMessage();
  const resend = useResendVerification();
  return (
    <div className="flex flex-col items-center py-6 text-center sm:py-10">
      <div
        className="flex size-16 items-center justify-center rounded-full bg-primary-50 text-primary-600"
        aria-hidden="true"
      >
        <MailCheck className="size-7" />
      </div>
      <h1 className="mt-6 text-xl font-bold text-neutral-900 sm:text-2xl">{t('signup.welcome.heading')}</h1>
      <p className="mt-3 max-w-sm text-base text-neutral-600">{t('signup.welcome.description', { email })}</p>
      <Link
        to={paths.login.getHref()}
        className="mt-8 inline-flex h-11 w-full max-w-xs items-center justify-center rounded-control bg-primary-600 px-5 font-semibold text-white hover:bg-primary-700"
      >
        {t('signup.welcome.login')}
      </Link>
      <p className="mt-8 max-w-sm text-sm text-neutral-500">{t('signup.welcome.noMail')}</p>
      <Button
        variant="ghost"
        size="sm"
        className="mt-2 text-primary-700"
        loading={resend.isPending}
        onClick={() =>
          resend.mutate(email, {
            onSuccess: () => toast.success(t('account.messages.verificationResent')),
            onError: (error) => toast.error(describeError(error)),
          })
        }
      >
        {t('signup.welcome.resend')}
      </Button>
    </div>
  );
}
