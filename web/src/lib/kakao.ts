import { useEffect, useState } from 'react';
import { KAKAO_SIGN_IN_RETURN_PATH, kakaoConfigSchema, type KakaoConfig } from '@pocketguide/contracts';
import type { ApiClient } from './api-client.ts';
import { useApiClient } from './api-client-context.tsx';

/**
 * Kakao in the web app (issue 24): the server's JavaScript app key (`GET /api/kakao/config`, KAKAO_JS_APP_KEY),
 * asked once per page load, and Kakao's SDK, fetched from Kakao's CDN only when a Kakao button is pressed. Without
 * a key no Kakao button is drawn and the SDK is never fetched. (The readers' viewer has its own copy of the loader,
 * web/src/viewer/kakao.ts: it shares no code with the app.)
 */
export const KAKAO_SDK_URL = 'https://t1.kakaocdn.net/kakao_js_sdk/2.7.4/kakao.min.js';

type KakaoSdk = {
  init(key: string): void;
  isInitialized(): boolean;
  Share: { sendScrap(options: { requestUrl: string }): unknown };
};

let asked: Promise<KakaoConfig | null> | undefined;

function kakaoConfig(api: ApiClient): Promise<KakaoConfig | null> {
  asked ??= api.request({ path: '/kakao/config', schema: kakaoConfigSchema }).then(
    ({ data }) => data,
    () => {
      asked = undefined;
      return null;
    },
  );
  return asked;
}

/** Kakao's configuration once known (null meanwhile, and when it could not be asked), asked only once `enabled`. */
function useKakaoConfig<T>(pick: (config: KakaoConfig) => T | null, enabled: boolean): T | null {
  const api = useApiClient();
  const [value, setValue] = useState<T | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    void kakaoConfig(api).then((config) => current && setValue(config ? pick(config) : null));
    return () => {
      current = false;
    };
    // `pick` is a module-level function at every call site: it never changes
  }, [api, enabled, pick]);
  return value;
}

const pickAppKey = (config: KakaoConfig) => config.jsAppKey;
const pickSignIn = (config: KakaoConfig) => config.signIn;

/**
 * The Kakao key, or null (not configured, or not known yet: no Kakao button is drawn meanwhile). Asked only once
 * `enabled` (a closed dialog asks nothing).
 */
export function useKakaoAppKey(enabled = true): string | null {
  return useKakaoConfig(pickAppKey, enabled);
}

/** Where the login page's Kakao button goes, or null: no button (Kakao sign-in not configured, or not known yet). */
export function useKakaoSignIn(): KakaoConfig['signIn'] {
  return useKakaoConfig(pickSignIn, true);
}

/** The page Kakao's login page returns to (the Kakao app's registered Redirect URI on this site). */
export const kakaoReturnUri = (): string => new URL(KAKAO_SIGN_IN_RETURN_PATH, window.location.origin).href;
const KAKAO_STATE_KEY = 'pocketguide.kakao-state';

/**
 * Sends the browser to Kakao's login page with a fresh random `state`, kept in this tab's sessionStorage: the
 * return page accepts only a code that comes back with it, so nobody can sign a visitor into their own account by
 * sending them a link with a code (login CSRF).
 */
export function startKakaoSignIn(signIn: NonNullable<KakaoConfig['signIn']>): void {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  const state = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  sessionStorage.setItem(KAKAO_STATE_KEY, state);
  const url = new URL(signIn.authorizeUrl);
  url.search = new URLSearchParams({ response_type: 'code', client_id: signIn.clientId, redirect_uri: kakaoReturnUri(), state }).toString();
  window.location.assign(url.href);
}

/** The state this tab sent to Kakao, read once (a second return with the same state is refused). */
export function takeKakaoState(): string | null {
  const state = sessionStorage.getItem(KAKAO_STATE_KEY);
  sessionStorage.removeItem(KAKAO_STATE_KEY);
  return state;
}

let loading: Promise<KakaoSdk> | undefined;

function loadKakaoSdk(key: string): Promise<KakaoSdk> {
  loading ??= new Promise<KakaoSdk>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = KAKAO_SDK_URL;
    script.crossOrigin = 'anonymous';
    script.async = true;
    script.onload = () => {
      const sdk = (window as unknown as { Kakao?: KakaoSdk }).Kakao;
      if (!sdk) return reject(new Error('Kakao SDK missing'));
      if (!sdk.isInitialized()) sdk.init(key);
      resolve(sdk);
    };
    script.onerror = () => reject(new Error('Kakao SDK did not load'));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/** KakaoTalk's share of `url` (Kakao draws the card from the page's link-preview tags); false when it failed. */
export async function shareOnKakao(key: string, url: string): Promise<boolean> {
  try {
    const sdk = await loadKakaoSdk(key);
    await sdk.Share.sendScrap({ requestUrl: url });
    return true;
  } catch {
    return false;
  }
}
