import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { kakaoAuthResponseSchema } from '@pocketguide/contracts';
import { Banner } from '../../../components/banner.tsx';
import { AuthLayout } from '../../../components/layouts/auth-layout.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { useApiClient } from '../../../lib/api-client-context.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { kakaoReturnUri, takeKakaoState } from '../../../lib/kakao.ts';
import { useSessionStore } from '../../../lib/session-context.tsx';
import { paths } from '../../paths.ts';

type Outcome = { kind: 'working' } | { kind: 'cancelled' } | { kind: 'failed'; message: string };

/**
 * `/login/kakao`: where Kakao's login page sends the browser back, with `code` and `state` (or `error` when the
 * person cancelled). Only a code that returns with the state this tab sent is exchanged (the server does it, with
 * the keys it alone holds); signed in, the anonymous-only guard sends the person on, as after a password login.
 */
export function KakaoReturnRoute() {
  const { t } = useTranslation();
  const api = useApiClient();
  const store = useSessionStore();
  const describeError = useErrorMessage();
  const [searchParams] = useSearchParams();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });
  const started = useRef(false);

  useEffect(() => {
    // once per return: React's development double effect, or a re-render, must not spend the code twice
    if (started.current) return;
    started.current = true;
    const sent = takeKakaoState();
    const code = searchParams.get('code');
    if (searchParams.get('error')) return setOutcome({ kind: 'cancelled' });
    if (!code || !sent || searchParams.get('state') !== sent) return setOutcome({ kind: 'failed', message: t('login.kakao.stateMismatch') });
    api
      .request({ method: 'POST', path: '/auth/kakao/code', body: { code, redirectUri: kakaoReturnUri() }, auth: 'none', schema: kakaoAuthResponseSchema })
      .then(
        ({ data }) => store.signIn(data),
        (error: unknown) => setOutcome({ kind: 'failed', message: describeError(error) }),
      );
  }, [api, describeError, searchParams, store, t]);

  return (
    <>
      <title>{`${t('login.kakao.pageTitle')} · ${t('app.name')}`}</title>
      <AuthLayout>
        <h1 className="text-xl font-bold text-neutral-900 sm:text-2xl">{t('login.kakao.pageTitle')}</h1>
        {outcome.kind === 'working' ? (
          <div className="mt-8 flex items-center gap-3 text-neutral-700" role="status">
            <Spinner />
            <span>{t('login.kakao.working')}</span>
          </div>
        ) : (
          <div className="mt-6 flex flex-col gap-6">
            <Banner tone={outcome.kind === 'cancelled' ? 'info' : 'alert'}>{outcome.kind === 'cancelled' ? t('login.kakao.cancelled') : outcome.message}</Banner>
            <Link to={paths.login.getHref()} className="font-semibold text-primary-700 underline-offset-4 hover:underline">
              {t('login.kakao.back')}
            </Link>
          </div>
        )}
      </AuthLayout>
    </>
  );
}
