import { Router } from 'express';
import type { KakaoConfig } from '@pocketguide/contracts';

/**
 * `GET /kakao/config`: Kakao's JavaScript app key (`KAKAO_JS_APP_KEY`), or null, and where the login page's Kakao
 * button goes (Kakao's authorization page and the REST API key, its public `client_id`), or null without a key. The web app is built once for any
 * server, so the key comes from here at run time: the editor's share dialog and the sign-in page ask before they
 * draw a Kakao button, and draw none on null. The readers' pages get it in their markup (viewer-html.ts) instead.
 * The key is public by Kakao's design (its SDK runs in the browser with it); Kakao checks the site's address.
 */
export function kakaoConfigRoutes(jsAppKey: string | null, signIn: KakaoConfig['signIn'] = null): Router {
  const body: KakaoConfig = { jsAppKey, signIn };
  const router = Router();
  router.get('/kakao/config', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(body);
  });
  return router;
}
