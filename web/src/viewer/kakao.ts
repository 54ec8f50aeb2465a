import { KAKAO_KEY_META } from '@pocketguide/contracts/viewer/viewer-shapes';

/**
 * KakaoTalk sharing for the reader: the key is in the page (`<meta name="pg-kakao-key">`, only when the server has
 * one); Kakao's SDK (about 40 KB) is fetched from Kakao's CDN only when the reader presses the button, never with
 * the page. The shared address carries `?src=kakao`, so the insights count where the next reader came from.
 */
export const KAKAO_SDK_URL = 'https://t1.kakaocdn.net/kakao_js_sdk/2.7.4/kakao.min.js';

type KakaoSdk = {
  init(key: string): void;
  isInitialized(): boolean;
  Share: { sendScrap(options: { requestUrl: string }): unknown };
};

export function kakaoKey(): string | null {
  return document.querySelector<HTMLMetaElement>(`meta[name="${KAKAO_KEY_META}"]`)?.content || null;
}

let loading: Promise<KakaoSdk> | undefined;

function loadSdk(key: string): Promise<KakaoSdk> {
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

/** Opens KakaoTalk's share with `url` (Kakao draws the card from the page's link-preview tags); false if it failed. */
export async function shareOnKakao(key: string, url: string): Promise<boolean> {
  try {
    const sdk = await loadSdk(key);
    await sdk.Share.sendScrap({ requestUrl: url });
    return true;
  } catch {
    return false;
  }
}
