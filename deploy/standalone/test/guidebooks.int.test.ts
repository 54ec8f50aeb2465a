import { randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GUIDEBOOK_MESSAGES,
  SUBSCRIPTION_MESSAGES,
  applyPatches,
  guidebookStream,
  newContentPage,
  newGuidebookDocument,
  newSectionItem,
  richParagraph,
  type GuidebookDocument,
  type Patch,
} from '@pocketguide/contracts';
import type { RunningStandalone } from '../src/app.ts';
import { bearer, signIn, startWithAdmin, type SignedIn, type StartedWithAdmin } from './testing/accounts.ts';
import { appendedSince } from './testing/log.ts';

let app: RunningStandalone;
let newUser: StartedWithAdmin['newUser'];
let admin: SignedIn;
let author: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  ({ app, admin, newUser } = await startWithAdmin('guidebooks'));
  [author, other] = await Promise.all([newUser('author'), newUser('other')]);
});
afterAll(() => app?.close());

type Problem = {
  code: string;
  message: string;
  status: number;
  currentRevision?: number;
  errors?: { path: string; message: string }[];
};

const api = (path: string, init: RequestInit = {}) => fetch(`${app.url}/api${path}`, init);
function send(
  method: string,
  path: string,
  who: SignedIn | null,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return api(path, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(who ? bearer(who.token) : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function expectProblem(
  response: Response,
  status: number,
  code?: string,
  message?: string | RegExp,
): Promise<Problem> {
  const body = (await response.json()) as Problem;
  expect({ status: response.status, body }).toMatchObject({ status, body: code ? { code } : {} });
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  if (typeof message === 'string') expect(body.message).toBe(message);
  else if (message) expect(body.message).toMatch(message);
  return body;
}

/** Every refusal leaves the log as it was. */
async function refused(
  request: () => Promise<Response>,
  status: number,
  code?: string,
  message?: string | RegExp,
): Promise<Problem> {
  const before = await app.eventStore.headPosition();
  const response = await request();
  const problem = await expectProblem(response, status, code, message);
  expect(await appendedSince(app.eventStore, before)).toEqual([]);
  return problem;
}

function richDocument(): GuidebookDocument {
  let n = 0;
  const ids = { newId: () => `posted-${n++}` };
  const attractions = newContentPage('attractions', ids);
  return {
    ...newGuidebookDocument({ title: '제주 3박 4일' }),
    contents: [
      {
        ...attractions,
        sections: [{ ...attractions.sections[0]!, items: [newSectionItem('text', ids), newSectionItem('image', ids)] }],
      },
      {
        ...newContentPage('itinerary', ids),
        days: [{ _id: ids.newId(), title: richParagraph('Day 1'), activities: [], meals: [] }],
      },
    ],
  };
}

type Created = { _id: string; uuid: string; revision: number; position: number };
async function create(who: SignedIn = author, body: unknown = richDocument()): Promise<Created> {
  const response = await send('POST', '/guidebooks', who, body);
  expect(response.status).toBe(201);
  return (await response.json()) as Created;
}

async function storedDocument(id: string): Promise<{
  document: GuidebookDocument;
  revision: number;
  events: Array<{ type: string; data: Record<string, unknown> }>;
}> {
  const events: Array<{ type: string; data: Record<string, unknown> }> = [];
  let document: GuidebookDocument | null = null;
  let revision = -1;
  for await (const event of app.eventStore.readStream(guidebookStream(id))) {
    events.push({ type: event.type, data: event.data as Record<string, unknown> });
    revision = event.revision;
    if (event.type === 'GuidebookCreated') document = (event.data as { document: GuidebookDocument }).document;
    else if (event.type === 'GuidebookEdited' && document)
      document = applyPatches(document, (event.data as { patches: Patch[] }).patches);
  }
  if (!document) throw new Error('no guidebook');
  return { document, revision, events };
}

const patch = (id: string, who: SignedIn | null, patches: unknown, revision?: number | string) =>
  send(
    'PATCH',
    `/guidebooks/${id}`,
    who,
    { patches },
    revision === undefined ? {} : { 'if-match': typeof revision === 'number' ? `"${revision}"` : revision },
  );
const retitle = (title: string): Patch[] => [{ op: 'replace', path: ['title'], value: title }];

async function subscribe(who: SignedIn) {
  const response = await send('POST', '/subscriptions/admin/subscribe', admin, { customerUid: who.user.id });
  expect(response.status).toBe(200);
}

describe('every guidebook call: 401 anonymous, 404 unknown, 403 for someone else, nothing appended', () => {
  const calls = (id: string, contentId = 'c', itemId = 'i'): Array<[string, string, unknown]> => [
    ['PUT', `/guidebooks/${id}`, { ...richDocument(), title: 'x' }],
    ['PATCH', `/guidebooks/${id}`, { patches: retitle('x') }],
    ['DELETE', `/guidebooks/${id}`, undefined],
    ['PUT', `/guidebooks/${id}/publish`, undefined],
    ['PUT', `/guidebooks/${id}/unpublish`, undefined],
    ['PATCH', `/guidebooks/${id}/public-gallery`, { isPublicGallery: false }],
    ['PUT', `/guidebooks/${id}/password`, { password: 'x' }],
    ['PUT', `/guidebooks/${id}/sample`, { isSampleGuidebook: false, isSampleContent: true }],
    ['DELETE', `/guidebooks/${id}/contents/${contentId}/items/${itemId}`, undefined],
    ['POST', `/guidebooks/${id}/restore`, { revision: 0 }],
    ['POST', `/guidebooks/${id}/undo`, undefined],
    ['POST', `/guidebooks/${id}/redo`, undefined],
    ['GET', `/guidebooks/${id}/history`, undefined],
    ['GET', `/guidebooks/${id}/revisions/0`, undefined],
    ['POST', '/guidebooks/copy', { guidebookId: id }],
    ['POST', '/guidebooks/contents/copy', { guidebookId: id, contentId }],
  ];

  it('anonymous: 401 everywhere, unpublish all and create included', async () => {
    for (const [method, path, body] of [
      ...calls(randomUUID()),
      ['PUT', '/guidebooks/unpublishall', undefined] as [string, string, unknown],
    ]) {
      await refused(() => send(method, path, null, body, { 'if-match': '"0"' }), 401, 'unauthorized');
    }
  });

  it('an unknown guidebook: 404 everywhere', async () => {
    for (const [method, path, body] of calls(randomUUID()))
      await refused(() => send(method, path, author, body, { 'if-match': '"0"' }), 404, 'not_found');
  });

  it("someone else's guidebook: 403 everywhere (even with a stale If-Match)", async () => {
    const { _id } = await create();
    const { document } = await storedDocument(_id);
    const page = document.contents[0]!;
    for (const [method, path, body] of calls(_id, page._id, page.sections[0]!.items[0]!._id)) {
      await refused(() => send(method, path, other, body, { 'if-match': '"7"' }), 403, 'forbidden');
    }
  });
});

describe('administrator subscription calls (spec 2 §7)', () => {
  it('subscribe, change plan, unsubscribe: each answers the user; the session shows the subscription', async () => {
    const customer = await newUser('customer');
    const subscribed = await send('POST', '/subscriptions/admin/subscribe', admin, { customerUid: customer.user.id });
    expect(subscribed.status).toBe(200);
    const { user, position } = (await subscribed.json()) as {
      user: { _id: string; subscription: boolean; subscriptionType: string; expiresAt: string };
      position: number;
    };
    expect(user).toMatchObject({ _id: customer.user.id, subscription: true, subscriptionType: 'standard' });
    expect(Date.parse(user.expiresAt)).toBeGreaterThan(Date.now() + 27 * 86_400_000);
    expect(position).toBeGreaterThan(0);
    expect((await signIn(app.url, customer.user.email)).user).toMatchObject({
      subscription: true,
      subscriptionType: 'standard',
      expiresAt: user.expiresAt,
    });

    const changed = (await (
      await send('POST', '/subscriptions/admin/change-plan', admin, { customerUid: customer.user.id, plan: 'pro' })
    ).json()) as { user: { subscriptionType: string } };
    expect(changed.user.subscriptionType).toBe('pro');
    await refused(
      () => send('POST', '/subscriptions/admin/subscribe-one-month', admin, { customerUid: customer.user.id }),
      409,
      'conflict',
      SUBSCRIPTION_MESSAGES.oneMonthForSubscribed,
    );

    const ended = (await (
      await send('POST', '/subscriptions/admin/unsubscribe', admin, { customerUid: customer.user.id })
    ).json()) as { user: { subscription: boolean; subscriptionType: string } };
    expect(ended.user).toMatchObject({ subscription: false, subscriptionType: 'pro' });
    const oneMonth = (await (
      await send('POST', '/subscriptions/admin/subscribe-one-month', admin, { customerUid: other.user.id })
    ).json()) as { user: { subscriptionType: string } };
    expect(oneMonth.user.subscriptionType).toBe('onemonth');
    await send('POST', '/subscriptions/admin/unsubscribe', admin, { customerUid: other.user.id });

    const listed = await api(`/users/${customer.user.id}?after=${await app.eventStore.headPosition()}`, {
      headers: bearer(admin.token),
    });
    expect(await listed.json()).toMatchObject({ subscription: false, subscriptionType: 'pro' });
  });

  it('refusals: 401 anonymous, 403 for users, 400 naming the field, 404 unknown customer, 409 no subscription to change', async () => {
    const body = { customerUid: author.user.id };
    await refused(() => send('POST', '/subscriptions/admin/subscribe', null, body), 401, 'unauthorized');
    await refused(() => send('POST', '/subscriptions/admin/subscribe', author, body), 403, 'forbidden');
    const missing = await refused(
      () => send('POST', '/subscriptions/admin/subscribe', admin, {}),
      400,
      'validation_failed',
    );
    expect(missing.errors?.[0]?.path).toBe('customerUid');
    const plan = await refused(
      () => send('POST', '/subscriptions/admin/change-plan', admin, { ...body, plan: 'gold' }),
      400,
      'validation_failed',
    );
    expect(plan.errors?.[0]?.path).toBe('plan');
    await refused(
      () => send('POST', '/subscriptions/admin/unsubscribe', admin, { customerUid: randomUUID() }),
      404,
      'not_found',
    );
    const fresh = await newUser('free');
    await refused(
      () => send('POST', '/subscriptions/admin/change-plan', admin, { customerUid: fresh.user.id, plan: 'pro' }),
      409,
      'conflict',
      SUBSCRIPTION_MESSAGES.notSubscribed,
    );
  });
});

describe('POST guidebooks (NEW or sample)', () => {
  it('creates from the posted document with fresh ids for every part: 201 with _id, uuid, revision, position and ETag', async () => {
    const posted = richDocument();
    const response = await send('POST', '/guidebooks', author, { ...posted, source: 'sample' });
    expect(response.status).toBe(201);
    expect(response.headers.get('etag')).toBe('"0"');
    const created = (await response.json()) as Created;
    expect(created).toMatchObject({
      _id: expect.any(String),
      uuid: expect.stringMatching(/^[0-9a-f]{12}$/),
      revision: 0,
    });
    const { document, events } = await storedDocument(created._id);
    expect(events[0]).toMatchObject({
      type: 'GuidebookCreated',
      data: { ownerId: author.user.id, company: 'Test Travel Co', source: 'sample' },
    });
    expect(document.title).toBe('제주 3박 4일');
    expect(JSON.stringify(document)).not.toContain('posted-');
    expect(document.contents[0]?.sections[0]?.items.map((item) => item.type)).toEqual(['text', 'image']);
  });

  it('a title alone makes a new guidebook with the defaults', async () => {
    const { _id } = await create(author, { title: 'Kyoto' });
    expect((await storedDocument(_id)).document).toMatchObject({
      title: 'Kyoto',
      contents: [],
      header: { type: 'text' },
    });
  });

  it('{ source: sample } alone makes the built-in sample (fresh ids); an empty body a new Untitled Guidebook', async () => {
    const sample = await create(author, { source: 'sample' });
    const { document, events } = await storedDocument(sample._id);
    expect(events[0]).toMatchObject({ data: { source: 'sample' } });
    expect(document.contents.map((page) => page.contentType)).toEqual(
      expect.arrayContaining(['attractions', 'itinerary', 'preparations', 'airtickets']),
    );
    const again = await storedDocument((await create(author, { source: 'sample' }))._id);
    expect(again.document.contents[0]?._id).not.toBe(document.contents[0]?._id);
    expect((await storedDocument((await create(author, {}))._id)).document).toMatchObject({
      title: 'Untitled Guidebook',
      contents: [],
    });
  });

  it('a bad part of the document is a 400 naming its path; anonymous is 401; nothing appended', async () => {
    const broken = richDocument();
    const body = { ...broken, contents: [{ ...broken.contents[0], contentType: 'museum' }] };
    const problem = await refused(() => send('POST', '/guidebooks', author, body), 400, 'validation_failed');
    expect(problem.errors?.[0]?.path).toBe('contents.0.contentType');
    await refused(
      () => send('POST', '/guidebooks', author, { title: '  ' }),
      400,
      'validation_failed',
      /Title cannot be empty/,
    );
    await refused(() => send('POST', '/guidebooks', null, { title: 'x' }), 401, 'unauthorized');
  });
});

describe('PATCH guidebooks/{id} (patches with If-Match)', () => {
  it('appends one event with the patches and their inverses: 200 with revision, ETag and position', async () => {
    const { _id } = await create();
    const response = await patch(_id, author, retitle('Jeju in autumn'), 0);
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe('"1"');
    const body = (await response.json()) as { revision: number; position: number; patches: Patch[]; changed: boolean };
    expect(body).toMatchObject({ revision: 1, patches: [], changed: true });
    expect(body.position).toBe(await app.eventStore.headPosition());
    const { events } = await storedDocument(_id);
    expect(events[1]).toMatchObject({
      type: 'GuidebookEdited',
      data: {
        kind: 'edit',
        baseRevision: 0,
        patches: retitle('Jeju in autumn'),
        inversePatches: retitle('제주 3박 4일'),
        summary: [{ key: 'renamed-guidebook' }],
      },
    });
  });

  it('the structural rules run on the server; the answer carries their fixes for the client', async () => {
    const { _id } = await create();
    // a page without icon gets its type's (a blank title stays blank: issue 11, 'Type N' / 'New Day' are placeholders)
    const response = await patch(
      _id,
      author,
      [{ op: 'replace', path: ['contents', 1, 'icon'], value: '' }, ...retitle('New name')],
      0,
    );
    const body = (await response.json()) as { patches: Patch[] };
    const stored = (await storedDocument(_id)).document.contents[1]!;
    expect(body.patches).toEqual([
      { op: 'replace', path: ['contents', 1, 'icon'], value: `/icons/default/${stored.contentType}.svg` },
    ]);
    expect(stored.icon).toBe(`/icons/default/${stored.contentType}.svg`);
  });

  it('refusals append nothing: 428 without If-Match, 412 stale with the current revision, 400 naming the path, 403, 404, 401', async () => {
    const { _id } = await create();
    await patch(_id, author, retitle('A'), 0);
    await refused(() => patch(_id, author, retitle('B')), 428, 'precondition_required');
    const stale = await refused(() => patch(_id, author, retitle('B'), 0), 412, 'revision_mismatch');
    expect(stale.currentRevision).toBe(1);
    const staleResponse = await patch(_id, author, retitle('B'), 0);
    expect(staleResponse.headers.get('etag')).toBe('"1"');
    await staleResponse.body?.cancel();
    const schema = await refused(
      () =>
        patch(
          _id,
          author,
          [{ op: 'replace', path: ['contents', 0, 'sections', 0, 'items', 0, 'isImportant'], value: 'very' }],
          1,
        ),
      400,
      'validation_failed',
    );
    expect(schema.errors?.[0]?.path).toBe('contents.0.sections.0.items.0.isImportant');
    const missing = await refused(
      () => patch(_id, author, [{ op: 'replace', path: ['contents', 9, 'title'], value: 'x' }], 1),
      400,
      'validation_failed',
    );
    expect(missing.errors?.[0]?.path).toBe('contents.9.title');
    const shape = await refused(
      () => patch(_id, author, [{ op: 'move', path: ['title'] }], 1),
      400,
      'validation_failed',
    );
    expect(shape.errors?.[0]?.path).toBe('patches.0.op');
    await refused(() => patch(_id, author, retitle(''), 1), 400, 'validation_failed', /Title cannot be empty/);
    await refused(() => patch(_id, author, retitle('B'), 'yesterday'), 400, 'validation_failed');
    await refused(() => patch(_id, other, retitle('B'), 1), 403, 'forbidden');
    await refused(() => patch(randomUUID(), author, retitle('B'), 0), 404, 'not_found');
    await refused(() => patch(_id, null, retitle('B'), 1), 401, 'unauthorized');
  });

  it('an administrator may edit any guidebook', async () => {
    const { _id } = await create();
    expect((await patch(_id, admin, retitle('Checked by admin'), 0)).status).toBe(200);
  });
});

describe('PUT guidebooks/{id} (save the whole document)', () => {
  it('diffs against the stored document and appends one edit; the same document again appends nothing', async () => {
    const { _id } = await create();
    const { document } = await storedDocument(_id);
    const moved = { ...document, title: 'Saved', contents: [document.contents[1]!, document.contents[0]!] };
    const response = await send('PUT', `/guidebooks/${_id}`, author, moved);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ revision: 1, patches: [], changed: true });
    expect((await storedDocument(_id)).document).toEqual(moved);
    const before = await app.eventStore.headPosition();
    expect(await (await send('PUT', `/guidebooks/${_id}`, author, moved)).json()).toMatchObject({
      revision: 1,
      changed: false,
    });
    expect(await appendedSince(app.eventStore, before)).toEqual([]);
  });

  it('refusals: blank title 400, stale If-Match 412, another user 403, unknown 404', async () => {
    const { _id } = await create();
    const { document } = await storedDocument(_id);
    const blank = await refused(
      () => send('PUT', `/guidebooks/${_id}`, author, { ...document, title: ' ' }),
      400,
      'validation_failed',
    );
    expect(blank.errors).toContainEqual({ path: 'title', message: 'Title cannot be empty' });
    await send('PUT', `/guidebooks/${_id}`, author, { ...document, title: 'v1' });
    await refused(
      () => send('PUT', `/guidebooks/${_id}`, author, { ...document, title: 'v2' }, { 'if-match': '"0"' }),
      412,
      'revision_mismatch',
    );
    await refused(() => send('PUT', `/guidebooks/${_id}`, other, { ...document, title: 'v2' }), 403, 'forbidden');
    await refused(() => send('PUT', `/guidebooks/${randomUUID()}`, author, document), 404, 'not_found');
  });
});

describe('copies and deletions', () => {
  it('POST guidebooks/copy: a new guidebook of the caller with new ids; answer has _id', async () => {
    const { _id } = await create();
    const response = await send('POST', '/guidebooks/copy', author, { guidebookId: _id });
    expect(response.status).toBe(201);
    const copy = (await response.json()) as Created;
    expect(copy._id).not.toBe(_id);
    const [source, copied] = await Promise.all([storedDocument(_id), storedDocument(copy._id)]);
    expect(copied.events[0]).toMatchObject({ data: { source: 'copy', copiedFrom: _id, ownerId: author.user.id } });
    expect(copied.document.contents.map((c) => c.title)).toEqual(source.document.contents.map((c) => c.title));
    expect(copied.document.contents[0]?._id).not.toBe(source.document.contents[0]?._id);
    await refused(() => send('POST', '/guidebooks/copy', other, { guidebookId: _id }), 403, 'forbidden');
    await refused(() => send('POST', '/guidebooks/copy', author, { guidebookId: randomUUID() }), 404, 'not_found');
    const bad = await refused(() => send('POST', '/guidebooks/copy', author, {}), 400, 'validation_failed');
    expect(bad.errors?.[0]?.path).toBe('guidebookId');
  });

  it('POST guidebooks/contents/copy: the whole page tree with new ids, right after the original', async () => {
    const { _id } = await create();
    const { document } = await storedDocument(_id);
    const page = document.contents[0]!;
    const response = await send('POST', '/guidebooks/contents/copy', author, { guidebookId: _id, contentId: page._id });
    expect(response.status).toBe(201);
    const { contentId, revision } = (await response.json()) as { contentId: string; revision: number };
    expect(revision).toBe(1);
    const after = (await storedDocument(_id)).events[1];
    expect(after).toMatchObject({
      type: 'ContentPageCopied',
      data: { index: 1, sourceContentId: page._id, content: { _id: contentId } },
    });
    await refused(
      () => send('POST', '/guidebooks/contents/copy', author, { guidebookId: _id, contentId: 'nope' }),
      404,
      'not_found',
    );
    await refused(
      () => send('POST', '/guidebooks/contents/copy', other, { guidebookId: _id, contentId: page._id }),
      403,
      'forbidden',
    );
    await refused(
      () => send('POST', '/guidebooks/contents/copy', author, { guidebookId: _id }),
      400,
      'validation_failed',
    );
  });

  it('DELETE guidebooks/{gid}/contents/{cid}/items/{itemId}', async () => {
    const { _id } = await create();
    const { document } = await storedDocument(_id);
    const page = document.contents[0]!;
    const item = page.sections[0]!.items[0]!;
    await refused(
      () => send('DELETE', `/guidebooks/${_id}/contents/${page._id}/items/${item._id}`, other),
      403,
      'forbidden',
    );
    const response = await send('DELETE', `/guidebooks/${_id}/contents/${page._id}/items/${item._id}`, author);
    expect(response.status).toBe(200);
    expect((await storedDocument(_id)).events[1]).toMatchObject({
      type: 'SectionItemDeleted',
      data: { itemId: item._id, index: 0 },
    });
    await refused(
      () => send('DELETE', `/guidebooks/${_id}/contents/${page._id}/items/${item._id}`, author),
      404,
      'not_found',
    );
    await refused(
      () => send('DELETE', `/guidebooks/${_id}/contents/${page._id}/items/${item._id}`, null),
      401,
      'unauthorized',
    );
  });

  it('DELETE guidebooks/{id}: soft; then it is gone for every write; deleting again is fine', async () => {
    const { _id } = await create();
    await refused(() => send('DELETE', `/guidebooks/${_id}`, other), 403, 'forbidden');
    const response = await send('DELETE', `/guidebooks/${_id}`, author);
    expect(response.status).toBe(200);
    expect((await storedDocument(_id)).events.map((e) => e.type)).toEqual(['GuidebookCreated', 'GuidebookDeleted']);
    await refused(() => patch(_id, author, retitle('x'), 1), 404, 'not_found');
    expect((await send('DELETE', `/guidebooks/${_id}`, author)).status).toBe(200);
    await refused(() => send('DELETE', `/guidebooks/${randomUUID()}`, author), 404, 'not_found');
  });
});

describe('publishing and settings', () => {
  it("an unsubscribed user is refused with the spec's text; nothing appended", async () => {
    const free = await newUser('free-author');
    const { _id } = await create(free);
    await refused(
      () => send('PUT', `/guidebooks/${_id}/publish`, free),
      403,
      'subscription_required',
      'You need to subscribe to publish this guidebook',
    );
  });

  it('20 concurrent publishes by one subscribed user: at most 10 published, the others refused with the spec text', async () => {
    const publisher = await newUser('publisher');
    await subscribe(publisher);
    const ids = await Promise.all(
      Array.from({ length: 20 }, () => create(publisher, { title: 'Many' }).then((c) => c._id)),
    );
    const responses = await Promise.all(ids.map((id) => send('PUT', `/guidebooks/${id}/publish`, publisher)));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(10);
    for (const response of responses.filter((r) => r.status === 409)) {
      expect(((await response.json()) as Problem).message).toBe(GUIDEBOOK_MESSAGES.publishLimit);
    }
    const published = await Promise.all(
      ids.map(async (id) => (await storedDocument(id)).events.some((e) => e.type === 'GuidebookPublished')),
    );
    expect(published.filter(Boolean)).toHaveLength(10);

    // unpublish all: every one of them
    const all = await send('PUT', '/guidebooks/unpublishall', publisher);
    expect(all.status).toBe(200);
    expect(((await all.json()) as { unpublished: string[] }).unpublished).toHaveLength(10);
  });

  it('publish, public gallery (only when published), unpublish: answers carry the settings', async () => {
    await subscribe(author);
    const { _id } = await create();
    const gallery = (value: unknown, who: SignedIn | null = author) =>
      send('PATCH', `/guidebooks/${_id}/public-gallery`, who, { isPublicGallery: value });
    await refused(() => gallery(true), 409, 'conflict', GUIDEBOOK_MESSAGES.galleryNeedsPublished);
    await refused(() => send('PUT', `/guidebooks/${_id}/publish`, other), 403, 'forbidden');
    const published = await send('PUT', `/guidebooks/${_id}/publish`, author);
    expect(published.status).toBe(200);
    expect(await published.json()).toMatchObject({ _id, published: true, isPublicGallery: false, revision: 1 });
    expect(await (await gallery(true)).json()).toMatchObject({ published: true, isPublicGallery: true });
    const bad = await refused(() => gallery('yes'), 400, 'validation_failed');
    expect(bad.errors?.[0]?.path).toBe('isPublicGallery');
    await refused(() => gallery(false, other), 403, 'forbidden');
    expect(await (await send('PUT', `/guidebooks/${_id}/unpublish`, author)).json()).toMatchObject({
      published: false,
      isPublicGallery: false,
    });
    await refused(() => send('PUT', `/guidebooks/${randomUUID()}/unpublish`, author), 404, 'not_found');
    await refused(() => send('PUT', `/guidebooks/${_id}/unpublish`, null), 401, 'unauthorized');
  });

  it('PUT guidebooks/{id}/password: set and remove; too long 400; others 403', async () => {
    const { _id } = await create();
    expect(
      await (await send('PUT', `/guidebooks/${_id}/password`, author, { password: 'jeju2026' })).json(),
    ).toMatchObject({ hasPassword: true });
    expect((await storedDocument(_id)).events[1]).toMatchObject({
      type: 'GuidebookPasswordSet',
      data: { password: 'jeju2026' },
    });
    expect(await (await send('PUT', `/guidebooks/${_id}/password`, author, { password: '' })).json()).toMatchObject({
      hasPassword: false,
    });
    const long = await refused(
      () => send('PUT', `/guidebooks/${_id}/password`, author, { password: 'x'.repeat(101) }),
      400,
      'validation_failed',
    );
    expect(long.errors?.[0]?.path).toBe('password');
    await refused(() => send('PUT', `/guidebooks/${_id}/password`, other, { password: 'mine' }), 403, 'forbidden');
  });

  it('PUT guidebooks/{id}/sample: only an administrator who owns it; anyone may then copy it', async () => {
    const own = await create(admin, { title: 'Sample' });
    const flags = { isSampleGuidebook: true, isSampleContent: true };
    await refused(() => send('POST', '/guidebooks/copy', other, { guidebookId: own._id }), 403, 'forbidden');
    expect(await (await send('PUT', `/guidebooks/${own._id}/sample`, admin, flags)).json()).toMatchObject(flags);
    expect((await send('POST', '/guidebooks/copy', other, { guidebookId: own._id })).status).toBe(201);
    const authors = await create(author, { title: 'Not a sample' });
    await refused(() => send('PUT', `/guidebooks/${authors._id}/sample`, admin, flags), 403, 'forbidden');
    await refused(() => send('PUT', `/guidebooks/${authors._id}/sample`, author, flags), 403, 'forbidden');
    await refused(
      () => send('PUT', `/guidebooks/${own._id}/sample`, admin, { isSampleGuidebook: true }),
      400,
      'validation_failed',
    );
  });
});

describe('history, revisions, restore, undo and redo', () => {
  it('history pages newest first with who and a human summary; revisions/{n}; restore; undo and redo', async () => {
    const { _id } = await create();
    for (let i = 1; i <= 5; i++) await patch(_id, author, retitle(`Title ${i}`), i - 1);
    await patch(
      _id,
      author,
      [{ op: 'replace', path: ['contents', 1, 'days', 0, 'title'], value: richParagraph('Arrival') }],
      5,
    );

    const history = (await (await send('GET', `/guidebooks/${_id}/history?pageSize=4`, author)).json()) as {
      revision: number;
      totalCount: number;
      pageCount: number;
      results: Array<{ revision: number; text: string; who: { userId: string; name: string }; kind: string }>;
    };
    expect(history).toMatchObject({ revision: 6, totalCount: 6, pageCount: 2 });
    expect(history.results.map((r) => r.revision)).toEqual([6, 5, 4, 3]);
    expect(history.results[0]).toMatchObject({
      text: 'changed the title of Day 1',
      kind: 'edit',
      who: { userId: author.user.id, name: 'Test Person' },
    });
    const second = (await (await send('GET', `/guidebooks/${_id}/history?page=2&pageSize=4`, author)).json()) as {
      results: Array<{ revision: number }>;
    };
    expect(second.results.map((r) => r.revision)).toEqual([2, 1]);

    const atTwo = (await (await send('GET', `/guidebooks/${_id}/revisions/2`, author)).json()) as {
      revision: number;
      document: GuidebookDocument;
    };
    expect(atTwo).toMatchObject({ revision: 2, document: { title: 'Title 2' } });

    const restored = await send('POST', `/guidebooks/${_id}/restore`, author, { revision: 2 });
    expect(await restored.json()).toMatchObject({ revision: 7, changed: true });
    expect((await storedDocument(_id)).document).toEqual(atTwo.document);

    const undone = (await (await send('POST', `/guidebooks/${_id}/undo`, author)).json()) as {
      revision: number;
      patches: Patch[];
    };
    expect(undone.revision).toBe(8);
    expect((await storedDocument(_id)).document.title).toBe('Title 5');
    expect((await send('POST', `/guidebooks/${_id}/redo`, author)).status).toBe(200);
    expect((await storedDocument(_id)).document.title).toBe('Title 2');
  });

  it('refusals: others 403, unknown 404, bad revision 400 or 404, nothing to redo 409, stale If-Match 412', async () => {
    const { _id } = await create();
    await refused(() => send('GET', `/guidebooks/${_id}/history`, other), 403, 'forbidden');
    await refused(() => send('GET', `/guidebooks/${randomUUID()}/history`, author), 404, 'not_found');
    await refused(() => send('GET', `/guidebooks/${_id}/history`, null), 401, 'unauthorized');
    await refused(() => send('GET', `/guidebooks/${_id}/history?page=0`, author), 400, 'validation_failed');
    await refused(() => send('GET', `/guidebooks/${_id}/revisions/9`, author), 404, 'not_found');
    await refused(() => send('GET', `/guidebooks/${_id}/revisions/-1`, author), 404, 'not_found');
    await refused(
      () => send('POST', `/guidebooks/${_id}/restore`, author, { revision: 'last' }),
      400,
      'validation_failed',
    );
    await refused(() => send('POST', `/guidebooks/${_id}/restore`, author, { revision: 4 }), 404, 'not_found');
    await refused(() => send('POST', `/guidebooks/${_id}/restore`, other, { revision: 0 }), 403, 'forbidden');
    await refused(() => send('POST', `/guidebooks/${_id}/undo`, author), 409, 'conflict');
    await refused(() => send('POST', `/guidebooks/${_id}/redo`, author), 409, 'conflict');
    await patch(_id, author, retitle('x'), 0);
    await refused(
      () => send('POST', `/guidebooks/${_id}/undo`, author, undefined, { 'if-match': '"0"' }),
      412,
      'revision_mismatch',
    );
    await refused(() => send('POST', `/guidebooks/${_id}/undo`, other), 403, 'forbidden');
  });
});

describe('image uploads', () => {
  let png: Buffer;
  let sixMegabytes: Buffer;
  beforeAll(async () => {
    png = await sharp({ create: { width: 2000, height: 1000, channels: 3, background: { r: 30, g: 120, b: 200 } } })
      .png()
      .toBuffer();
    // random pixels do not compress: a real PNG of about 6.9 MB
    sixMegabytes = await sharp(randomBytes(1520 * 1520 * 3), { raw: { width: 1520, height: 1520, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
  });
  const upload = (path: string, who: SignedIn | null, bytes: Buffer, name = 'photo.png', type = 'image/png') => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
    return api(path, { method: 'POST', body: form, headers: who ? bearer(who.token) : {} });
  };

  it('stores three sizes, served from /media with long cache headers, and records the image in the document', async () => {
    const { _id } = await create();
    const response = await upload(`/guidebooks/${_id}/header/image`, author, png);
    expect(response.status).toBe(201);
    const body = (await response.json()) as {
      image: { large: string; medium: string; small: string };
      revision: number;
      patches: Patch[];
    };
    expect(body.revision).toBe(1);
    expect(body.patches).toEqual([{ op: 'add', path: ['header', 'image'], value: body.image }]);
    const widths: number[] = [];
    for (const url of [body.image.large, body.image.medium, body.image.small]) {
      expect(url).toMatch(new RegExp(`^/media/guidebooks/${_id}/(large|medium|small)-[0-9a-f]{16}\\.webp$`));
      const media = await fetch(`${app.url}${url}`);
      expect(media.status).toBe(200);
      expect(media.headers.get('cache-control')).toContain('immutable');
      widths.push((await sharp(Buffer.from(await media.arrayBuffer())).metadata()).width ?? 0);
    }
    expect(widths).toEqual([1280, 640, 320]);
    expect((await storedDocument(_id)).document.header.image).toEqual(body.image);
    const edited = (await storedDocument(_id)).events[1];
    expect(edited).toMatchObject({
      type: 'GuidebookEdited',
      data: { kind: 'upload', upload: { target: { kind: 'header' }, image: body.image } },
    });

    for (const part of ['footer', 'subtitle'] as const) {
      expect((await upload(`/guidebooks/${_id}/${part}/image`, author, png)).status).toBe(201);
    }
    const { document } = await storedDocument(_id);
    expect(document.footer.image).toBeDefined();
    expect(document.subheader.image).toBeDefined();
  });

  it('into a section item', async () => {
    const { _id } = await create();
    const { document } = await storedDocument(_id);
    const page = document.contents[0]!;
    const section = page.sections[0]!;
    const imageItem = section.items[1]!;
    const response = await upload(
      `/guidebooks/${_id}/contents/${page._id}/sections/${section._id}/items/${imageItem._id}/upload`,
      author,
      png,
    );
    expect(response.status).toBe(201);
    const { image } = (await response.json()) as { image: unknown };
    expect((await storedDocument(_id)).document.contents[0]?.sections[0]?.items[1]).toMatchObject({ image });
    await refused(
      () => upload(`/guidebooks/${_id}/contents/${page._id}/sections/${section._id}/items/nope/upload`, author, png),
      404,
      'not_found',
    );
    await refused(
      () =>
        upload(
          `/guidebooks/${_id}/contents/${page._id}/sections/${section._id}/items/${section.items[0]!._id}/upload`,
          author,
          png,
        ),
      400,
      'validation_failed',
      /takes no image/,
    );
  });

  it('into a cover card that shows a picture (issue 11: cards get and replace pictures); other cards and unknown ones refused', async () => {
    const { _id } = await create();
    const before = (await storedDocument(_id)).document;
    const cards = [
      { _id: 'card-picture', type: 'leftImageCard', heading: 'Hallasan', text: '' },
      { _id: 'card-text', type: 'text', content: [{ type: 'paragraph', children: [{ text: 'Hello' }] }] },
    ];
    const put = await api(`/guidebooks/${_id}`, {
      method: 'PUT',
      headers: { ...bearer(author.token), 'content-type': 'application/json' },
      body: JSON.stringify({ ...before, home: { cards } }),
    });
    expect(put.status).toBe(200);
    const first = await upload(`/guidebooks/${_id}/cards/card-picture/image`, author, png);
    expect(first.status).toBe(201);
    const { image, patches } = (await first.json()) as { image: unknown; patches: Patch[] };
    expect(patches).toEqual([{ op: 'add', path: ['home', 'cards', 0, 'image'], value: image }]);
    expect((await storedDocument(_id)).document.home.cards[0]).toMatchObject({ image });
    // a second upload replaces it
    const second = (await (await upload(`/guidebooks/${_id}/cards/card-picture/image`, author, png)).json()) as {
      patches: Patch[];
    };
    expect(second.patches[0]).toMatchObject({ op: 'replace', path: ['home', 'cards', 0, 'image'] });
    await refused(
      () => upload(`/guidebooks/${_id}/cards/card-text/image`, author, png),
      400,
      'validation_failed',
      /takes no image/,
    );
    await refused(() => upload(`/guidebooks/${_id}/cards/nope/image`, author, png), 404, 'not_found');
    await refused(() => upload(`/guidebooks/${_id}/cards/card-picture/image`, other, png), 403, 'forbidden');
  });

  it('refusals append nothing: a renamed text file 415, 6 MB 413 with the size and maximum, NEW 400, others 403, anonymous 401', async () => {
    const { _id } = await create();
    const path = `/guidebooks/${_id}/header/image`;
    await refused(
      () => upload(path, author, Buffer.from('just some text, not a picture\n'.repeat(20)), 'holiday.png'),
      415,
      'unsupported_media_type',
      'Only jpg, png and gif images are allowed',
    );
    expect(sixMegabytes.length).toBeGreaterThan(6 * 1024 * 1024);
    await refused(
      () => upload(path, author, sixMegabytes),
      413,
      'payload_too_large',
      /^file is too big \(6\.\d MB\)\. The maximum is 5 MB\.$/,
    );
    await refused(
      () => upload('/guidebooks/NEW/header/image', author, png),
      400,
      'validation_failed',
      GUIDEBOOK_MESSAGES.uploadNeedsSave,
    );
    await refused(() => upload(path, other, png), 403, 'forbidden');
    await refused(() => upload(path, null, png), 401, 'unauthorized');
    await refused(() => upload(`/guidebooks/${randomUUID()}/header/image`, author, png), 404, 'not_found');
  });
});
