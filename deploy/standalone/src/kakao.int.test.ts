import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
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

beforeAll(async () => {
  kakaoServer = createServer((req, res) => {
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
  const started = await startWithAdmin('kakao', { env: { KAKAO_API_BASE: kakaoBase } });
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
