/**
 * Issue 11: what the API answers must be accepted back, and what create accepts must save.
 * - a guidebook read with GET guidebooks/{id} and sent back whole with PUT guidebooks/{id} saves: the fields the
 *   server owns (ids, owner, dates, settings, revision, thumbnail) are ignored, never a reason to refuse; a field
 *   the GET never answers is still refused;
 * - a content page title create accepts never makes a later save of that page fail (it once answered 500 when the
 *   change summary could not hold the title).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  GUIDEBOOK_LIMITS,
  newContentPage,
  newGuidebookDocument,
  newSectionItem,
  type GuidebookDocument,
  type GuidebookView,
} from '@pocketguide/contracts';
import type { RunningStandalone } from '../src/app.ts';
import { bearer, startWithAdmin, type SignedIn } from './testing/accounts.ts';
import { appendedSince } from './testing/log.ts';

let app: RunningStandalone;
let admin: SignedIn;
let author: SignedIn;
let other: SignedIn;

beforeAll(async () => {
  let newUser: (name: string) => Promise<SignedIn>;
  ({ app, admin, newUser } = await startWithAdmin('round-trip'));
  [author, other] = await Promise.all([newUser('author'), newUser('other')]);
  // publishing needs a subscription: the published flags are part of what the GET answers
  const subscribed = await send('POST', '/subscriptions/admin/subscribe', admin, { customerUid: author.user.id });
  expect(subscribed.status).toBe(200);
});
afterAll(() => app?.close());

type Problem = { code: string; message: string; status: number; errors?: { path: string; message: string }[] };
type Accepted = { _id: string; revision: number; position: number; changed?: boolean };

function send(
  method: string,
  path: string,
  who: SignedIn | null,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return fetch(`${app.url}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(who ? bearer(who.token) : {}),
      ...headers,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function accepted(response: Response, status = 200): Promise<Accepted> {
  const text = await response.text();
  expect({ status: response.status, text }).toMatchObject({ status });
  return JSON.parse(text) as Accepted;
}

/** A refusal answers problem details and appends nothing. */
async function refused(request: () => Promise<Response>, status: number, code: string): Promise<Problem> {
  const before = await app.eventStore.headPosition();
  const response = await request();
  const body = (await response.json()) as Problem;
  expect({ status: response.status, body }).toMatchObject({ status, body: { code, status } });
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  expect(await appendedSince(app.eventStore, before)).toEqual([]);
  return body;
}

function richDocument(title = 'Round trip'): GuidebookDocument {
  let n = 0;
  const ids = { newId: () => `posted-${n++}` };
  const attractions = newContentPage('attractions', ids);
  return {
    ...newGuidebookDocument({ title }),
    contents: [
      {
        ...attractions,
        sections: [
          { ...attractions.sections[0]!, items: [newSectionItem('text', ids), newSectionItem('button', ids)] },
        ],
      },
      newContentPage('itinerary', ids),
    ],
  };
}

async function create(body: unknown = richDocument()): Promise<Accepted> {
  return accepted(await send('POST', '/guidebooks', author, body), 201);
}

/** GET guidebooks/{id} as the author, read after `position`, with its ETag. */
async function read(id: string, position: number): Promise<{ view: GuidebookView; etag: string | null }> {
  const response = await send('GET', `/guidebooks/${id}?after=${position}`, author);
  expect(response.status).toBe(200);
  return { view: (await response.json()) as GuidebookView, etag: response.headers.get('etag') };
}

/** The document parts of a GET answer alone (what a PUT always accepted). */
const documentOf = ({ title, header, subheader, footer, home, contents }: GuidebookView): GuidebookDocument => ({
  title,
  header,
  subheader,
  footer,
  home,
  contents,
});

