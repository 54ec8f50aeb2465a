import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as M } from '@pocketguide/contracts';
import type { RunningStandalone } from './app.ts';
import { TEST_PASSWORD, basic, bearer, signIn, signUp, startWithAdmin, verifiedUser } from './testing/accounts.ts';

/** Kakao, faked: access token → the profile Kakao would answer for it. */
const profiles = new Map<string, { id: number; kakao_account: { email?: string; is_email_verified?: boolean; profile?: { nickname?: string } } }>();
let kakaoServer: Server;
let app: RunningStandalone;
let admin: string;

/** Kakao's authorization server, faked: an authorization code → the access token it stands for, and its address. */
const codes = new Map<string, { accessToken: string; redirectUri: string }>();
const exchanges: Array<Record<string, string>> = [];
const REST_API_KEY = 'kakaorestkey0123456789abcdef';
const CLIENT_SECRET = 'kakao-client-secret';

function answerTokenRequest(body: string, res: ServerResponse): void {
  const form = Object.fromEntries(new URLSearchParams(body));
  exchanges.push(form);
  const json = (status: number, answer: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json;charset=UTF-8' }).end(JSON.stringify(answer));
  };
  if (form.client_id !== REST_API_KEY || form.client_secret !== CLIENT_SECRET) return json(401, { error: 'invalid_client', error_code: 'KOE010' });
  const issued = codes.get(form.code ?? '');
  // a code works once, and only with the address it was issued for
  if (form.grant_type !== 'authorization_code' || !issued || issued.redirectUri !== form.redirect_uri) return json(400, { error: 'invalid_grant', error_code: 'KOE320' });
  codes.delete(form.code ?? '');
  json(200, { token_type: 'bearer', access_token: issued.accessToken, expires_in: 21599, refresh_token: 'r', refresh_token_expires_in: 5183999 });
}

beforeAll(async () => {
  kakaoServer = createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/oauth/token') {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => answerTokenRequest(body, res));
      return;
    }
    const profile = profiles.get(req.headers.authorization?.replace(/^Bearer /, '') ?? '');
    if (req.url !== '/v2/user/me' || !profile) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ msg: 'this access token does not exist', code: -401 }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json;charset=UTF-8' }).end(JSON.stringify(profile));
  });
  kakaoServer.listen(0, '127.0.0.1');
  await once(kakaoServer, 'listening');
  const kakaoBase = `http://127.0.0.1:${(kakaoServer.address() as AddressInfo).port}`;
  const started = await startWithAdmin('kakao', {
    env: { KAKAO_API_BASE: kakaoBase, KAKAO_AUTH_BASE: kakaoBase, KAKAO_REST_API_KEY: REST_API_KEY, KAKAO_CLIENT_SECRET: CLIENT_SECRET },
  });
  app = started.app;
  admin = started.admin.token;
});
afterAll(async () => {
  await app?.close();
  await new Promise<void>((done) => kakaoServer.close(() => done()));
});

let nextKakaoId = Math.floor(Math.random() * 1_000_000) * 1000;
/** Registers a Kakao profile and returns its access token. */
function kakaoUser(account: { email?: string; nickname?: string; verified?: boolean }): { token: string; id: number } {
  const id = ++nextKakaoId;
  const token = `kakao-token-${randomUUID()}`;
  profiles.set(token, {
    id,
    kakao_account: {
      ...(account.email ? { email: account.email, is_email_verified: account.verified ?? true } : {}),
      profile: { nickname: account.nickname ?? '여행자' },
    },
  });
  return { token, id };
}

const kakaoLogin = (accessToken: unknown) =>
  fetch(`${app.url}/api/auth/kakao`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ accessToken }) });

type KakaoAnswer = { success: boolean; created: boolean; token: string; user: { id: string; email: string; name: string; role: string; subscriptionType: string } };

