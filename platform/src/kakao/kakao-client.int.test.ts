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

/** Kakao's `POST /oauth/token`, by authorization code. */
const tokenRequests: Array<Record<string, string>> = [];
const tokenAnswers: Record<string, { status: number; body: unknown }> = {
  'code-good': { status: 200, body: { token_type: 'bearer', access_token: 'token-full', expires_in: 21599 } },
  'code-bad-key': { status: 401, body: { error: 'invalid_client', error_code: 'KOE010' } },
  'code-not-json': { status: 200, body: '<html>maintenance</html>' },
  'code-no-token': { status: 200, body: { token_type: 'bearer' } },
};

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'POST' && req.url === '/oauth/token') {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        tokenRequests.push(Object.fromEntries(form));
        const answer = tokenAnswers[form.get('code') ?? ''] ?? { status: 400, body: { error: 'invalid_grant', error_code: 'KOE320' } };
        res.writeHead(answer.status, { 'content-type': 'application/json;charset=UTF-8' }).end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body));
      });
      return;
    }
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

describe('the Kakao code exchange against a fake Kakao', () => {
  const options = () => ({ baseUrl, authBaseUrl: baseUrl, restApiKey: 'restkey0123456789abcd', timeoutMs: 2000 });

  it('is null without a REST API key: Kakao sign-in through its page is not configured', () => {
    expect(createKakaoHttpClient({ baseUrl }).exchangeCode).toBeNull();
  });

  it('posts the code with the key, the address and the secret (when set), and answers the access token', async () => {
    const exchange = createKakaoHttpClient({ ...options(), clientSecret: 'shh' }).exchangeCode!;
    expect(await exchange('code-good', 'https://site.example/login/kakao')).toBe('token-full');
    expect(tokenRequests.at(-1)).toEqual({ grant_type: 'authorization_code', client_id: 'restkey0123456789abcd', redirect_uri: 'https://site.example/login/kakao', code: 'code-good', client_secret: 'shh' });
    await createKakaoHttpClient(options()).exchangeCode!('code-good', 'https://site.example/login/kakao');
    expect(tokenRequests.at(-1)).not.toHaveProperty('client_secret');
  });

  it("a code Kakao does not grant is the caller's 401; a wrong key, nonsense or no answer is a 502", async () => {
    const exchange = createKakaoHttpClient(options()).exchangeCode!;
    await expect(exchange('code-used-or-unknown', 'https://site.example/login/kakao')).rejects.toBeInstanceOf(UnauthorizedError);
    for (const code of ['code-bad-key', 'code-not-json', 'code-no-token']) {
      const error = await exchange(code, 'https://site.example/login/kakao').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect([(error as AppError).status, code]).toEqual([502, code]);
    }
    const unreachable = createKakaoHttpClient({ ...options(), authBaseUrl: 'http://127.0.0.1:1', timeoutMs: 500 }).exchangeCode!;
    expect(((await unreachable('c', 'https://site.example/login/kakao').catch((e: unknown) => e)) as AppError).status).toBe(502);
  });
});
