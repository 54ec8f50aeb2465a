import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_MESSAGES, messagePageSchema, messageSchema, type Message } from '@pocketguide/contracts';
import { bearer, startWithAdmin, type SignedIn, type StartedWithAdmin } from './testing/accounts.ts';
import { appendedSince } from './testing/log.ts';

/**
 * Messages over HTTP (spec 3 §2.4, §2.9, §7): administrators save, send, unsend and delete; the audience is decided
 * when a message is sent; members read their own and dismiss them on the server; every refusal changes nothing.
 */

let product: StartedWithAdmin;
let paid: SignedIn;
let free: SignedIn;
let position = 0;

const content = { title: '정기 점검 안내', message: '11월 30일 02:00–04:00\n서비스를 점검합니다.', type: 'warning', users: 'paid', messageDate: '2026-11-30', notification: true };

async function send(method: string, path: string, who: SignedIn | null, body?: unknown): Promise<Response> {
  return fetch(`${product.baseUrl}/api${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(who ? bearer(who.token) : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function ok(response: Promise<Response>, status = 200): Promise<Record<string, unknown>> {
  const answer = await response;
  const text = await answer.text();
  expect(answer.status, text).toBe(status);
  const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  if (typeof body.position === 'number') position = Math.max(position, body.position);
  return body;
}

async function refused(response: () => Promise<Response>, status: number, message?: string) {
  const before = await product.app.eventStore.headPosition();
  const answer = await response();
  expect(answer.status).toBe(status);
  expect(answer.headers.get('content-type')).toContain('application/problem+json');
  if (message) expect(((await answer.json()) as { message: string }).message).toBe(message);
  expect(await appendedSince(product.app.eventStore, before)).toEqual([]);
}

async function inboxOf(who: SignedIn): Promise<Message[]> {
  return messagePageSchema.parse(await ok(send('GET', `/messages?after=${position}`, who))).messages;
}

beforeAll(async () => {
  product = await startWithAdmin('messages');
  [paid, free] = await Promise.all([product.newUser('messages-paid'), product.newUser('messages-free')]);
  await ok(send('POST', '/subscriptions/admin/subscribe', product.admin, { customerUid: paid.user.id }));
});
afterAll(() => product?.app.close());

describe('administrators’ messages', () => {
  let id = '';

  it('a saved message waits and reaches nobody', async () => {
    id = String((await ok(send('POST', '/admin/messages', product.admin, content), 201))._id);
    const shown = messageSchema.parse(await ok(send('GET', `/admin/messages/${id}?after=${position}`, product.admin)));
    expect(shown).toMatchObject({ ...content, saved: true, showing: false, status: 'waiting', sentAt: null, recipientsCount: 0 });
    expect(await inboxOf(paid)).toEqual([]);
  });

  it('sent to paying members, it reaches them, not the free ones; what a GET returns a PUT accepts', async () => {
    const read = await ok(send('GET', `/admin/messages/${id}`, product.admin));
    await ok(send('PUT', `/admin/messages/${id}`, product.admin, { ...read, showing: true }));
    const sent = messageSchema.parse(await ok(send('GET', `/admin/messages/${id}?after=${position}`, product.admin)));
    expect(sent).toMatchObject({ saved: false, showing: true, status: 'showing', recipientsCount: 1 });
    const [received] = await inboxOf(paid);
    expect(received).toMatchObject({ _id: id, title: content.title, message: content.message, type: 'warning', dismissed: false });
    expect(await inboxOf(free)).toEqual([]);
    // The same body again changes nothing.
    const again = await ok(send('PUT', `/admin/messages/${id}`, product.admin, sent));
    expect(again.position).toBeGreaterThan(0);
    expect(messageSchema.parse(await ok(send('GET', `/messages/${id}`, paid))).title).toBe(content.title);
    await refused(() => send('GET', `/messages/${id}`, free), 404, MESSAGE_MESSAGES.notFound);
  });

  it('the recipients were decided when it was sent: a member who pays later does not receive it', async () => {
    await ok(send('POST', '/subscriptions/admin/subscribe', product.admin, { customerUid: free.user.id }));
    expect(await inboxOf(free)).toEqual([]);
  });

  it('a member dismisses it on the server, once', async () => {
    await ok(send('POST', `/messages/${id}/dismiss`, paid));
    expect((await inboxOf(paid))[0]?.dismissed).toBe(true);
    const before = await product.app.eventStore.headPosition();
    await ok(send('POST', `/messages/${id}/dismiss`, paid));
    expect(await appendedSince(product.app.eventStore, before)).toEqual([]);
    // someone it was never sent to (it went to the paying members before this one paid): 403, nothing appended
    await refused(() => send('POST', `/messages/${id}/dismiss`, free), 403, MESSAGE_MESSAGES.notRecipient);
  });

  it('a shown message’s words cannot change until it is unsent; unsent, members no longer see it', async () => {
    await refused(() => send('PUT', `/admin/messages/${id}`, product.admin, { ...content, title: '바뀐 제목', showing: true }), 403, MESSAGE_MESSAGES.editWhileShowing);
    await ok(send('PUT', `/admin/messages/${id}`, product.admin, { ...content, title: '바뀐 제목', showing: false }));
    expect(messageSchema.parse(await ok(send('GET', `/admin/messages/${id}?after=${position}`, product.admin)))).toMatchObject({ title: '바뀐 제목', saved: true, showing: false, status: 'waiting' });
    expect(await inboxOf(paid)).toEqual([]);
  });

  it('lists by audience and type, and deletes', async () => {
    await ok(send('POST', '/admin/messages', product.admin, { ...content, users: 'all', type: 'information', notification: false, showing: true }), 201);
    const all = messagePageSchema.parse(await ok(send('GET', `/admin/messages?after=${position}`, product.admin)));
    expect(all.totalCount).toBe(2);
    const info = messagePageSchema.parse(await ok(send('GET', '/admin/messages?type=information', product.admin)));
    expect(info.messages.map((message) => message.status)).toEqual(['sent']);
    const paidOnly = messagePageSchema.parse(await ok(send('GET', '/admin/messages?users=paid', product.admin)));
    expect(paidOnly.messages.map((message) => message._id)).toEqual([id]);
    expect((await inboxOf(free)).map((message) => message.type)).toEqual(['information']);
    await ok(send('DELETE', `/messages/${id}`, product.admin), 204);
    await refused(() => send('GET', `/admin/messages/${id}?after=${position}`, product.admin), 404);
  });

  it('refuses members, strangers and bad bodies, changing nothing', async () => {
    await refused(() => send('POST', '/admin/messages', paid, content), 403);
    await refused(() => send('POST', '/admin/messages', null, content), 401);
    await refused(() => send('GET', '/admin/messages', paid), 403);
    await refused(() => send('POST', '/admin/messages', product.admin, { ...content, title: '  ' }), 400, 'title: Required Field');
    await refused(() => send('POST', '/admin/messages', product.admin, { ...content, messageDate: '2026.11.30' }), 400);
    await refused(() => send('POST', '/admin/messages', product.admin, { ...content, type: 'spam' }), 400);
    await refused(() => send('PUT', '/admin/messages/no-such-message', product.admin, content), 404, MESSAGE_MESSAGES.notFound);
    await refused(() => send('DELETE', '/messages/no-such-message', product.admin), 404, MESSAGE_MESSAGES.notFound);
    await refused(() => send('DELETE', '/messages/anything', paid), 403);
    await refused(() => send('GET', '/messages?page=0', paid), 400);
  });
});