describe('POST /api/auth/kakao', () => {
  it('a first Kakao sign-in creates an active account; the next one signs into it', async () => {
    const email = `kakao-${randomUUID().slice(0, 8)}@kakao.com`;
    const { token } = kakaoUser({ email, nickname: '김민지' });
    const first = await kakaoLogin(token);
    expect(first.status).toBe(201);
    const created = (await first.json()) as KakaoAnswer;
    expect(created).toMatchObject({ success: true, created: true, user: { email, name: '김민지', role: 'user', subscriptionType: 'free' } });
    expect((await fetch(`${app.url}/api/users/${created.user.id}`, { headers: bearer(created.token) })).status).not.toBe(401);

    const again = (await (await kakaoLogin(token)).json()) as KakaoAnswer;
    expect(again).toMatchObject({ success: true, created: false, user: { id: created.user.id } });
  });

  it('five first sign-ins at once make one account', async () => {
    const { token } = kakaoUser({ email: `burst-${randomUUID().slice(0, 8)}@kakao.com` });
    const answers = await Promise.all(Array.from({ length: 5 }, () => kakaoLogin(token)));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    const ids = new Set(await Promise.all(answers.map(async (a) => ((await a.json()) as KakaoAnswer).user.id)));
    expect(ids.size).toBe(1);
  });

  it('links the account that already has the address; a verified one keeps its password', async () => {
    const email = `linked-${randomUUID().slice(0, 8)}@example.com`;
    const existing = await verifiedUser(app.url, email);
    const answer = (await (await kakaoLogin(kakaoUser({ email }).token)).json()) as KakaoAnswer;
    expect(answer).toMatchObject({ created: false, user: { id: existing.user.id } });
    expect((await signIn(app.url, email)).user.id).toBe(existing.user.id);
  });

  it('an unverified signup with the same address is activated and its password voided (no pre-registration takeover)', async () => {
    const email = `squatted-${randomUUID().slice(0, 8)}@example.com`;
    expect((await signUp(app.url, email)).status).toBe(201);
    const answer = (await (await kakaoLogin(kakaoUser({ email }).token)).json()) as KakaoAnswer;
    expect(answer.created).toBe(false);
    const login = await fetch(`${app.url}/api/auth`, { method: 'POST', headers: { authorization: basic(email, TEST_PASSWORD) } });
    expect(login.status).toBe(401);
  });

  it('no email from Kakao: an account with a placeholder address that never gets mail', async () => {
    const { token, id } = kakaoUser({ nickname: '무명' });
    const answer = (await (await kakaoLogin(token)).json()) as KakaoAnswer;
    expect(answer).toMatchObject({ created: true, user: { email: `kakao-${id}@kakao.invalid`, name: '무명' } });
  });

  it('an address Kakao has not verified is not trusted to link an existing account', async () => {
    const email = `unverified-kakao-${randomUUID().slice(0, 8)}@example.com`;
    const existing = await verifiedUser(app.url, email);
    const { token, id } = kakaoUser({ email, verified: false });
    const answer = (await (await kakaoLogin(token)).json()) as KakaoAnswer;
    expect(answer.user.id).not.toBe(existing.user.id);
    expect(answer.user.email).toBe(`kakao-${id}@kakao.invalid`);
  });

  it('a hidden account is refused; a deleted one is replaced by a new account', async () => {
    const { token } = kakaoUser({ email: `hidden-${randomUUID().slice(0, 8)}@kakao.com` });
    const { user } = (await (await kakaoLogin(token)).json()) as KakaoAnswer;
    const patch = (isHidden: boolean) =>
      fetch(`${app.url}/api/users/${user.id}`, { method: 'PATCH', headers: { 'content-type': 'application/json', ...bearer(admin) }, body: JSON.stringify({ isHidden }) });
    expect((await patch(true)).status).toBe(200);
    const hidden = await kakaoLogin(token);
    expect(hidden.status).toBe(403);
    expect(((await hidden.json()) as { message: string }).message).toBe(M.accountHidden);

    expect((await fetch(`${app.url}/api/users/${user.id}`, { method: 'DELETE', headers: bearer(admin) })).status).toBe(200);
    const replaced = (await (await kakaoLogin(token)).json()) as KakaoAnswer;
    expect(replaced.created).toBe(true);
    expect(replaced.user.id).not.toBe(user.id);
  });

  it('a token Kakao does not know: 401; a missing one: 400', async () => {
    expect((await kakaoLogin('nobody-knows-me')).status).toBe(401);
    const missing = await kakaoLogin('');
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { errors: unknown[] }).errors).toContainEqual({ path: 'accessToken', message: M.required });
  });
});

