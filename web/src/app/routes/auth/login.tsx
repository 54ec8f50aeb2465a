import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx';
import { LoginForm, type LoginPanel } from '../../../features/auth/components/login-form.tsx';
import { useSessionStore } from '../../../lib/session-context.tsx';
import { paths } from '../../paths.ts';

/** `/` and `/login`. Signing in stores the session; AnonymousOnly then sends the person on (users and admins apart). */
export function LoginRoute() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const store = useSessionStore();
  const panel: LoginPanel | undefined = searchParams.has('forgot')
    ? 'forgot'
    : searchParams.has('resend')
      ? 'resend'
      : undefined;

  return (
    <>
      <title>{`${t('login.pageTitle')} · ${t('app.name')}`}</title>
      <AuthLayout>
        <h1 className="text-xl font-bold text-neutral-900 sm:text-2xl">{t('login.heading')}</h1>
        <p className="mt-2 mb-8 text-base text-neutral-600">{t('login.description')}</p>
        <LoginForm
          onSignedIn={(auth) => store.signIn(auth)}
          signupHref={paths.signup.getHref()}
          resetPagePath={paths.resetPassword.base}
          verified={searchParams.get('verified') === '1'}
          initialPanel={panel}
        />
      </AuthLayout>
    </>
  );
}
