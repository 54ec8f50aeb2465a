import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newGuidebookDocument } from '@pocketguide/contracts';
import { bearer, startWithAdmin, type SignedIn, type StartedWithAdmin } from './testing/accounts.ts';
import { appendedSince } from './testing/log.ts';

/**
 * The server answers the web app's "flows that end somewhere" rely on: a restore of the version the guidebook
 * already is changes nothing and says so (`changed: false`, nothing appended), so the editor can say "nothing
 * changed"; a file that only claims to be an image is a 415 with its own message, not a retryable failure; and a
 * plan changed after sign-in is what GET /api/users/{id} answers to the old token, so the session can follow it.
 */

let product: StartedWithAdmin;
let author: SignedIn;

beforeAll(async () => {
  product = await startWithAdmin('flows-end-somewhere');
  author = await product.newUser('flows');
});
afterAll(() => product?.app.close());

const send = (method: string, path: string, who: SignedIn, body?: unknown, headers: Record<string, string> = {}) =>
  fetch(`${product.baseUrl}/api${path}`, {
    method,
    headers: { ...bearer(who.token), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe('restoring the version the guidebook already is', () => {
  it('answers changed: false at the same revision and appends nothing; a real restore answers changed: true', async () => {
    const created = (await (await send('POST', '/guidebooks', author, newGuidebookDocument({ title: 'Jeju' }))).json()) as { _id: string };
    const renamed = await send('PATCH', `/guidebooks/${created._id}`, author, { patches: [{ op: 'replace', path: ['title'], value: 'Jeju in spring' }] }, { 'if-match': '"0"' });
    expect(renamed.status).toBe(200);

    const before = await product.app.eventStore.headPosition();
    const same = await send('POST', `/guidebooks/${created._id}/restore`, author, { revision: 1 });
    expect(same.status).toBe(200);
    expect(await same.json()).toMatchObject({ _id: created._id, revision: 1, changed: false, patches: [] });
    expect(await appendedSince(product.app.eventStore, before)).toEqual([]);

    const back = await send('POST', `/guidebooks/${created._id}/restore`, author, { revision: 0 });
    expect(await back.json()).toMatchObject({ revision: 2, changed: true });
  });
});

describe('a file that only claims to be an image', () => {
  it('is refused with 415 and a message naming the image types', async () => {
    const created = (await (await send('POST', '/guidebooks', author, newGuidebookDocument({ title: 'Upload' }))).json()) as { _id: string };
    const form = new FormData();
    form.append('file', new Blob(['just some text, not a picture\n'.repeat(20)], { type: 'image/png' }), 'holiday.png');
    const response = await fetch(`${product.baseUrl}/api/guidebooks/${created._id}/header/image`, { method: 'POST', headers: bearer(author.token), body: form });
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ code: 'unsupported_media_type', message: 'Only jpg, png and gif images are allowed' });
  });
});

describe('a plan changed after sign-in', () => {
  it('GET /api/users/{id} answers the new plan to the token handed out before the change', async () => {
    const person = await product.newUser('plan');
    expect(person.user.subscriptionType).toBe('free');
    const subscribed = await send('POST', '/subscriptions/admin/subscribe', product.admin, { customerUid: person.user.id, plan: 'pro' });
    expect(subscribed.status).toBeLessThan(300);
    const read = await send('GET', `/users/${person.user.id}`, person);
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ id: person.user.id, subscription: true, subscriptionType: 'pro' });
  });
});