describe('POST /api/auth/kakao/code (the login page\'s Kakao button)', () => {
  const redirectUri = () => `${app.url}/login/kakao`;
  /** What Kakao's login page does for a person: issues a code for their token, to the address it will return to. */
  const issueCode = (accessToken: string, to = redirectUri()) => {
    const code = `code-${randomUUID()}`;
    codes.set(code, { accessToken, redirectUri: to });
    return code;
  };
  const codeLogin = (body: unknown) =>
    fetch(`${app.url}/api/auth/kakao/code`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  it('GET /api/kakao/config says where the button goes: Kakao\'s authorization page and the REST API key', async () => {
    const config = (await (await fetch(`${app.url}/api/kakao/config`)).json()) as { signIn: unknown };
    expect(config.signIn).toEqual({ authorizeUrl: expect.stringMatching(/\/oauth\/authorize$/), clientId: REST_API_KEY });
  });

  it('given a code from Kakao, when the page sends it, then the server exchanges it with its key and secret and signs in', async () => {
    const email = `code-${randomUUID().slice(0, 8)}@kakao.com`;
    const { token } = kakaoUser({ email, nickname: '박서준' });
    const code = issueCode(token);
    const answer = await codeLogin({ code, redirectUri: redirectUri() });
    expect(answer.status).toBe(201);
    const body = (await answer.json()) as KakaoAnswer;
    expect(body).toMatchObject({ success: true, created: true, user: { email, name: '박서준' } });
    expect(exchanges.at(-1)).toEqual({ grant_type: 'authorization_code', client_id: REST_API_KEY, client_secret: CLIENT_SECRET, redirect_uri: redirectUri(), code });
    // the same account as the token route signs into
    expect(((await (await kakaoLogin(token)).json()) as KakaoAnswer).user.id).toBe(body.user.id);
  });

  it('a code used once, or issued for another address, is refused with 401 and signs nobody in', async () => {
    const { token } = kakaoUser({ email: `replay-${randomUUID().slice(0, 8)}@kakao.com` });
    const code = issueCode(token);
    expect((await codeLogin({ code, redirectUri: redirectUri() })).status).toBe(201);
    const replayed = await codeLogin({ code, redirectUri: redirectUri() });
    expect(replayed.status).toBe(401);
    expect(((await replayed.json()) as { code: string }).code).toBe('unauthorized');
    const elsewhere = issueCode(kakaoUser({}).token, 'https://elsewhere.example/login/kakao');
    expect((await codeLogin({ code: elsewhere, redirectUri: redirectUri() })).status).toBe(401);
  });

  it('refuses a body without a code, or a return address that is not /login/kakao, before asking Kakao', async () => {
    const before = exchanges.length;
    const noCode = await codeLogin({ redirectUri: redirectUri() });
    expect(noCode.status).toBe(400);
    expect(((await noCode.json()) as { errors: unknown[] }).errors).toContainEqual({ path: 'code', message: M.required });
    for (const wrong of [`${app.url}/somewhere`, `${app.url}/login/kakao?next=/admin`, 'javascript:alert(1)', 'not a url']) {
      const refused = await codeLogin({ code: 'c', redirectUri: wrong });
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { errors: Array<{ path: string }> }).errors.map((error) => error.path)).toEqual(['redirectUri']);
    }
    expect((await codeLogin({ code: 'c', redirectUri: redirectUri(), extra: 1 })).status).toBe(400);
    expect(exchanges.length).toBe(before);
  });
});
