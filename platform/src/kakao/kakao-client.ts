import { AppError, UnauthorizedError } from '../http/errors.ts';

/**
 * Kakao login. A client holding a Kakao access token sends it to POST /api/auth/kakao; the server asks Kakao whose
 * token it is (`GET /v2/user/me`). The web app's button goes through Kakao's authorization page instead, which comes
 * back with a code: POST /api/auth/kakao/code, and the server exchanges the code for a token
 * (`POST {kauth}/oauth/token`) with the app's REST API key and client secret, which never leave the server. Port and
 * adapter; tests point the adapter at a local fake.
 */
export type KakaoProfile = {
  /** Kakao's user id (a number there, a string here) */
  id: string;
  /** null when the person did not consent to share it, or Kakao has not verified it */
  email: string | null;
  nickname: string | null;
};

export interface KakaoClient {
  /** the profile behind an access token; an invalid or expired token is a 401 */
  me(accessToken: string): Promise<KakaoProfile>;
  /**
   * The access token for an authorization code Kakao's login page handed back to `redirectUri`; a code that is
   * unknown, used or expired, or a `redirectUri` other than the authorization's, is a 401. Null without a REST API
   * key: Kakao sign-in through its page is not configured.
   */
  exchangeCode: ((code: string, redirectUri: string) => Promise<string>) | null;
}

export type KakaoClientOptions = {
  /** Kakao's user API, https://kapi.kakao.com */
  baseUrl: string;
  /** Kakao's authorization server, https://kauth.kakao.com */
  authBaseUrl?: string | undefined;
  /** the app's REST API key (Kakao's `client_id`); unset: no code exchange */
  restApiKey?: string | undefined;
  /** the app's client secret, when the Kakao app has one switched on */
  clientSecret?: string | undefined;
  timeoutMs?: number;
  fetch?: typeof fetch;
};

type KakaoUserMe = {
  id?: unknown;
  kakao_account?: {
    email?: unknown;
    is_email_valid?: unknown;
    is_email_verified?: unknown;
    profile?: { nickname?: unknown };
  };
  properties?: { nickname?: unknown };
};

class KakaoUnavailableError extends AppError {
  constructor(detail: string) {
    super(502, 'internal_error', 'Kakao login is not available right now. Please try again later.', { detail });
  }
}

const invalidLogin = () => new UnauthorizedError('The Kakao login is not valid. Please try again.');

export function createKakaoHttpClient(options: KakaoClientOptions): KakaoClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const authBaseUrl = (options.authBaseUrl ?? 'https://kauth.kakao.com').replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 5000;
  const doFetch = options.fetch ?? fetch;
  const { restApiKey, clientSecret } = options;

  async function exchangeCode(code: string, redirectUri: string): Promise<string> {
    const form = new URLSearchParams({ grant_type: 'authorization_code', client_id: restApiKey ?? '', redirect_uri: redirectUri, code });
    if (clientSecret) form.set('client_secret', clientSecret);
    let response: Response;
    try {
      response = await doFetch(`${authBaseUrl}/oauth/token`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8' },
        body: form,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new KakaoUnavailableError(error instanceof Error ? error.message : String(error));
    }
    let body: { access_token?: unknown; error?: unknown; error_code?: unknown };
    try {
      body = (await response.json()) as typeof body;
    } catch {
      throw new KakaoUnavailableError(`Kakao answered ${response.status} with something that is not JSON`);
    }
    // Kakao answers 400/401 `invalid_grant` (KOE320) for a code that is unknown, used, expired or issued for another
    // redirect address; `invalid_client` (KOE010) means this server's key or secret is wrong: its operator's fault.
    if (response.status === 400 || response.status === 401) {
      if (body.error === 'invalid_grant') throw invalidLogin();
      throw new KakaoUnavailableError(`Kakao refused the exchange: ${String(body.error)} ${String(body.error_code ?? '')}`.trim());
    }
    if (!response.ok) throw new KakaoUnavailableError(`Kakao answered ${response.status}`);
    if (typeof body.access_token !== 'string' || body.access_token === '') throw new KakaoUnavailableError('Kakao answered without an access token');
    return body.access_token;
  }

  return {
    exchangeCode: restApiKey ? exchangeCode : null,
    async me(accessToken) {
      let response: Response;
      try {
        response = await doFetch(`${baseUrl}/v2/user/me`, {
          headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/x-www-form-urlencoded;charset=utf-8' },
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new KakaoUnavailableError(error instanceof Error ? error.message : String(error));
      }
      // Kakao answers 401 (code -401) for an invalid or expired token.
      if (response.status === 401 || response.status === 400) {
        await response.body?.cancel();
        throw invalidLogin();
      }
      if (!response.ok) {
        await response.body?.cancel();
        throw new KakaoUnavailableError(`Kakao answered ${response.status}`);
      }
      let body: KakaoUserMe;
      try {
        body = (await response.json()) as KakaoUserMe;
      } catch {
        throw new KakaoUnavailableError('Kakao answered something that is not JSON');
      }
      const id = typeof body.id === 'number' || typeof body.id === 'string' ? String(body.id) : null;
      if (!id || !/^[0-9A-Za-z_-]{1,64}$/.test(id)) throw new KakaoUnavailableError('Kakao answered without a user id');
      const account = body.kakao_account ?? {};
      // An address Kakao says is invalid or unverified proves nothing about who owns it.
      const emailTrusted = account.is_email_valid !== false && account.is_email_verified !== false;
      const email = typeof account.email === 'string' && account.email.includes('@') && emailTrusted ? account.email : null;
      const nicknameValue = account.profile?.nickname ?? body.properties?.nickname;
      const nickname = typeof nicknameValue === 'string' && nicknameValue.trim() !== '' ? nicknameValue.trim() : null;
      return { id, email, nickname };
    },
  };
}
