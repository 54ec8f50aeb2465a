import { useEffect, useState } from 'react';
import { kakaoConfigSchema } from '@pocketguide/contracts';
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

let asked: Promise<string | null> | undefined;

function kakaoAppKey(api: ApiClient): Promise<string | null> {
  asked ??= api.request({ path: '/kakao/config', schema: kakaoConfigSchema }).then(
    ({ data }) => data.jsAppKey,
    () => {
      asked = undefined;
      return null;
    },
  );
  return asked;
}

/**
 * The Kakao key, or null (not configured, or not known yet: no Kakao button is drawn meanwhile). Asked only once
 * `enabled` (a closed dialog asks nothing).
 */
export function useKakaoAppKey(enabled = true): string | null {
  const api = useApiClient();
  const [key, setKey] = useState<string | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    void kakaoAppKey(api).then((value) => current && setKey(value));
    return () => {
      current = false;
    };
  }, [api, enabled]);
  return key;
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
