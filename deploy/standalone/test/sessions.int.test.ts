import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  TEST_PASSWORD,
  basic,
  bearer,
  linkIn,
  signIn,
  startWithAdmin,
  uniqueEmail,
  verifiedUser,
  waitForMail,
  type StartedWithAdmin,
} from './testing/accounts.ts';

/**
 * Sessions (issue: hardening): a password change or reset ends every other session at once, a sign-out ends its
 * own session on the server (a copied token stops working), and a token claiming to be issued in the future is
 * refused. Each case failed before: tokens lived out their 7 days whatever happened to the password.
 */

let product: StartedWithAdmin;

beforeAll(async () => {
  product = await startWithAdmin('sessions');
});

afterAll(async () => {
  await product?.app.close();
});

// any signed-in read does: the messages list is one every member may call
const me = (token: string) => fetch(`${product.baseUrl}/api/messages`, { headers: bearer(token) });

async function expectEnded(token: string): Promise<void> {
  const response = await me(token);
  expect(response.status).toBe(401);
  expect(((await response.json()) as { message: string }).message).toMatch(/session has ended/i);
}

describe('sessions end', () => {
  it('a password change ends every other session; the device that changed it is given a new one', async () => {
    const email = uniqueEmail('change');
    const phone = await verifiedUser(product.baseUrl, email);
    const laptop = await signIn(product.baseUrl, email);
    expect((await me(laptop.token)).status).toBe(200);

    const response = await fetch(`${product.baseUrl}/api/users/${phone.user.id}/password`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: basic(email, TEST_PASSWORD) },
      body: JSON.stringify({ password: 'Fresh2@pw' }),
    });
    expect(response.status).toBe(200);
    const { token } = (await response.json()) as { token: string };

    await expectEnded(laptop.token);
    await expectEnded(phone.token);
    expect((await me(token)).status).toBe(200);
    expect((await signIn(product.baseUrl, email, 'Fresh2@pw')).token).toBeTruthy();
  });

  it('a password reset ends every session', async () => {
    const email = uniqueEmail('reset');
    const before = await verifiedUser(product.baseUrl, email);
    await fetch(`${product.baseUrl}/api/password-resets`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    const link = linkIn(
      await waitForMail(product.baseUrl, email, (mail) => mail.text.includes('/reset-password/')),
      '/reset-password/',
    );
    const resetToken = link.slice(link.lastIndexOf('/') + 1);
    const reset = await fetch(`${product.baseUrl}/api/password-resets/${resetToken}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ password: 'Fresh2@pw' }),
    });
    expect(reset.status).toBe(200);
    await expectEnded(before.token);
    const after = await signIn(product.baseUrl, email, 'Fresh2@pw');
    expect((await me(after.token)).status).toBe(200);
  });

  it('a sign-out ends that session on the server, and only that one', async () => {
    const email = uniqueEmail('signout');
    const phone = await verifiedUser(product.baseUrl, email);
    const laptop = await signIn(product.baseUrl, email);
    const out = await fetch(`${product.baseUrl}/api/auth/sign-out`, { method: 'POST', headers: bearer(phone.token) });
    expect(out.status).toBe(204);
    await expectEnded(phone.token);
    expect((await me(laptop.token)).status).toBe(200);
    // signing out again with the ended token is refused as any ended session is; anonymous sign-out is a 401
    expect(
      (await fetch(`${product.baseUrl}/api/auth/sign-out`, { method: 'POST', headers: bearer(phone.token) })).status,
    ).toBe(401);
    expect((await fetch(`${product.baseUrl}/api/auth/sign-out`, { method: 'POST' })).status).toBe(401);
  });

  it('a token issued in the future is refused, even with the right key', async () => {
    const user = await product.newUser('future');
    const secrets = JSON.parse(await readFile(join(product.dataDir, 'secrets.json'), 'utf8')) as { jwtSecret: string };
    const iat = Math.floor(Date.now() / 1000) + 3600;
    const forged = await new SignJWT({ role: 'user', sid: 'future', ver: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.user.id)
      .setIssuer('pocketguide')
      .setAudience('pocketguide-api')
      .setIssuedAt(iat)
      .setExpirationTime(iat + 3600)
      .sign(new TextEncoder().encode(secrets.jwtSecret));
    expect((await me(forged)).status).toBe(401);
    expect((await me(user.token)).status).toBe(200);
  });
});
