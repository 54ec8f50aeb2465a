import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  signUp,
  startWithAdmin,
  uniqueEmail,
  type SignedIn,
  type StartedWithAdmin,
} from './testing/accounts.ts';
import { QUOTA_MESSAGES } from '../src/quotas.ts';

/**
 * Quotas (issue: hardening): signups and mails per address an hour, guidebook writes per person (requests a
 * minute, bytes in ten minutes), checked and counted in one step so parallel requests cannot slip past, and a
 * refused request appends nothing. Before them, one address could create accounts and send mails without end.
 */

let product: StartedWithAdmin;
let author: SignedIn;
let other: SignedIn;
let guidebookId: string;

beforeAll(async () => {
  product = await startWithAdmin('quotas', {
    env: {
      SIGNUPS_PER_ADDRESS_PER_HOUR: '100000',
      MAILS_PER_ADDRESS_PER_HOUR: '100000',
      GUIDEBOOK_WRITES_PER_MINUTE: '8',
      GUIDEBOOK_WRITE_BYTES_PER_10_MINUTES: '60000',
    },
  });
  author = await product.newUser('quota-author');
  other = await product.newUser('quota-other');
  const created = await fetch(`${product.baseUrl}/api/guidebooks`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...bearer(author.token) },
    body: '{}',
  });
  guidebookId = ((await created.json()) as { _id: string })._id;
});

afterAll(async () => {
  await product?.app.close();
});

async function expectRefused(response: Response, message: string): Promise<void> {
  expect(response.status).toBe(429);
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
  expect((await response.json()) as { code: string; message: string }).toMatchObject({
    code: 'too_many_requests',
    message,
  });
}

describe('signups and mails per address', () => {
  let limited: StartedWithAdmin;
  beforeAll(async () => {
    limited = await startWithAdmin('quotas-address', {
      env: { SIGNUPS_PER_ADDRESS_PER_HOUR: '3', MAILS_PER_ADDRESS_PER_HOUR: '5' },
    });
  });
  afterAll(async () => {
    await limited?.app.close();
  });

  it('of 10 parallel signups from one address, 3 are created; the rest are refused and append nothing', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => signUp(limited.baseUrl, uniqueEmail(`burst${i}`))),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(3);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(7);
    await expectRefused(refused[0]!, QUOTA_MESSAGES.signups);
    const head = await limited.app.eventStore.headPosition();
    await expectRefused(await signUp(limited.baseUrl, uniqueEmail('later')), QUOTA_MESSAGES.signups);
    expect(await limited.app.eventStore.headPosition()).toBe(head);
  });

  it('every mail a request makes the server send counts: resends and reset links share the address’s mail quota', async () => {
    // three signups sent three mails of five; two more requests fit, whatever addresses they name
    const reset = (email: string) =>
      fetch(`${limited.baseUrl}/api/password-resets`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      });
    expect((await reset(uniqueEmail('anyone'))).status).toBeLessThan(429);
    expect(
      (
        await fetch(`${limited.baseUrl}/api/users/verify/${encodeURIComponent(uniqueEmail('else'))}`, {
          method: 'POST',
        })
      ).status,
    ).toBeLessThan(429);
    await expectRefused(await reset(uniqueEmail('third')), QUOTA_MESSAGES.mails);
  });
});

describe('guidebook writes per person', () => {
  const rename = (token: string, title: string, padding = 0) =>
    fetch(`${product.baseUrl}/api/guidebooks/${guidebookId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', ...bearer(token), 'if-match': '0' },
      body: JSON.stringify({
        patches: [{ op: 'replace', path: ['title'], value: title }],
        ...(padding > 0 ? { pad: 'x'.repeat(padding) } : {}),
      }),
    });

  it('past the requests of a minute, writes are refused with the wait and append nothing; another person is not affected', async () => {
    // the author made one write (the create); seven more fit, in parallel too
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => rename(author.token, `Title ${i}`)));
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(12 - 7);
    await expectRefused(refused[0]!, QUOTA_MESSAGES.writes);
    const head = await product.app.eventStore.headPosition();
    await expectRefused(await rename(author.token, 'Still too many'), QUOTA_MESSAGES.writes);
    expect(await product.app.eventStore.headPosition()).toBe(head);
    // the other person's writes are their own (their PATCH is refused for another reason: not theirs)
    expect((await rename(other.token, 'Not mine')).status).toBe(403);
  });

  it('past the bytes of ten minutes, a large write is refused before it is read into a command', async () => {
    const big = await rename(other.token, 'Big', 70_000);
    await expectRefused(big, QUOTA_MESSAGES.writeBytes);
  });
});
