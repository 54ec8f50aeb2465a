import { Link, Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MailX } from 'lucide-react';
import { Spinner } from '../../../components/spinner.tsx';
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx';
import { useActivateAccount } from '../../../features/auth/api/activate-account.ts';
import { paths } from '../../paths.ts';

/** `/users/activate/{email}/{hash}`: verifies the email, then `/login?verified=1` (spec 2 §2). */
export function ActivateRoute() {
  const { t } = useTranslation();
  const { email = '', hash = '' } = useParams();
  const activation = useActivateAccount(email, hash);

  if (activation.isSuccess) return <Navigate to={paths.login.getHref({ verified: true })} replace />;

  return (
    <>
      <title>{`${t('activate.pageTitle')} · ${t('app.name')}`}</title>
      <AuthLayout variant="narrow">
        {activation.isError ? (
          <div className="flex flex-col items-center py-4 text-center">
            <div
              className="flex size-16 items-center justify-center rounded-full bg-alert-50 text-alert-700"
              aria-hidden="true"
            >
              <MailX className="size-7" />
            </div>
            <h1 className="mt-6 text-xl font-bold text-neutral-900">{t('account.messages.activationInvalid')}</h1>
            <p className="mt-3 text-base text-neutral-600">{t('activate.failed.description')}</p>
            <Link
              to={paths.login.getHref({ panel: 'resend' })}
              className="mt-8 inline-flex h-11 w-full items-center justify-center rounded-control bg-primary-600 px-5 font-semibold text-white hover:bg-primary-700"
            >
              {t('activate.failed.login')}
            </Link>
          </div>
        ) : (
          <div className="flex min-h-48 items-center justify-center gap-3 text-neutral-500">
            <Spinner className="text-primary-600" />
            <span role="status">{t('activate.verifying')}</span>
          </div>
        )}
      </AuthLayout>
    </>
  );
}
