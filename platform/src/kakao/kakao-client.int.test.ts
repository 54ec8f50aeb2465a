import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError, UnauthorizedError } from '../http/errors.ts';
import { createKakaoHttpClient } from './kakao-client.ts';

/** A local server answering as Kakao's `GET /v2/user/me` does, for a few known tokens. */
let server: Server;
let baseUrl: string;
const seen: Array<{ url: string | undefined; authorization: string | undefined }> = [];

const answers: Record<string, { status: number; body: unknown }> = {
  'token-full': { status: 200, body: { id: 4242, connected_at: '2026-01-01T00:00:00Z', kakao_account: { email: 'Minji@Kakao.com', is_email_valid: true, is_email_verified: true, profile: { nickname: '민지' } } } },
  'token-no-email': { status: 200, body: { id: 77, kakao_account: { profile: { nickname: '여행자' } } } },
  'token-unverified': { status: 200, body: { id: 78, kakao_account: { email: 'x@kakao.com', is_email_valid: true, is_email_verified: false } } },
  'token-no-id': { status: 200, body: { kakao_account: {} } },
  'token-broken': { status: 500, body: { msg: 'internal' } },
};

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    seen.push({ url: req.url, authorization: req.headers.authorization });
    const token = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    const answer = req.url === '/v2/user/me' ? answers[token] : undefined;
    const { status, body } = answer ?? { status: 401, body: { msg: 'this access token does not exist', code: -401 } };
    res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' }).end(JSON.stringify(body));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the Kakao adapter against a fake Kakao', () => {
  const kakao = () => createKakaoHttpClient({ baseUrl, timeoutMs: 2000 });

  it('asks GET /v2/user/me with the bearer token and reads id, email and nickname', async () => {
    expect(await kakao().me('token-full')).toEqual({ id: '4242', email: 'Minji@Kakao.com', nickname: '민지' });
    expect(seen.at(-1)).toEqual({ url: '/v2/user/me', authorization: 'Bearer token-full' });
  });

  it('no email shared, or one Kakao has not verified: email null', async () => {
    expect(await kakao().me('token-no-email')).toEqual({ id: '77', email: null, nickname: '여행자' });
    expect((await kakao().me('token-unverified')).email).toBeNull();
  });

  it("an invalid token is the caller's 401", async () => {
    await expect(kakao().me('token-unknown')).rejects.toBeInstanceOf(UnauthorizedError);
  });

  it('Kakao failing, answering nonsense, or not answering is a 502', async () => {
    for (const token of ['token-broken', 'token-no-id']) {
      const error = await kakao().me(token).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(502);
    }
    const unreachable = await createKakaoHttpClient({ baseUrl: 'http://127.0.0.1:1', timeoutMs: 500 }).me('x').catch((e: unknown) => e);
    expect((unreachable as AppError).status).toBe(502);
  });
});
