/**
 * Account helpers for HTTP tests against a running standalone server: sign up, follow the activation mail from
 * the dev outbox, sign in. They use only the public API, as a person would; `startWithAdmin` starts the server
 * they talk to.
 */
import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import type { ContentPage } from '@pocketguide/contracts';
import { startStandalone, type RunningStandalone } from '../../src/app.ts';

export const TEST_PASSWORD = 'Secret1!x';

/**
 * Fast password hashing for tests (the production default is 17), and the mail outbox readable from loopback so
 * tests follow mailed links as a person would; everything else is the real thing.
 */
export const TEST_ACCOUNT_ENV = {
  PASSWORD_SCRYPT_LOG_N: '10',
  OUTBOX_LOOPBACK: 'true',
  // every test signs its people up from 127.0.0.1; the quotas' own tests set these back
  SIGNUPS_PER_ADDRESS_PER_HOUR: '100000',
  MAILS_PER_ADDRESS_PER_HOUR: '100000',
} as const;

export type OutboxMail = { id: string; to: string; subject: string; text: string; html: string; createdAt: string };

export function basic(email: string, password: string): string {
  return `Basic ${Buffer.from(`${email}:${password}`, 'utf8').toString('base64')}`;
}

export async function outbox(baseUrl: string): Promise<OutboxMail[]> {
  const response = await fetch(`${baseUrl}/api/dev/outbox`);
  if (!response.ok) throw new Error(`outbox answered ${response.status}`);
  return ((await response.json()) as { mails: OutboxMail[] }).mails;
}

/** Waits for a mail to `to` matching `match` (the mail worker runs right after the command). */
export async function waitForMail(
  baseUrl: string,
  to: string,
  match: (mail: OutboxMail) => boolean = () => true,
  timeoutMs = 10_000,
): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mail = (await outbox(baseUrl)).find((m) => m.to === to && match(m));
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The first link in a mail's text that contains `part`. */
export function linkIn(mail: OutboxMail, part: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith('http') && word.includes(part));
  if (!link) throw new Error(`no ${part} link in mail ${mail.subject}`);
  return link;
}

export function signupBody(email: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    email,
    password: TEST_PASSWORD,
    confirmPassword: TEST_PASSWORD,
    name: 'Test Person',
    companyName: 'Test Travel Co',
    companyAddress: 'Seoul',
    companyPhone: '0212345678',
    companyWebsite: 'https://example.com',
    // the signup form's required "I agree to the Terms of Service and Privacy Policy"
    agreeToTerms: true,
    ...overrides,
  };
}

export async function signUp(
  baseUrl: string,
  email: string,
  overrides: Record<string, unknown> = {},
): Promise<Response> {
  return fetch(`${baseUrl}/api/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(signupBody(email, overrides)),
  });
}

/** The activation link's path under /api: `/users/activate/{email}/{hash}`. */
export function activationApiPath(link: string): string {
  const url = new URL(link);
  return url.pathname;
}

export type SignedIn = { token: string; user: { id: string; role: string; email: string } & Record<string, unknown> };

export async function signIn(baseUrl: string, email: string, password = TEST_PASSWORD): Promise<SignedIn> {
  const response = await fetch(`${baseUrl}/api/auth`, {
    method: 'POST',
    headers: { authorization: basic(email, password) },
  });
  if (response.status !== 201) throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as SignedIn;
}

/** Sign up, verify through the mailed link, sign in: a ready account. */
export async function verifiedUser(
  baseUrl: string,
  email: string,
  overrides: Record<string, unknown> = {},
): Promise<SignedIn> {
  const created = await signUp(baseUrl, email, overrides);
  if (created.status !== 201) throw new Error(`signup answered ${created.status}: ${await created.text()}`);
  const mail = await waitForMail(baseUrl, email);
  const activated = await fetch(`${baseUrl}/api${activationApiPath(linkIn(mail, '/users/activate/'))}`);
  if (activated.status !== 200) throw new Error(`activation answered ${activated.status}: ${await activated.text()}`);
  return signIn(baseUrl, email, typeof overrides.password === 'string' ? overrides.password : TEST_PASSWORD);
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The administrator `startWithAdmin` ensures through ADMIN_EMAIL and ADMIN_PASSWORD. */
export const TEST_ADMIN = { email: 'admin@example.com', password: 'Admin1!pass' } as const;

/** An address no other test uses: `<name>-<8 hex>@example.com`. */
export const uniqueEmail = (name: string) => `${name}-${randomUUID().slice(0, 8)}@example.com`;

const scratch = resolve(import.meta.dirname, '../../../../test-output/tmp');

export type StartedWithAdmin = {
  app: RunningStandalone;
  baseUrl: string;
  dataDir: string;
  /** `TEST_ADMIN`, signed in. */
  admin: SignedIn;
  /** Signs up, verifies and signs in a new account at `uniqueEmail(name)` (see `verifiedUser`). */
  newUser(name: string, overrides?: Record<string, unknown>): Promise<SignedIn>;
};

export type StartWithAdminOptions = {
  /** Extra environment, over the defaults (`LOG_LEVEL=warn`, the administrator, `TEST_ACCOUNT_ENV`). */
  env?: Record<string, string>;
  /** Start over an existing data folder (a restart); by default a new one under test-output/tmp named after `name`. */
  dataDir?: string;
  webDist?: string;
};

/** Starts every role in this process on its own data folder, with `TEST_ADMIN` ensured and signed in. */
export async function startWithAdmin(name: string, options: StartWithAdminOptions = {}): Promise<StartedWithAdmin> {
  const dataDir = options.dataDir ?? resolve(scratch, `${name}-${randomUUID()}`);
  const app = await startStandalone({
    port: 0,
    dataDir,
    ...(options.webDist === undefined ? {} : { webDist: options.webDist }),
    env: {
      LOG_LEVEL: 'warn',
      ADMIN_EMAIL: TEST_ADMIN.email,
      ADMIN_PASSWORD: TEST_ADMIN.password,
      ...TEST_ACCOUNT_ENV,
      ...options.env,
    },
  });
  try {
    const admin = await signIn(app.url, TEST_ADMIN.email, TEST_ADMIN.password);
    return {
      app,
      baseUrl: app.url,
      dataDir,
      admin,
      newUser: (user, overrides) => verifiedUser(app.url, uniqueEmail(user), overrides),
    };
  } catch (error) {
    await app.close();
    throw error;
  }
}

/**
 * Saves a whole guidebook document as its author (`POST /api/guidebooks`, as the editor's first save does) and reads
 * back the content pages as stored, with the ids the journeys open.
 */
export async function createdGuidebook(
  baseUrl: string,
  author: SignedIn,
  doc: unknown,
): Promise<{ id: string; contents: ContentPage[] }> {
  const created = await fetch(`${baseUrl}/api/guidebooks`, {
    method: 'POST',
    headers: { ...bearer(author.token), 'content-type': 'application/json' },
    body: JSON.stringify(doc),
  });
  if (created.status !== 201)
    throw new Error(`POST /api/guidebooks answered ${created.status}: ${await created.text()}`);
  const id = ((await created.json()) as { _id: string })._id;
  const read = await fetch(`${baseUrl}/api/guidebooks/${id}`, { headers: bearer(author.token) });
  if (!read.ok) throw new Error(`GET /api/guidebooks/${id} answered ${read.status}`);
  const { contents } = (await read.json()) as { contents: ContentPage[] };
  return { id, contents };
}