describe('GET guidebooks/{id} → PUT guidebooks/{id}', () => {
  it('the whole GET answer, sent back as it is, saves (200) and changes nothing', async () => {
    const created = await create();
    const { view, etag } = await read(created._id, created.position);
    expect(view).toMatchObject({
      _id: created._id,
      uuid: expect.any(String),
      user: author.user.id,
      revision: 0,
      published: false,
    });

    const before = await app.eventStore.headPosition();
    const saved = await accepted(
      await send('PUT', `/guidebooks/${created._id}`, author, view, { 'if-match': etag ?? '' }),
    );
    expect(saved).toMatchObject({ _id: created._id, revision: 0, changed: false });
    expect(await appendedSince(app.eventStore, before)).toEqual([]);
  });

  it('a published, password-protected guidebook read and edited: the change saves, the settings stay', async () => {
    const created = await create();
    await accepted(await send('PUT', `/guidebooks/${created._id}/publish`, author));
    const withPassword = await accepted(
      await send('PUT', `/guidebooks/${created._id}/password`, author, { password: 'open sesame' }),
    );
    const { view, etag } = await read(created._id, withPassword.position);
    // every server-owned field the issue names is in the answer
    for (const field of [
      '_id',
      'uuid',
      'user',
      'company',
      'createdAt',
      'updatedAt',
      'published',
      'isPublicGallery',
      'hasPassword',
      'password',
      'revision',
      'thumbnailUrl',
      'views',
    ]) {
      expect(view).toHaveProperty(field);
    }
    expect(view).toMatchObject({ published: true, hasPassword: true, password: 'open sesame' });

    const edited = { ...view, title: 'Edited after a GET', contents: [view.contents[1]!, view.contents[0]!] };
    const saved = await accepted(
      await send('PUT', `/guidebooks/${created._id}`, author, edited, { 'if-match': etag ?? '' }),
    );
    expect(saved).toMatchObject({ revision: withPassword.revision + 1, changed: true });

    const { view: after } = await read(created._id, saved.position);
    expect(after).toMatchObject({
      _id: created._id,
      uuid: view.uuid,
      user: author.user.id,
      title: 'Edited after a GET',
      published: true,
      hasPassword: true,
      password: 'open sesame',
    });
    expect(after.contents.map((page) => page._id)).toEqual([view.contents[1]!._id, view.contents[0]!._id]);
  });

  it('server-owned fields are ignored, whatever they say: a PUT cannot publish, change the owner or the uuid', async () => {
    const created = await create();
    const { view } = await read(created._id, created.position);
    const forged = {
      ...view,
      title: 'Forged settings',
      uuid: 'not-the-uuid',
      user: other.user.id,
      company: 'Someone Else',
      published: true,
      isPublicGallery: true,
      isSampleGuidebook: true,
      isSampleContent: true,
      password: 'sneaky',
      hasPassword: true,
      thumbnailUrl: 'https://example.com/t.png',
      thumbnailGeneratedAt: new Date().toISOString(),
      views: { count: 1_000_000 },
      createdAt: '2000-01-01T00:00:00.000Z',
      updatedAt: '2000-01-01T00:00:00.000Z',
      revision: 999,
    };
    const saved = await accepted(await send('PUT', `/guidebooks/${created._id}`, author, forged));
    const { view: after } = await read(created._id, saved.position);
    expect(after).toMatchObject({
      title: 'Forged settings',
      uuid: view.uuid,
      user: author.user.id,
      company: view.company,
      published: false,
      isPublicGallery: false,
      isSampleGuidebook: false,
      isSampleContent: false,
      password: '',
      hasPassword: false,
      thumbnailUrl: null,
      views: view.views,
      createdAt: view.createdAt,
      revision: saved.revision,
    });
    // only the document changed
    const events: string[] = [];
    for await (const event of app.eventStore.readStream(`guidebook-${created._id}`)) events.push(event.type);
    expect(events).toEqual(['GuidebookCreated', 'GuidebookEdited']);
  });

  it("another guidebook's _id is refused (400 naming _id): the body belongs to the guidebook of the path", async () => {
    const [mine, elsewhere] = await Promise.all([create(), create()]);
    const { view } = await read(elsewhere._id, Math.max(mine.position, elsewhere.position));
    const problem = await refused(() => send('PUT', `/guidebooks/${mine._id}`, author, view), 400, 'validation_failed');
    expect(problem.errors?.map((error) => error.path)).toEqual(['_id']);
  });

  it('a field the GET never answers is still refused (400 naming it); create refuses owner as before', async () => {
    const created = await create();
    const { view } = await read(created._id, created.position);
    const unknown = await refused(
      () => send('PUT', `/guidebooks/${created._id}`, author, { ...view, owner: 'me' }),
      400,
      'validation_failed',
    );
    expect(unknown.errors).toEqual([{ path: 'owner', message: 'Unknown field: owner' }]);
    const nested = await refused(
      () =>
        send('PUT', `/guidebooks/${created._id}`, author, {
          ...view,
          contents: [{ ...view.contents[0]!, owner: 'me' }, view.contents[1]!],
        }),
      400,
      'validation_failed',
    );
    expect(nested.errors).toEqual([{ path: 'contents.0.owner', message: 'Unknown field: owner' }]);
    const onCreate = await refused(
      () => send('POST', '/guidebooks', author, { title: 'ok', owner: 'me' }),
      400,
      'validation_failed',
    );
    expect(onCreate.errors).toContainEqual({ path: 'owner', message: 'Unknown field: owner' });
  });

  it('the document is still validated: a blank title is 400, someone else is 403', async () => {
    const created = await create();
    const { view } = await read(created._id, created.position);
    const blank = await refused(
      () => send('PUT', `/guidebooks/${created._id}`, author, { ...view, title: ' ' }),
      400,
      'validation_failed',
    );
    expect(blank.errors).toContainEqual({ path: 'title', message: 'Title cannot be empty' });
    await refused(() => send('PUT', `/guidebooks/${created._id}`, other, view), 403, 'forbidden');
  });
});

