import { useTranslation } from 'react-i18next';
import { startKakaoSignIn, useKakaoSignIn } from '../../../lib/kakao.ts';

/**
 * "카카오 로그인" under the login form, only when the server has Kakao sign-in configured (KAKAO_REST_API_KEY):
 * it sends the browser to Kakao's login page, which comes back to /login/kakao with a code. Kakao's own colours, as
 * its design guide asks for the button.
 */
export function KakaoSignInButton() {
  const { t } = useTranslation();
  const signIn = useKakaoSignIn();
  if (!signIn) return null;
  return (
    <div className="mt-4">
      <p className="mb-4 flex items-center gap-3 text-xs text-neutral-500 before:h-px before:flex-1 before:bg-neutral-200 after:h-px after:flex-1 after:bg-neutral-200">
        {t('login.kakao.or')}
      </p>
      <button
        type="button"
        onClick={() => startKakaoSignIn(signIn)}
        className="flex h-11 w-full items-center justify-center gap-2 rounded-control bg-[#fee500] px-4 text-sm font-semibold text-black/85 hover:brightness-95 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
      >
        <svg viewBox="0 0 24 24" className="size-4.5" aria-hidden="true">
          <path fill="currentColor" d="M12 3C6.48 3 2 6.5 2 10.8c0 2.78 1.86 5.22 4.66 6.6l-.95 3.48c-.08.31.27.56.54.38l4.1-2.72c.54.07 1.09.1 1.65.1 5.52 0 10-3.5 10-7.84S17.52 3 12 3Z" />
        </svg>
        {t('login.kakao.button')}
      </button>
    </div>
  );
}
