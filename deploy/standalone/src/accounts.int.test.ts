import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES as M, TRIAL_DAYS } from '@pocketguide/contracts';
import { startStandalone, type RunningStandalone } from './app.ts';
import {
  TEST_ACCOUNT_ENV,
  TEST_ADMIN,
  TEST_PASSWORD,
  activationApiPath,
  basic,
  bearer,
  linkIn,
  outbox,
  signIn,
  signUp,
  startWithAdmin,
  uniqueEmail,
  verifiedUser,
  waitForMail,
  type OutboxMail,
  type StartedWithAdmin,
} from './testing/accounts.ts';
import { appendedSince } from './testing/log.ts';

const scratch = resolve(import.meta.dirname, '../../../test-output/tmp');
const SITE = 'http://pocketguide.test';
let app: RunningStandalone;
let dataDir: string;
let newUser: StartedWithAdmin['newUser'];
let admin: string;

beforeAll(async () => {
  const started = await startWithAdmin('accounts', { env: { PUBLIC_BASE_URL: SITE } });
  ({ app, dataDir, newUser } = started);
  admin = started.admin.token;
});
afterAll(() => app?.close());
const api = (path: string, init: RequestInit = {}) => fetch(`${app.url}/api${path}`, init);
const json = (method: string, path: string, body: unknown, headers: Record<string, string> = {}) =>
  api(path, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

type Problem = { code: string; message: string; status: number; errors?: { path: string; message: string }[] };

async function expectProblem(response: Response, status: number, message?: string | RegExp): Promise<Problem> {
  const body = (await response.json()) as Problem;
  expect({ status: response.status, body }).toMatchObject({ status });
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  if (typeof message === 'string') expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
  return body;
}

async function expectNothingAppended(send: () => Promise<Response>): Promise<Response> {
  const before = await app.eventStore.headPosition();
  const response = await send();
  expect(await appendedSince(app.eventStore, before)).toEqual([]);
  return response;
}

async function eventsOfType(type: string) {
  const events = [];
  for await (const event of app.eventStore.readAll({ filter: { eventTypes: [type] } })) events.push(event);
  return events;
}

describe('POST /api/users (signup)', () => {
  it('201 with the new id; the activation mail arrives in Korean by default', async () => {
    const email = uniqueEmail('signup');
    const response = await signUp(app.url, email);
    expect(response.status).toBe(201);
    const body = (await response.json()) as { _id: string; id: string; email: string; position: number };
    expect(body).toMatchObject({ _id: body.id, email, position: expect.any(Number) });
    const mail = await waitForMail(app.url, email);
    expect(mail.subject).toContain('포켓가이드');
    expect(linkIn(mail, '/users/activate/')).toMatch(new RegExp(`^${SITE}/users/activate/${encodeURIComponent(email)}/[0-9a-f]{64}$`));
  });

  it('an English signup gets an English mail; the address is stored lower-cased', async () => {
    const email = uniqueEmail('English');
    expect((await signUp(app.url, `  ${email.toUpperCase()} `, { language: 'en' })).status).toBe(201);
    const mail = await waitForMail(app.url, email.toLowerCase());
    expect(mail.subject).toBe('Verify your PocketGuide email address');
  });

  it("409 'Email already taken', whatever the case of the address", async () => {
    const email = uniqueEmail('taken');
    expect((await signUp(app.url, email)).status).toBe(201);
    await expectProblem(await expectNothingAppended(() => signUp(app.url, email.toUpperCase())), 409, M.emailTaken);
  });

  it('50 concurrent signups with one email create exactly one account', async () => {
    const email = uniqueEmail('race');
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => signUp(app.url, email, { name: `Racer ${i + 100}` })));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    const registered = (await eventsOfType('UserRegistered')).filter((e) => (e.data as { email: string }).email === email);
    expect(registered).toHaveLength(1);
    const reservations = [];
    for await (const event of app.eventStore.readStream(`user-email-${email}`)) reservations.push(event);
    expect(reservations.map((e) => e.type)).toEqual(['UserEmailReserved']);
    await Promise.all(responses.map((r) => r.body?.cancel()));
  });

  it("refuses bad fields with the spec's messages, naming each field", async () => {
    const response = await expectNothingAppended(() =>
      signUp(app.url, 'not-an-email', {
        password: 'short1!',
        confirmPassword: 'other',
        name: 'Al',
        companyName: 'x'.repeat(101),
        companyPhone: '12345',
        companyWebsite: 'javascript:alert(1)',
      }),
    );
    const body = await expectProblem(response, 400);
    expect(body.code).toBe('validation_failed');
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { path: 'email', message: M.emailInvalid },
        { path: 'password', message: M.passwordTooShort },
        { path: 'confirmPassword', message: M.signupPasswordMismatch },
        { path: 'name', message: M.valueInvalid },
        { path: 'companyName', message: M.valueInvalid },
        { path: 'companyPhone', message: M.phoneInvalid },
        { path: 'companyWebsite', message: M.urlInvalid },
      ]),
    );
  });

  it("'Email is required', 'Required Field', and passwords without a letter, digit or special character", async () => {
    const empty = await expectProblem(await signUp(app.url, '', { name: undefined }), 400);
    expect(empty.errors).toEqual(expect.arrayContaining([{ path: 'email', message: M.emailRequired }, { path: 'name', message: M.required }]));
    const refused: [string, string][] = [
      ['abcdefgh!', M.passwordNeedsDigit],
      ['12345678!', M.passwordNeedsLetter],
      ['abcd12345', M.passwordNeedsSpecial],
      ['Ab1!', M.passwordTooShort],
      [`Ab1!${'x'.repeat(125)}`, M.passwordTooLong],
    ];
    for (const [password, message] of refused) {
      const body = await expectProblem(await signUp(app.url, uniqueEmail('pw'), { password, confirmPassword: password }), 400);
      expect(body.errors).toContainEqual({ path: 'password', message });
    }
    // NIST SP 800-63B: a long passphrase is welcome (the old 14-character cap refused this one)
    const long = 'Correct horse battery staple 7!';
    expect((await signUp(app.url, uniqueEmail('pw'), { password: long, confirmPassword: long })).status).toBe(201);
  });

  it("spec 2's body exactly (no agreeToTerms, no language) signs up; consent is recorded when sent; agreeToTerms false is refused", async () => {
    const specBody = (email: string) => ({
      email,
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
      name: 'Spec Client',
      companyName: 'Spec Co',
      companyAddress: 'Seoul',
      companyPhone: '010-1234-5678',
      companyWebsite: 'https://spec.example.com',
    });
    const post = (body: Record<string, unknown>) => fetch(`${app.url}/api/users`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const registeredOf = async (id: string) => {
      for await (const event of app.eventStore.readStream(`user-${id}`)) if (event.type === 'UserRegistered') return event.data as { termsAcceptedAt?: string };
      return null;
    };
    const plain = await post(specBody(uniqueEmail('spec')));
    expect(plain.status).toBe(201);
    expect((await registeredOf(((await plain.json()) as { id: string }).id))?.termsAcceptedAt).toBeUndefined();
    const consented = await post({ ...specBody(uniqueEmail('consent')), agreeToTerms: true });
    expect(consented.status).toBe(201);
    expect((await registeredOf(((await consented.json()) as { id: string }).id))?.termsAcceptedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const refused = await expectProblem(await post({ ...specBody(uniqueEmail('refused')), agreeToTerms: false }), 400);
    expect(refused.errors).toContainEqual({ path: 'agreeToTerms', message: M.termsRequired });
  });

  it('unknown fields are refused; a token in the query string is accepted and ignored', async () => {
    const unknown = await expectProblem(await signUp(app.url, uniqueEmail('x'), { role: 'admin' }), 400);
    expect(unknown.errors).toContainEqual({ path: 'role', message: 'Unknown field: role' });
    const withToken = await fetch(`${app.url}/api/users?access_token=${admin}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: uniqueEmail('qs'),
        password: TEST_PASSWORD,
        confirmPassword: TEST_PASSWORD,
        name: 'Query Person',
        companyName: 'Query Co',
        agreeToTerms: true,
      }),
    });
    expect(withToken.status).toBe(201);
  });
});

describe('activation and resending the verification mail', () => {
  it('GET users/activate/{email}/{hash}: 200, then the account can sign in; a second click is fine', async () => {
    const email = uniqueEmail('activate');
    await signUp(app.url, email);
    const path = activationApiPath(linkIn(await waitForMail(app.url, email), '/users/activate/'));
    expect((await api(path)).status).toBe(200);
    expect((await api(path)).status).toBe(200);
    expect((await signIn(app.url, email)).user.email).toBe(email);
  });

  it('a wrong, malformed or unknown link: 404, nothing appended', async () => {
    const email = uniqueEmail('badlink');
    await signUp(app.url, email);
    await expectProblem(await expectNothingAppended(() => api(`/users/activate/${email}/${'a'.repeat(64)}`)), 404, M.activationInvalid);
    await expectProblem(await api(`/users/activate/${email}/short`), 404, M.activationInvalid);
    await expectProblem(await api(`/users/activate/${uniqueEmail('nobody')}/${'b'.repeat(64)}`), 404, M.activationInvalid);
  });

  it('POST users/verify/{email}: 200 and a new mail whose link works too; spec 2\'s GET resends as well (200)', async () => {
    const email = uniqueEmail('resend');
    await signUp(app.url, email);
    const first = await waitForMail(app.url, email);
    const got = await api(`/users/verify/${encodeURIComponent(email)}`);
    expect(got.status).toBe(200);
    const byGet = await waitForMail(app.url, email, (mail) => mail.id !== first.id);
    expect(linkIn(byGet, '/users/activate/')).not.toBe(linkIn(first, '/users/activate/'));
    await expectProblem(await api(`/users/verify/${uniqueEmail('ghost')}`), 404);
    const response = await api(`/users/verify/${encodeURIComponent(email)}`, { method: 'POST' });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { message: string }).message).toBe(M.verificationResent);
    const second = await waitForMail(app.url, email, (mail) => mail.id !== first.id);
    expect(linkIn(second, '/users/activate/')).not.toBe(linkIn(first, '/users/activate/'));
    expect((await api(activationApiPath(linkIn(second, '/users/activate/')))).status).toBe(200);
  });

  it('resend refusals: verified 409, unknown 404, not an email 400', async () => {
    const email = uniqueEmail('verified');
    await verifiedUser(app.url, email);
    await expectProblem(await api(`/users/verify/${email}`, { method: 'POST' }), 409, /already verified/);
    await expectProblem(await api(`/users/verify/${uniqueEmail('ghost')}`, { method: 'POST' }), 404);
    await expectProblem(await api('/users/verify/not-an-email', { method: 'POST' }), 400);
  });
});

describe('POST /api/auth', () => {
  it('201 with a token and the session data of a new free-trial account', async () => {
    const email = uniqueEmail('session');
    const before = Date.now();
    const { token, user } = await verifiedUser(app.url, email, { name: 'Session Person', companyName: 'Session Co' });
    expect(token.split('.')).toHaveLength(3);
    expect(Object.keys(user).sort()).toEqual(
      ['companyName', 'email', 'expiresAt', 'id', 'image', 'language', 'name', 'paymentMethod', 'role', 'subscription', 'subscriptionType'].sort(),
    );
    expect(user).toMatchObject({
      role: 'user',
      name: 'Session Person',
      companyName: 'Session Co',
      image: null,
      email,
      subscription: false,
      subscriptionType: 'free',
      paymentMethod: null,
      language: 'kr',
    });
    const trialMs = Date.parse(user.expiresAt as string) - before;
    expect(trialMs).toBeGreaterThan(TRIAL_DAYS * 86_400_000 - 60_000);
    expect(trialMs).toBeLessThan(TRIAL_DAYS * 86_400_000 + 60_000);
  });

  it("not verified: 409 with the spec's text", async () => {
    const email = uniqueEmail('unverified');
    await signUp(app.url, email);
    await expectProblem(await api('/auth', { method: 'POST', headers: { authorization: basic(email, TEST_PASSWORD) } }), 409, M.notVerified);
  });

  it("wrong password, unknown email, no credentials: all 401 'Please Check Your Email And Password'", async () => {
    const email = uniqueEmail('wrongpw');
    await verifiedUser(app.url, email);
    await expectProblem(await api('/auth', { method: 'POST', headers: { authorization: basic(email, 'Wrong1!pw') } }), 401, M.badCredentials);
    await expectProblem(await api('/auth', { method: 'POST', headers: { authorization: basic(uniqueEmail('nobody'), TEST_PASSWORD) } }), 401, M.badCredentials);
    await expectProblem(await api('/auth', { method: 'POST' }), 401, M.badCredentials);
  });

  it('the password is never in an event, and the hash is not either', async () => {
    const events = [];
    for await (const event of app.eventStore.readAll()) events.push(JSON.stringify(event));
    const log = events.join('\n');
    expect(log).not.toContain(TEST_PASSWORD);
    expect(log).not.toContain(TEST_ADMIN.password);
    expect(log).not.toContain('$scrypt$');
  });

  it('after 10 failures for one account from one address: 429 with Retry-After, even for the right password', async () => {
    const email = uniqueEmail('limited');
    await verifiedUser(app.url, email);
    for (let i = 0; i < 10; i++) {
      expect((await api('/auth', { method: 'POST', headers: { authorization: basic(email, `Wrong${i}!pw`) } })).status).toBe(401);
    }
    const limited = await api('/auth', { method: 'POST', headers: { authorization: basic(email, TEST_PASSWORD) } });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const body = await expectProblem(limited, 429, /Too many failed login attempts/);
    expect(body.code).toBe('too_many_requests');
    // another account from the same address is not affected
    const other = uniqueEmail('unaffected');
    await verifiedUser(app.url, other);
    expect((await signIn(app.url, other)).user.email).toBe(other);
  });
});

describe('password reset', () => {
  async function requestReset(email: string, link?: string): Promise<Response> {
    return json('POST', '/password-resets', { email, ...(link === undefined ? {} : { link }) });
  }
  const tokenOf = (link: string) => link.slice(link.lastIndexOf('/') + 1);

  it('request → mail with {link}/{token} → check 200 → set → sign in with the new password; the link is then spent', async () => {
    const email = uniqueEmail('reset');
    await verifiedUser(app.url, email);
    const response = await requestReset(email, `${SITE}/reset-password`);
    expect(response.status).toBe(202);
    expect(((await response.json()) as { message: string }).message).toBe(M.resetRequested);
    const mail = await waitForMail(app.url, email, (m) => m.text.includes('/reset-password/'));
    const link = linkIn(mail, '/reset-password/');
    expect(link).toMatch(new RegExp(`^${SITE}/reset-password/[0-9a-f]{64}$`));
    const token = tokenOf(link);

    expect((await api(`/password-resets/check/${token}?after=${await app.eventStore.headPosition()}`)).status).toBe(200);
    await expectProblem(await json('PUT', `/password-resets/${token}`, { password: 'weak' }), 400, /Not a valid password/);
    const reset = await json('PUT', `/password-resets/${token}`, { password: 'Fresh2@pw' });
    expect(reset.status).toBe(200);
    expect(((await reset.json()) as { message: string }).message).toBe(M.passwordReset);

    expect((await signIn(app.url, email, 'Fresh2@pw')).user.email).toBe(email);
    await expectProblem(await api('/auth', { method: 'POST', headers: { authorization: basic(email, TEST_PASSWORD) } }), 401);
    await expectProblem(await json('PUT', `/password-resets/${token}`, { password: 'Again3#pw' }), 404, M.linkInvalid);
    const position = await app.eventStore.headPosition();
    await expectProblem(await api(`/password-resets/check/${token}?after=${position}`), 404, M.linkInvalid);
  });

  it('a link to another site is not used: the mail links to this site', async () => {
    const email = uniqueEmail('phish');
    await verifiedUser(app.url, email);
    expect((await requestReset(email, 'https://evil.example/steal')).status).toBe(202);
    const mail = await waitForMail(app.url, email, (m) => m.text.includes('/reset-password/'));
    expect(linkIn(mail, '/reset-password/')).toMatch(new RegExp(`^${SITE}/reset-password/[0-9a-f]{64}$`));
    expect(mail.text).not.toContain('evil.example');
  });

  it('an unknown email gets the same answer and no mail; a missing email is refused', async () => {
    const email = uniqueEmail('noaccount');
    const response = await expectNothingAppended(() => requestReset(email));
    expect(response.status).toBe(202);
    expect((await outbox(app.url)).some((mail) => mail.to === email)).toBe(false);
    const missing = await expectProblem(await requestReset(''), 400);
    expect(missing.errors).toContainEqual({ path: 'email', message: M.forgotEmailRequired });
  });

  it('check and set refuse malformed and unknown tokens with 404', async () => {
    await expectProblem(await api('/password-resets/check/short'), 404, M.linkInvalid);
    await expectProblem(await api(`/password-resets/check/${'z'.repeat(40)}`), 404, M.linkInvalid);
    await expectProblem(await api(`/password-resets/check/${'!'.repeat(40)}`), 404, M.linkInvalid);
    await expectProblem(await expectNothingAppended(() => json('PUT', `/password-resets/${'a'.repeat(64)}`, { password: 'Fresh2@pw' })), 404, M.linkInvalid);
  });
});

describe('the own account: GET/PUT users/{id}, password, portrait', () => {
  it('GET users/{id} with a Bearer header, ?access_token= or ?token=; others 403, anonymous 401', async () => {
    const me = await newUser('me');
    const other = await newUser('other');
    const position = await app.eventStore.headPosition();
    for (const request of [
      api(`/users/${me.user.id}?after=${position}`, { headers: bearer(me.token) }),
      api(`/users/${me.user.id}?after=${position}&access_token=${me.token}`),
      api(`/users/${me.user.id}?after=${position}&token=${me.token}`),
    ]) {
      const response = await request;
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ _id: me.user.id, id: me.user.id, email: me.user.email, isActivated: true, status: 'active', companyWebsite: 'https://example.com/', website: 'https://example.com/' });
    }
    await expectProblem(await api(`/users/${other.user.id}`, { headers: bearer(me.token) }), 403);
    await expectProblem(await api(`/users/${me.user.id}`), 401);
    await expectProblem(await api(`/users/${me.user.id}?access_token=forged`), 401);
  });

  it('PUT users/{id} saves the profile fields (and language), ignores fields it does not own, refuses an email change', async () => {
    const me = await newUser('profile');
    const profile = {
      ...me.user,
      name: 'New Name',
      companyName: 'New Company',
      companyAddress: 'Busan 2',
      companyPhone: '0511234567',
      companyWebsite: '',
      mobile: '01098765432',
      language: 'en',
      role: 'admin',
      subscription: true,
    };
    const response = await json('PUT', `/users/${me.user.id}`, profile, bearer(me.token));
    expect(response.status).toBe(200);
    const saved = (await response.json()) as Record<string, unknown>;
    expect(saved).toMatchObject({ name: 'New Name', companyAddress: 'Busan 2', companyWebsite: '', mobile: '01098765432', language: 'en', role: 'user', subscription: false });
    const read = await api(`/users/${me.user.id}?after=${saved.position as number}`, { headers: bearer(me.token) });
    expect(await read.json()).toMatchObject({ name: 'New Name', language: 'en', companyPhone: '0511234567' });

    const emailChange = await expectNothingAppended(() => json('PUT', `/users/${me.user.id}`, { ...profile, email: uniqueEmail('new') }, bearer(me.token)));
    expect((await expectProblem(emailChange, 400, M.emailReadOnly)).errors).toContainEqual({ path: 'email', message: M.emailReadOnly });
  });

  it('PUT users/{id} with { language } alone changes only the language, even for an account without an address', async () => {
    const me = await newUser('language');
    const before = (await (await api(`/users/${me.user.id}`, { headers: bearer(me.token) })).json()) as Record<string, unknown>;
    const response = await json('PUT', `/users/${me.user.id}`, { language: 'en' }, bearer(me.token));
    expect(response.status).toBe(200);
    const saved = (await response.json()) as Record<string, unknown>;
    expect(saved).toMatchObject({ language: 'en', name: before.name, companyName: before.companyName });
    await expectProblem(await expectNothingAppended(() => json('PUT', `/users/${me.user.id}`, { language: 'fr' }, bearer(me.token))), 400);
  });

  it("PUT users/{id} refuses bad fields with the spec's messages; another user's profile 403; anonymous 401", async () => {
    const me = await newUser('badprofile');
    const other = await newUser('victim');
    const bad = await expectProblem(
      await json('PUT', `/users/${me.user.id}`, { name: '', companyName: 'ab', companyAddress: '', mobile: '123', companyWebsite: 'nope' }, bearer(me.token)),
      400,
    );
    expect(bad.errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: M.required },
        { path: 'companyName', message: M.valueInvalid },
        { path: 'companyAddress', message: M.required },
        { path: 'mobile', message: M.phoneInvalid },
        { path: 'companyWebsite', message: M.urlInvalid },
      ]),
    );
    const valid = { name: 'Some Name', companyName: 'Some Co', companyAddress: 'Seoul' };
    await expectProblem(await expectNothingAppended(() => json('PUT', `/users/${other.user.id}`, valid, bearer(me.token))), 403);
    await expectProblem(await json('PUT', `/users/${me.user.id}`, valid), 401);
    // an administrator may
    expect((await json('PUT', `/users/${other.user.id}`, valid, bearer(admin))).status).toBe(200);
  });

  it('PUT users/{id}/password with Basic email + old password; refusals 401, 403, 400', async () => {
    const email = uniqueEmail('chpw');
    const me = await verifiedUser(app.url, email);
    const other = await newUser('chpw-other');
    const change = (id: string, password: string, auth: string) => json('PUT', `/users/${id}/password`, { password }, { authorization: auth });
    await expectProblem(await change(me.user.id, 'New4$pass', basic(email, 'Wrong1!pw')), 401, M.badCredentials);
    await expectProblem(await change(other.user.id, 'New4$pass', basic(email, TEST_PASSWORD)), 403);
    const weak = await expectProblem(await change(me.user.id, 'weakpass', basic(email, TEST_PASSWORD)), 400);
    expect(weak.errors).toContainEqual({ path: 'password', message: M.passwordNeedsDigit });
    await expectProblem(await json('PUT', `/users/${me.user.id}/password`, { password: 'New4$pass' }), 401);
    const ok = await change(me.user.id, 'New4$pass', basic(email, TEST_PASSWORD));
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { message: string }).message).toBe(M.passwordChanged);
    expect((await signIn(app.url, email, 'New4$pass')).user.id).toBe(me.user.id);
  });

  describe('PUT users/{id}/image', () => {
    const upload = (id: string, token: string | null, files: Array<{ bytes: Buffer; name: string; type: string }>) => {
      const form = new FormData();
      for (const file of files) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
      return api(`/users/${id}/image`, { method: 'PUT', body: form, headers: token ? bearer(token) : {} });
    };
    let png: Buffer;
    beforeAll(async () => {
      png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 200, g: 80, b: 40 } } }).png().toBuffer();
    });

    it('stores a resized portrait, served from /media with long cache headers', async () => {
      const me = await newUser('portrait');
      const response = await upload(me.user.id, me.token, [{ bytes: png, name: 'me.png', type: 'image/png' }]);
      expect(response.status).toBe(200);
      const user = (await response.json()) as { image: string };
      expect(user.image).toMatch(new RegExp(`^/media/users/${me.user.id}/portrait-[0-9a-f]{16}\\.webp$`));
      const media = await fetch(`${app.url}${user.image}`);
      expect(media.status).toBe(200);
      expect(media.headers.get('content-type')).toBe('image/webp');
      expect(media.headers.get('cache-control')).toContain('immutable');
      const meta = await sharp(Buffer.from(await media.arrayBuffer())).metadata();
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBe(512);
      expect((await signIn(app.url, me.user.email)).user.image).toBe(user.image);
      expect(existsSync(resolve(dataDir, 'blobs', user.image.replace('/media/', '')))).toBe(true);
    });

    it('refuses a file that is not a jpg, png or gif (by its bytes, whatever its name)', async () => {
      const me = await newUser('notimage');
      const fake = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
      await expectProblem(await upload(me.user.id, me.token, [{ bytes: fake, name: 'me.png', type: 'image/png' }]), 415, M.imageTypeInvalid);
    });

    it("over 5 MB: 413 'file is too big' with the size and the maximum", async () => {
      const me = await newUser('bigimage');
      const big = Buffer.concat([png, Buffer.alloc(5 * 1024 * 1024 + 1 - png.length)]);
      await expectProblem(
        await expectNothingAppended(() => upload(me.user.id, me.token, [{ bytes: big, name: 'big.png', type: 'image/png' }])),
        413,
        'file is too big (5.0 MB). The maximum is 5 MB.',
      );
      const bigger = Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)]);
      await expectProblem(await upload(me.user.id, me.token, [{ bytes: bigger, name: 'big.png', type: 'image/png' }]), 413, /^file is too big \(6\.\d MB\)\. The maximum is 5 MB\.$/);
    });

    it('exactly one file; someone else 403; anonymous 401', async () => {
      const me = await newUser('twofiles');
      const other = await newUser('twofiles-other');
      const file = { bytes: png, name: 'a.png', type: 'image/png' };
      await expectProblem(await upload(me.user.id, me.token, [file, file]), 400, M.oneFile);
      await expectProblem(await upload(me.user.id, me.token, []), 400, M.oneFile);
      await expectProblem(await upload(other.user.id, me.token, [file]), 403);
      await expectProblem(await upload(me.user.id, null, [file]), 401);
    });
  });
});

describe('administrators: GET users/, GET/PATCH/DELETE users/{id}', () => {
  it('the first administrator from ADMIN_EMAIL signs in as admin', async () => {
    expect((await signIn(app.url, TEST_ADMIN.email, TEST_ADMIN.password)).user.role).toBe('admin');
  });

  it('admin-only calls: 401 anonymous, 403 for a user', async () => {
    const user = await newUser('plain');
    await expectProblem(await api('/users'), 401);
    await expectProblem(await api('/users', { headers: bearer(user.token) }), 403, 'Administrators only');
    await expectProblem(await json('PATCH', `/users/${user.user.id}`, { isHidden: true }, bearer(user.token)), 403);
    await expectProblem(await json('PATCH', `/users/${user.user.id}`, { isHidden: true }), 401);
    await expectProblem(await api(`/users/${user.user.id}`, { method: 'DELETE', headers: bearer(user.token) }), 403);
    await expectProblem(await api(`/users/${user.user.id}`, { method: 'DELETE' }), 401);
  });

  it('lists with search, plan, status and today filters, paginated, in both envelopes', async () => {
    const tag = randomUUID().slice(0, 8);
    const active = await newUser(`list-${tag}-a`, { name: `Listed ${tag}`, companyName: `Firm ${tag}` });
    await signUp(app.url, uniqueEmail(`list-${tag}-b`), { name: `Pending ${tag}` });
    const position = await app.eventStore.headPosition();
    const get = async (query: string) => {
      const response = await api(`/users?after=${position}&${query}`, { headers: bearer(admin) });
      expect(response.status).toBe(200);
      return (await response.json()) as { users: Array<{ _id: string; status: string; name: string }>; pages: number; results: unknown[]; page: number; pageCount: number; pageSize: number; totalCount: number };
    };
    const bySearch = await get(`search=${tag}`);
    expect(bySearch.totalCount).toBe(2);
    expect(bySearch.results).toEqual(bySearch.users);
    expect(bySearch).toMatchObject({ page: 1, pageSize: 10, pageCount: 1, pages: 1 });
    expect((await get(`search=FIRM%20${tag.toUpperCase()}`)).users.map((u) => u._id)).toEqual([active.user.id]);
    expect((await get(`search=${tag}&status=active`)).users.map((u) => u._id)).toEqual([active.user.id]);
    expect((await get(`search=${tag}&status=inactive`)).users.map((u) => u.name)).toEqual([`Pending ${tag}`]);
    expect((await get(`search=${tag}&status=hidden`)).totalCount).toBe(0);
    expect((await get(`search=${tag}&subscriptionType=free&today=true`)).totalCount).toBe(2);
    expect((await get(`search=${tag}&subscriptionType=pro`)).totalCount).toBe(0);
    expect((await get(`search=${tag}&status=all&subscriptionType=all`)).totalCount).toBe(2);
    const paged = await get(`search=${tag}&limit=1&page=2`);
    expect(paged).toMatchObject({ page: 2, pageSize: 1, pageCount: 2, pages: 2, totalCount: 2 });
    expect(paged.users).toHaveLength(1);
    // the spec writes the call as `users/`: the trailing slash is the same list
    const slash = await api(`/users/?search=${tag}&after=${position}`, { headers: bearer(admin) });
    expect(((await slash.json()) as { totalCount: number }).totalCount).toBe(2);
    await expectProblem(await api('/users?status=sleeping', { headers: bearer(admin) }), 400);
    await expectProblem(await api('/users?page=0', { headers: bearer(admin) }), 400);
  });

  it("hiding takes effect at once: the user's token is refused and login is blocked; unhiding restores both", async () => {
    const email = uniqueEmail('hideme');
    const user = await verifiedUser(app.url, email);
    expect((await api(`/users/${user.user.id}`, { headers: bearer(user.token) })).status).toBe(200);

    const hidden = await json('PATCH', `/users/${user.user.id}`, { isHidden: true }, bearer(admin));
    expect(hidden.status).toBe(200);
    expect(await hidden.json()).toMatchObject({ isHidden: true, status: 'hidden' });
    await expectProblem(await api(`/users/${user.user.id}`, { headers: bearer(user.token) }), 403, M.accountHidden);
    await expectProblem(await api('/guidebooks', { headers: bearer(user.token) }), 403);
    await expectProblem(await api('/auth', { method: 'POST', headers: { authorization: basic(email, TEST_PASSWORD) } }), 403, M.accountHidden);
    const listed = await api(`/users?search=${encodeURIComponent(email)}&status=hidden&after=${await app.eventStore.headPosition()}`, { headers: bearer(admin) });
    expect(((await listed.json()) as { totalCount: number }).totalCount).toBe(1);

    expect((await json('PATCH', `/users/${user.user.id}`, { isHidden: false }, bearer(admin))).status).toBe(200);
    expect((await api(`/users/${user.user.id}`, { headers: bearer(user.token) })).status).toBe(200);
    await expectProblem(await json('PATCH', `/users/${user.user.id}`, { isHidden: 'yes' }, bearer(admin)), 400);
    await expectProblem(await json('PATCH', `/users/${randomUUID()}`, { isHidden: true }, bearer(admin)), 404);
  });

  it('an administrator cannot hide or delete their own account', async () => {
    const me = await signIn(app.url, TEST_ADMIN.email, TEST_ADMIN.password);
    await expectProblem(await json('PATCH', `/users/${me.user.id}`, { isHidden: true }, bearer(admin)), 403);
    await expectProblem(await api(`/users/${me.user.id}`, { method: 'DELETE', headers: bearer(admin) }), 403);
  });

  it('permanent deletion: token dead at once, data gone from the read model, email free again', async () => {
    const email = uniqueEmail('deleteme');
    const user = await verifiedUser(app.url, email, { name: 'Erase Me' });
    const form = new FormData();
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } }).png().toBuffer();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'p.png');
    const { image } = (await (await api(`/users/${user.user.id}/image`, { method: 'PUT', body: form, headers: bearer(user.token) })).json()) as { image: string };

    const deleted = await api(`/users/${user.user.id}`, { method: 'DELETE', headers: bearer(admin) });
    expect(deleted.status).toBe(200);
    const { position } = (await deleted.json()) as { position: number };
    await expectProblem(await api(`/users/${user.user.id}`, { headers: bearer(user.token) }), 401);
    await expectProblem(await api(`/users/${user.user.id}?after=${position}`, { headers: bearer(admin) }), 404);
    const listed = await api(`/users?search=Erase%20Me&after=${position}`, { headers: bearer(admin) });
    expect(((await listed.json()) as { totalCount: number }).totalCount).toBe(0);
    expect((await fetch(`${app.url}${image}`)).status).toBe(404);
    // a deleted account's address answers as any unknown one (401, as a wrong password)
    await expectProblem(await api('/auth', { method: 'POST', headers: { authorization: basic(email, TEST_PASSWORD) } }), 401);
    // deleting again changes nothing; the address can be used for a new account
    expect((await api(`/users/${user.user.id}`, { method: 'DELETE', headers: bearer(admin) })).status).toBe(200);
    expect((await signUp(app.url, email)).status).toBe(201);
  });

  it('GET users/{id}: an administrator sees anyone; an unknown id is 404', async () => {
    const user = await newUser('seen');
    const position = await app.eventStore.headPosition();
    expect((await api(`/users/${user.user.id}?after=${position}`, { headers: bearer(admin) })).status).toBe(200);
    await expectProblem(await api(`/users/${randomUUID()}`, { headers: bearer(admin) }), 404);
  });
});

describe('the dev outbox', () => {
  it('lists the mails as JSON, newest first, with a .eml beside each', async () => {
    const mails = await outbox(app.url);
    expect(mails.length).toBeGreaterThan(0);
    const sorted = [...mails].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    expect(mails.map((m) => m.createdAt)).toEqual(sorted.map((m) => m.createdAt));
    expect(existsSync(resolve(dataDir, 'outbox', `${mails[0]?.id}.eml`))).toBe(true);
  });

  it('a redelivered event sends no second mail: each mail is recorded once in the stream', async () => {
    const email = uniqueEmail('once');
    await signUp(app.url, email);
    await waitForMail(app.url, email);
    const sent = (await eventsOfType('MailSent')).map((e) => (e.data as { mailId: string }).mailId);
    expect(new Set(sent).size).toBe(sent.length);
  });
});

describe('the dev outbox without OUTBOX_LOOPBACK (the default: npm start)', () => {
  it('holds live reset links, so only an administrator reads it; anyone else finds nothing there', async () => {
    const { PASSWORD_SCRYPT_LOG_N } = TEST_ACCOUNT_ENV;
    const guarded = await startStandalone({
      port: 0,
      dataDir: resolve(scratch, `accounts-outbox-${randomUUID()}`),
      env: { LOG_LEVEL: 'silent', PASSWORD_SCRYPT_LOG_N, ADMIN_EMAIL: 'outbox-admin@example.com', ADMIN_PASSWORD: 'Admin1!pass' },
    });
    try {
      const email = uniqueEmail('outbox-guarded');
      expect((await signUp(guarded.url, email)).status).toBe(201);
      expect((await fetch(`${guarded.url}/api/dev/outbox`)).status).toBe(404);
      expect((await fetch(`${guarded.url}/api/dev/outbox`, { headers: { 'x-forwarded-for': '127.0.0.1' } })).status).toBe(404);
      const member = await signIn(guarded.url, 'outbox-admin@example.com', 'Admin1!pass');
      const someone = await fetch(`${guarded.url}/api/auth`, { method: 'POST', headers: { authorization: basic(email, TEST_PASSWORD) } });
      expect(someone.status).not.toBe(201); // not activated: the mail is the only way in
      const read = await fetch(`${guarded.url}/api/dev/outbox`, { headers: bearer(member.token) });
      expect(read.status).toBe(200);
      expect(((await read.json()) as { mails: OutboxMail[] }).mails.some((mail) => mail.to === email)).toBe(true);
    } finally {
      await guarded.close();
    }
  });
});

describe('in production', () => {
  it('the dev outbox is not served', async () => {
    const production = await startStandalone({
      port: 0,
      dataDir: resolve(scratch, `accounts-prod-${randomUUID()}`),
      env: { LOG_LEVEL: 'silent', NODE_ENV: 'production', PAYMENTS_DEBUG_IN_PRODUCTION: 'true', JWT_SECRET: 'j'.repeat(40), TOKEN_SECRET: 't'.repeat(40), ...TEST_ACCOUNT_ENV },
    });
    try {
      expect((await fetch(`${production.url}/api/dev/outbox`)).status).toBe(404);
    } finally {
      await production.close();
    }
  });
});