describe('content page titles: one limit for create and every save', () => {
  const max = GUIDEBOOK_LIMITS.shortText;
  const withPageTitle = (title: string): GuidebookDocument => {
    const document = richDocument(`Page title ${randomUUID().slice(0, 8)}`);
    return { ...document, contents: [{ ...document.contents[0]!, title }, document.contents[1]!] };
  };

  it('a page title create accepts (201 to the limit) saves again and again: PUT, PATCH and the history answer 200', async () => {
    for (const length of [201, 350, max]) {
      const title = `${'가'.repeat(length - 1)}!`;
      const created = await create(withPageTitle(title));
      const { view: answer, etag } = await read(created._id, created.position);
      const view = documentOf(answer);
      expect(view.contents[0]!.title).toBe(title);

      // a save that changes something else on that page
      const page = view.contents[0]!;
      const section = page.sections[0]!;
      const changed = {
        ...view,
        contents: [
          { ...page, subtitle: 'changed', sections: [{ ...section, items: section.items.slice(1) }] },
          view.contents[1]!,
        ],
      };
      const put = await accepted(
        await send('PUT', `/guidebooks/${created._id}`, author, changed, { 'if-match': etag ?? '' }),
      );
      expect(put).toMatchObject({ revision: 1, changed: true });

      // a rename of that page to another title of the same length, and a move of the page
      const renamed = await accepted(
        await send(
          'PATCH',
          `/guidebooks/${created._id}`,
          author,
          { patches: [{ op: 'replace', path: ['contents', 0, 'title'], value: `?${title.slice(1)}` }] },
          { 'if-match': '"1"' },
        ),
      );
      expect(renamed).toMatchObject({ revision: 2, changed: true });
      const latest = documentOf((await read(created._id, renamed.position)).view);
      const moved = await accepted(
        await send(
          'PUT',
          `/guidebooks/${created._id}`,
          author,
          { ...latest, contents: [latest.contents[1]!, latest.contents[0]!] },
          { 'if-match': '"2"' },
        ),
      );
      expect(moved).toMatchObject({ revision: 3, changed: true });

      const history = await send('GET', `/guidebooks/${created._id}/history`, author);
      expect(history.status).toBe(200);
      const { results } = (await history.json()) as { results: { text: string }[] };
      expect(results).toHaveLength(3);
    }
  });

  it('a page title over the limit is refused at create and at save alike (400 naming contents.0.title)', async () => {
    const tooLong = 'x'.repeat(max + 1);
    const onCreate = await refused(
      () => send('POST', '/guidebooks', author, withPageTitle(tooLong)),
      400,
      'validation_failed',
    );
    expect(onCreate.errors?.[0]?.path).toBe('contents.0.title');

    const created = await create(withPageTitle('Fine'));
    const view = documentOf((await read(created._id, created.position)).view);
    const onSave = await refused(
      () =>
        send('PUT', `/guidebooks/${created._id}`, author, {
          ...view,
          contents: [{ ...view.contents[0]!, title: tooLong }, view.contents[1]!],
        }),
      400,
      'validation_failed',
    );
    expect(onSave.errors?.[0]?.path).toBe('contents.0.title');
    const onPatch = await refused(
      () =>
        send(
          'PATCH',
          `/guidebooks/${created._id}`,
          author,
          { patches: [{ op: 'replace', path: ['contents', 0, 'title'], value: tooLong }] },
          { 'if-match': '"0"' },
        ),
      400,
      'validation_failed',
    );
    expect(onPatch.message).toContain('contents.0.title');
  });
});
