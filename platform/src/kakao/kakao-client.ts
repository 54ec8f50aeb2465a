import { AppError, UnauthorizedError } from '../http/errors.ts';

/**
 * Kakao login: the app gets an access token from Kakao's SDK and sends it to POST /api/auth/kakao; the server asks
 * Kakao whose token it is (`GET /v2/user/me`). Port and adapter; tests point the adapter at a local fake.
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
}

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

export function createKakaoHttpClient(options: { baseUrl: string; timeoutMs?: number; fetch?: typeof fetch }): KakaoClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 5000;
  const doFetch = options.fetch ?? fetch;
  return {
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
        throw new UnauthorizedError('The Kakao login is not valid. Please try again.');
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
