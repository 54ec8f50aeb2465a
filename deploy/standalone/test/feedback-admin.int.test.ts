import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackPageSchema } from '@pocketguide/contracts';
import { bearer, startWithAdmin, type SignedIn, type StartedWithAdmin } from './testing/accounts.ts';

/** GET /api/admin/feedback (spec 3 §2.12): administrators read what was sent, newest first, with who sent it. */

let product: StartedWithAdmin;
let member: SignedIn;
let position = 0;

const body = (feedback: string, title?: string) => ({
  ...(title ? { title } : {}),
  feedback,
  url: 'http://localhost/guidebooks',
  userAgent: 'Mozilla/5.0 (test)',
  timestamp: '2026-11-25T10:00:00.000+09:00',
});

async function sendFeedback(payload: unknown, who: SignedIn | null) {
  const response = await fetch(`${product.baseUrl}/api/feedback`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(who ? bearer(who.token) : {}) },
    body: JSON.stringify(payload),
  });
  expect(response.status).toBe(201);
  position = ((await response.json()) as { position: number }).position;
}

beforeAll(async () => {
  product = await startWithAdmin('feedback-admin');
  member = await product.newUser('feedback-member', { name: '김여행' });
  await sendFeedback(body('첫 번째 의견'), null);
  await sendFeedback(body('지도를 확대하고 싶어요.', '지도 확대'), member);
});
afterAll(() => product?.app.close());

describe('GET /api/admin/feedback', () => {
  it('lists the feedback newest first, with the signed-in sender’s name and email', async () => {
    const response = await fetch(`${product.baseUrl}/api/admin/feedback?after=${position}`, {
      headers: bearer(product.admin.token),
    });
    expect(response.status).toBe(200);
    const page = feedbackPageSchema.parse(await response.json());
    expect(page.totalCount).toBe(2);
    expect(page.results.map((item) => [item.title, item.feedback, item.user?.name ?? null])).toEqual([
      ['지도 확대', '지도를 확대하고 싶어요.', '김여행'],
      [null, '첫 번째 의견', null],
    ]);
    expect(page.results[0]?.user?.email).toBe(member.user.email);
  });

  it('is for administrators only', async () => {
    expect((await fetch(`${product.baseUrl}/api/admin/feedback`)).status).toBe(401);
    expect((await fetch(`${product.baseUrl}/api/admin/feedback`, { headers: bearer(member.token) })).status).toBe(403);
    expect(
      (await fetch(`${product.baseUrl}/api/admin/feedback?page=0`, { headers: bearer(product.admin.token) })).status,
    ).toBe(400);
  });
});
