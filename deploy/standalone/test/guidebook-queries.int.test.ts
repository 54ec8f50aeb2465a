import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeGuidebookEvent,
  guidebookStream,
  newContentPage,
  newGuidebookDocument,
  sampleContents,
  sampleGuidebook,
  userStream,
  type AdminGuidebookRows,
  type ContentPage,
  type GuidebookRows,
  type GuidebookView,
  type IdGenerator,
  type SampleContents,
  type SampleGuidebook,
  type UserGuidebookRows,
} from '@pocketguide/contracts';
import type { RunningStandalone } from '../src/app.ts';
import { bearer, startWithAdmin, type SignedIn, type StartedWithAdmin } from './testing/accounts.ts';

let app: RunningStandalone;
let newUser: StartedWithAdmin['newUser'];
let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;

beforeAll(async () => {
  ({ app, admin, newUser } = await startWithAdmin('guidebook-queries'));
  [alice, bob] = await Promise.all([
    newUser('alice', { companyName: 'Alice Tours' }),
    newUser('bob', { companyName: 'Bob Travel', language: 'en' }),
  ]);
});
afterAll(() => app?.close());

// ---------------------------------------------------------------- writing guidebooks

/**
 * The write calls belong to command-api; these tests append valid events (checked against the contracts'
 * schemas first) straight to the log, which is all the read side ever sees.
 */
async function append(
  guidebookId: string,
  type: string,
  data: Record<string, unknown>,
  userId: string,
): Promise<number> {
  decodeGuidebookEvent(type, data);
  const { position } = await app.eventStore.appendToStream(guidebookStream(guidebookId), [
    { id: randomUUID(), type, data, metadata: { userId } },
  ]);
  return position;
}

// Times close to now, so "created today" holds for them whenever the tests run (bar the seconds after midnight).
const secondsAgo = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();
const now = () => secondsAgo(0);
const daysAgo = (days: number) => secondsAgo(days * 24 * 60 * 60);

function ids(): IdGenerator {
  return { newId: () => randomUUID().slice(0, 12) };
}

type Created = { id: string; uuid: string; position: number; pages: ContentPage[] };

async function createGuidebook(
  owner: SignedIn,
  title: string,
  options: { company?: string; createdAt?: string; pages?: number } = {},
): Promise<Created> {
  const id = randomUUID();
  const uuid = randomUUID().replaceAll('-', '').slice(0, 12);
  const pages = Array.from({ length: options.pages ?? 1 }, () => newContentPage('attractions', ids()));
  const position = await append(
    id,
    'GuidebookCreated',
    {
      v: 2,
      guidebookId: id,
      uuid,
      ownerId: owner.user.id,
      company: options.company ?? String(owner.user.companyName ?? ''),
      document: { ...newGuidebookDocument({ title }), contents: pages },
      source: 'new',
      createdAt: options.createdAt ?? secondsAgo(60),
    },
    owner.user.id,
  );
  return { id, uuid, position, pages };
}

/** A settings event, stamped when it is appended. */
const setting = (type: string, data: () => Record<string, unknown>) => async (guidebook: Created, by: SignedIn) =>
  append(guidebook.id, type, { guidebookId: guidebook.id, ...data() }, by.user.id);
const publish = setting('GuidebookPublished', () => ({ publishedAt: now() }));
const unpublish = setting('GuidebookUnpublished', () => ({ reason: 'single', unpublishedAt: now() }));
const galleryOn = setting('GuidebookPublicGallerySet', () => ({ isPublicGallery: true, setAt: now() }));
const remove = setting('GuidebookDeleted', () => ({ deletedAt: now() }));
const setPassword = (password: string) => setting('GuidebookPasswordSet', () => ({ password, setAt: now() }));
const markSample = (isSampleGuidebook: boolean, isSampleContent: boolean) =>
  setting('GuidebookSampleFlagsSet', () => ({ isSampleGuidebook, isSampleContent, setAt: now() }));

// ---------------------------------------------------------------- reading

const get = (path: string, who?: SignedIn, headers: Record<string, string> = {}) =>
  fetch(`${app.url}/api${path}`, { headers: { ...(who ? bearer(who.token) : {}), ...headers } });

async function json<T>(path: string, who?: SignedIn, headers: Record<string, string> = {}): Promise<T> {
  const response = await get(path, who, headers);
  expect(response.status, `${path}: ${response.status}`).toBe(200);
  return (await response.json()) as T;
}

async function expectProblem(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toContain('application/problem+json');
  const body = (await response.json()) as { code: string; message: string };
  expect(body.code).toBe(code);
  return body;
}

const head = () => app.eventStore.headPosition();
const titles = (rows: { results: { title: string }[] }) => rows.results.map((row) => row.title);

// ---------------------------------------------------------------- the calls

describe('GET /api/guidebooks: the caller’s own guidebooks', () => {
  it('refuses anonymous callers and bad query values', async () => {
    await expectProblem(await get('/guidebooks'), 401, 'unauthorized');
    await expectProblem(await get('/guidebooks/'), 401, 'unauthorized');
    for (const query of [
      'page=0',
      'page=two',
      'status=archived',
      'company=robots',
      'today=maybe',
      'pageSize=1000',
      'limit=0',
      'after=-1',
    ]) {
      await expectProblem(await get(`/guidebooks?${query}`, alice), 400, 'validation_failed');
    }
  });

  it('reads its own write: the new guidebook is listed right after the creation, with the list fields', async () => {
    const created = await createGuidebook(alice, 'Jeju Olle Walks', { pages: 2 });
    const response = await get(`/guidebooks/?after=${created.position}`, alice);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-read-consistency')).toBe('caught-up');
    const body = (await response.json()) as GuidebookRows;
    expect(body).toMatchObject({ page: 1, pageSize: 10 });
    expect(body.results.find((row) => row._id === created.id)).toEqual({
      _id: created.id,
      uuid: created.uuid,
      title: 'Jeju Olle Walks',
      user: alice.user.id,
      company: 'Alice Tours',
      published: false,
      isPublicGallery: false,
      isSampleGuidebook: false,
      isSampleContent: false,
      thumbnailUrl: null,
      thumbnailGeneratedAt: null,
      views: { count: 0 },
      contentsCount: 2,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('lists only the caller’s guidebooks, newest update first, in pages of 10, without deleted ones', async () => {
    const carol = await newUser('carol', { companyName: 'Carol Trips' });
    const made: Created[] = [];
    for (let n = 1; n <= 12; n++)
      made.push(await createGuidebook(carol, `Trip ${String(n).padStart(2, '0')}`, { createdAt: secondsAgo(300 - n) }));
    await createGuidebook(bob, 'Not Carol’s');
    const position = await remove(made[0]!, carol);

    const first = await json<GuidebookRows>(`/guidebooks?after=${position}`, carol);
    expect(first).toMatchObject({ page: 1, pageSize: 10, totalCount: 11, pageCount: 2 });
    expect(titles(first)).toEqual([
      'Trip 12',
      'Trip 11',
      'Trip 10',
      'Trip 09',
      'Trip 08',
      'Trip 07',
      'Trip 06',
      'Trip 05',
      'Trip 04',
      'Trip 03',
    ]);
    const second = await json<GuidebookRows>('/guidebooks?page=2', carol);
    expect(titles(second)).toEqual(['Trip 02']);
    expect(await json<GuidebookRows>('/guidebooks?page=3', carol)).toMatchObject({
      results: [],
      totalCount: 11,
      pageCount: 2,
    });
    expect(titles(await json<GuidebookRows>('/guidebooks?limit=4&page=3', carol))).toEqual([
      'Trip 04',
      'Trip 03',
      'Trip 02',
    ]);

    // an edit moves a guidebook to the top
    const edited = await append(
      made[5]!.id,
      'GuidebookEdited',
      {
        guidebookId: made[5]!.id,
        baseRevision: 0,
        patches: [{ op: 'replace', path: ['title'], value: 'Trip 06, edited' }],
        inversePatches: [{ op: 'replace', path: ['title'], value: 'Trip 06' }],
        summary: [],
        kind: 'edit',
        editedAt: now(),
      },
      carol.user.id,
    );
    expect(titles(await json<GuidebookRows>(`/guidebooks?limit=2&after=${edited}`, carol))).toEqual([
      'Trip 06, edited',
      'Trip 12',
    ]);
  });

  it('searches titles (any case) and company names; filters by status and by “created today” (Korea)', async () => {
    const dave = await newUser('dave', { companyName: 'Seoraksan Hikers' });
    const spring = await createGuidebook(dave, 'Busan in SPRING');
    const gallery = await createGuidebook(dave, 'Gallery pick');
    await createGuidebook(dave, 'Old one', { createdAt: daysAgo(3) });
    await publish(spring, dave);
    await publish(gallery, dave);
    const position = await galleryOn(gallery, dave);
    const list = async (query: string) =>
      titles(await json<GuidebookRows>(`/guidebooks?after=${position}&${query}`, dave));

    expect(await list('search=spring')).toEqual(['Busan in SPRING']);
    expect(await list('search=%20%20spring%20')).toEqual(['Busan in SPRING']);
    expect((await list('search=seoraksan')).sort()).toEqual(['Busan in SPRING', 'Gallery pick', 'Old one']);
    expect(await list('search=nothing-like-this')).toEqual([]);
    expect(await list('search=')).toHaveLength(3);
    expect((await list('status=published')).sort()).toEqual(['Busan in SPRING', 'Gallery pick']);
    expect(await list('status=unpublished')).toEqual(['Old one']);
    expect(await list('status=public-gallery')).toEqual(['Gallery pick']);
    expect(await list('status=all')).toHaveLength(3);
    expect(await list('today=true')).not.toContain('Old one');
    expect((await list('today=1')).sort()).toEqual(['Busan in SPRING', 'Gallery pick']);
    expect(await list('company=user')).toHaveLength(3);
    expect(await list('company=admin')).toEqual([]);
  });

  it('shows the owner’s current company name, and an untitled guidebook as “Untitled Guidebook”', async () => {
    const erin = await newUser('erin', { companyName: 'Erin Old Name' });
    const created = await createGuidebook(erin, '', { company: 'Erin Old Name' });
    const renamed = await app.eventStore.appendToStream(userStream(erin.user.id), [
      {
        id: randomUUID(),
        type: 'UserProfileUpdated',
        data: {
          userId: erin.user.id,
          profile: { name: 'Erin', companyName: 'Erin New Name' },
          language: 'kr',
          updatedAt: now(),
        },
      },
    ]);
    const body = await json<GuidebookRows>(`/guidebooks?after=${Math.max(renamed.position, created.position)}`, erin);
    expect(body.results.map(({ title, company }) => ({ title, company }))).toEqual([
      { title: 'Untitled Guidebook', company: 'Erin New Name' },
    ]);
    expect(titles(await json<GuidebookRows>('/guidebooks?search=new%20name', erin))).toEqual(['Untitled Guidebook']);
    expect(titles(await json<GuidebookRows>('/guidebooks?search=untitled', erin))).toEqual(['Untitled Guidebook']);
  });

  it('an administrator’s own list is their own guidebooks only', async () => {
    const mine = await createGuidebook(admin, 'Admin’s own');
    const body = await json<GuidebookRows>(`/guidebooks?after=${mine.position}`, admin);
    expect(body.results.every((row) => row.user === admin.user.id)).toBe(true);
    expect(titles(body)).toContain('Admin’s own');
  });
});

describe('GET /api/guidebooks/recent', () => {
  it('answers the 3 newest by default, pages of the limit with a search, and refuses anonymous callers', async () => {
    const frank = await newUser('frank', { companyName: 'Frank Ferries' });
    let position = 0;
    for (let n = 1; n <= 5; n++)
      position = (await createGuidebook(frank, `Ferry ${n}`, { createdAt: secondsAgo(250 - n) })).position;
    const recent = await json<GuidebookRows>(`/guidebooks/recent?limit=3&after=${position}`, frank);
    expect(titles(recent)).toEqual(['Ferry 5', 'Ferry 4', 'Ferry 3']);
    expect(recent).toMatchObject({ pageSize: 3, totalCount: 5, pageCount: 2 });
    expect(titles(await json<GuidebookRows>('/guidebooks/recent', frank))).toHaveLength(3);
    expect(titles(await json<GuidebookRows>('/guidebooks/recent?search=FERRY&limit=3&page=2', frank))).toEqual([
      'Ferry 2',
      'Ferry 1',
    ]);
    expect(titles(await json<GuidebookRows>('/guidebooks/recent?search=ferry%204', frank))).toEqual(['Ferry 4']);
    expect(await json<GuidebookRows>('/guidebooks/recent', await newUser('nobody'))).toMatchObject({
      results: [],
      totalCount: 0,
    });

    await expectProblem(await get('/guidebooks/recent'), 401, 'unauthorized');
    await expectProblem(await get('/guidebooks/recent?limit=-1', frank), 400, 'validation_failed');
  });
});

describe('GET /api/guidebooks/{id}: the editor’s document', () => {
  let guidebook: Created;
  let position: number;

  beforeAll(async () => {
    guidebook = await createGuidebook(alice, 'Gyeongju Temples', { pages: 1 });
    position = await setPassword('경주2026')(guidebook, alice);
  });

  it('its owner gets the whole document, the settings, the password and the revision (also the ETag)', async () => {
    const response = await get(`/guidebooks/${guidebook.id}?after=${position}`, alice);
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe('"1"');
    expect(response.headers.get('cache-control')).toContain('no-store');
    const view = (await response.json()) as GuidebookView;
    expect(view).toMatchObject({
      _id: guidebook.id,
      uuid: guidebook.uuid,
      user: alice.user.id,
      company: 'Alice Tours',
      title: 'Gyeongju Temples',
      password: '경주2026',
      hasPassword: true,
      published: false,
      revision: 1,
    });
    expect(view.contents).toEqual(guidebook.pages);
    expect(Object.keys(view)).toEqual(expect.arrayContaining(['header', 'subheader', 'footer', 'home', 'contents']));
  });

  it('follows edits: read after the edit’s position, the document and the revision have moved', async () => {
    const page = newContentPage('itinerary', ids());
    const edited = await append(
      guidebook.id,
      'GuidebookEdited',
      {
        guidebookId: guidebook.id,
        baseRevision: 1,
        patches: [
          { op: 'replace', path: ['title'], value: 'Gyeongju in Autumn' },
          { op: 'add', path: ['contents', 1], value: page },
        ],
        inversePatches: [
          { op: 'remove', path: ['contents', 1] },
          { op: 'replace', path: ['title'], value: 'Gyeongju Temples' },
        ],
        summary: [{ key: 'renamed-guidebook', params: { title: 'Gyeongju in Autumn' } }],
        kind: 'edit',
        editedAt: now(),
      },
      alice.user.id,
    );
    const view = await json<GuidebookView>(`/guidebooks/${guidebook.id}?after=${edited}`, alice);
    expect(view).toMatchObject({ title: 'Gyeongju in Autumn', revision: 2 });
    expect(view.contents.map((content) => content._id)).toEqual([guidebook.pages[0]!._id, page._id]);
    const listed = await json<GuidebookRows>(`/guidebooks?search=autumn&after=${edited}`, alice);
    expect(listed.results).toMatchObject([{ _id: guidebook.id, contentsCount: 2 }]);
  });

  it('an administrator gets it too, password included', async () => {
    expect(await json<GuidebookView>(`/guidebooks/${guidebook.id}`, admin)).toMatchObject({
      _id: guidebook.id,
      password: '경주2026',
    });
  });

  it('anyone else: 403 in edit mode; 401 anonymous; 404 unknown; 400 for an unknown mode', async () => {
    await expectProblem(await get(`/guidebooks/${guidebook.id}`, bob), 403, 'forbidden');
    await expectProblem(await get(`/guidebooks/${guidebook.id}?mode=edit`, bob), 403, 'forbidden');
    await expectProblem(await get(`/guidebooks/${guidebook.id}`), 401, 'unauthorized');
    await expectProblem(await get(`/guidebooks/${randomUUID()}`, alice), 404, 'not_found');
    await expectProblem(await get(`/guidebooks/${guidebook.id}?mode=print`, alice), 400, 'validation_failed');
  });

  it('preview for someone else: Not Found while unpublished; once published, a locked answer until the right password', async () => {
    await expectProblem(await get(`/guidebooks/${guidebook.id}?mode=preview`, bob), 404, 'not_found');
    const published = await publish(guidebook, alice);

    const locked = await json<Record<string, unknown>>(
      `/guidebooks/${guidebook.id}?mode=preview&after=${published}`,
      bob,
    );
    expect(locked).toEqual({
      _id: guidebook.id,
      uuid: guidebook.uuid,
      title: 'Gyeongju in Autumn',
      hasPassword: true,
      locked: true,
    });

    const wrong = await get(`/guidebooks/${guidebook.id}?mode=preview`, bob, { 'X-Guidebook-Password': 'guess' });
    expect((await expectProblem(wrong, 403, 'forbidden')).message).toBe('Incorrect password');

    const open = await json<GuidebookView>(`/guidebooks/${guidebook.id}?mode=preview`, bob, {
      'X-Guidebook-Password': encodeURIComponent('경주2026'),
    });
    expect(open).toMatchObject({ _id: guidebook.id, title: 'Gyeongju in Autumn', hasPassword: true, published: true });
    expect(open).not.toHaveProperty('password');
    expect(open.contents).toHaveLength(2);
  });

  it('preview of a published guidebook without a password needs no header', async () => {
    const open = await createGuidebook(alice, 'Open book');
    const published = await publish(open, alice);
    const view = await json<GuidebookView>(`/guidebooks/${open.id}?mode=preview&after=${published}`, bob);
    expect(view).toMatchObject({ _id: open.id, hasPassword: false });
    expect(view).not.toHaveProperty('password');
  });

  it('a deleted guidebook is gone: 404 to its owner too', async () => {
    const doomed = await createGuidebook(alice, 'Doomed');
    const deleted = await remove(doomed, alice);
    await expectProblem(await get(`/guidebooks/${doomed.id}?after=${deleted}`, alice), 404, 'not_found');
  });
});

describe('GET /api/guidebooks/uuid/{uuid}', () => {
  it('answers the id of a published guidebook to anyone; an unpublished one only to its owner and administrators', async () => {
    const guidebook = await createGuidebook(bob, 'Share me');
    const created = guidebook.position;
    await expectProblem(await get(`/guidebooks/uuid/${guidebook.uuid}?after=${created}`), 404, 'not_found');
    await expectProblem(await get(`/guidebooks/uuid/${guidebook.uuid}`, alice), 404, 'not_found');
    expect(await json(`/guidebooks/uuid/${guidebook.uuid}`, bob)).toEqual({ result: guidebook.id });
    expect(await json(`/guidebooks/uuid/${guidebook.uuid}`, admin)).toEqual({ result: guidebook.id });

    const published = await publish(guidebook, bob);
    expect(await json(`/guidebooks/uuid/${guidebook.uuid}?after=${published}`)).toEqual({ result: guidebook.id });

    await unpublish(guidebook, bob);
    const deleted = await remove(guidebook, bob);
    await expectProblem(await get(`/guidebooks/uuid/${guidebook.uuid}?after=${deleted}`, bob), 404, 'not_found');
    await expectProblem(await get(`/guidebooks/uuid/no-such-uuid`), 404, 'not_found');
    await expectProblem(
      await get(`/guidebooks/uuid/${guidebook.uuid}`, undefined, { authorization: 'Bearer forged' }),
      401,
      'unauthorized',
    );
  });
});

describe('GET /api/admin/guidebooks', () => {
  it('refuses anonymous callers (401) and users (403); 400 for bad values', async () => {
    await expectProblem(await get('/admin/guidebooks'), 401, 'unauthorized');
    await expectProblem(await get('/admin/guidebooks', alice), 403, 'forbidden');
    await expectProblem(await get('/admin/guidebooks?company=robots', admin), 400, 'validation_failed');
    await expectProblem(await get('/admin/guidebooks?status=draft', admin), 400, 'validation_failed');
  });

  it('lists everyone’s guidebooks with the owner populated; the user-type filter follows role changes', async () => {
    const tag = randomUUID().slice(0, 6);
    const gina = await newUser('gina', { companyName: `Gina ${tag}` });
    const byGina = await createGuidebook(gina, `Gina's ${tag}`);
    const byAdmin = await createGuidebook(admin, `Admin's ${tag}`);
    const byAlice = await createGuidebook(alice, `Alice's ${tag}`);
    await publish(byAlice, alice);
    const position = await remove(await createGuidebook(alice, `Deleted ${tag}`), alice);

    const all = await json<AdminGuidebookRows>(`/admin/guidebooks?search=${tag}&after=${position}`, admin);
    expect(all).toMatchObject({ page: 1, pageSize: 10, totalCount: 3, pageCount: 1 });
    expect(titles(all).sort()).toEqual([`Admin's ${tag}`, `Alice's ${tag}`, `Gina's ${tag}`]);
    expect(all.results.find((row) => row._id === byGina.id)).toMatchObject({
      user: {
        _id: gina.user.id,
        name: 'Test Person',
        email: gina.user.email,
        companyName: `Gina ${tag}`,
        role: 'user',
      },
      company: `Gina ${tag}`,
      ownerType: 'user',
    });
    expect(all.results.find((row) => row._id === byAdmin.id)).toMatchObject({
      user: { _id: admin.user.id, role: 'admin' },
      ownerType: 'admin',
    });

    const list = async (query: string) =>
      titles(await json<AdminGuidebookRows>(`/admin/guidebooks?search=${tag}&${query}`, admin)).sort();
    expect(await list('company=admin')).toEqual([`Admin's ${tag}`]);
    expect(await list('company=user')).toEqual([`Alice's ${tag}`, `Gina's ${tag}`]);
    expect(await list('company=all&status=published')).toEqual([`Alice's ${tag}`]);
    expect(await list('status=unpublished')).toEqual([`Admin's ${tag}`, `Gina's ${tag}`]);
    expect(await list('today=true')).toHaveLength(3);
    expect(titles(await json<AdminGuidebookRows>(`/admin/guidebooks?search=gina%20${tag}`, admin))).toEqual([
      `Gina's ${tag}`,
    ]);
    expect(await json<AdminGuidebookRows>(`/admin/guidebooks?search=${tag}&limit=2&page=2`, admin)).toMatchObject({
      pageSize: 2,
      pageCount: 2,
      totalCount: 3,
    });

    const promoted = await app.eventStore.appendToStream(userStream(gina.user.id), [
      { id: randomUUID(), type: 'UserRoleChanged', data: { userId: gina.user.id, role: 'admin', changedAt: now() } },
    ]);
    expect(
      titles(
        await json<AdminGuidebookRows>(
          `/admin/guidebooks?search=${tag}&company=admin&after=${promoted.position}`,
          admin,
        ),
      ).sort(),
    ).toEqual([`Admin's ${tag}`, `Gina's ${tag}`]);
  });
});

describe('GET /api/admin/users/{userId}/guidebooks', () => {
  it('lists one user’s guidebooks as `response` and `results`; 401, 403, 404 and 400 refusals', async () => {
    const hana = await newUser('hana', { companyName: 'Hana Holidays' });
    let position = 0;
    for (let n = 1; n <= 3; n++)
      position = (await createGuidebook(hana, `Hana ${n}`, { createdAt: secondsAgo(200 - n) })).position;
    await createGuidebook(alice, 'Hana 4 (Alice’s)');

    const body = await json<UserGuidebookRows>(
      `/admin/users/${hana.user.id}/guidebooks?page=1&limit=2&after=${position}`,
      admin,
    );
    expect(body).toMatchObject({ page: 1, pageSize: 2, pageCount: 2, totalCount: 3 });
    expect(body.response).toEqual(body.results);
    expect(titles(body)).toEqual(['Hana 3', 'Hana 2']);
    expect(body.results[0]?.user).toMatchObject({ _id: hana.user.id, companyName: 'Hana Holidays' });
    expect(
      titles(await json<UserGuidebookRows>(`/admin/users/${hana.user.id}/guidebooks?search=hana%201`, admin)),
    ).toEqual(['Hana 1']);
    expect(
      titles(await json<UserGuidebookRows>(`/admin/users/${hana.user.id}/guidebooks?company=user`, admin)),
    ).toHaveLength(3);
    expect(
      titles(await json<UserGuidebookRows>(`/admin/users/${hana.user.id}/guidebooks?company=admin`, admin)),
    ).toEqual([]);

    await expectProblem(await get(`/admin/users/${hana.user.id}/guidebooks`), 401, 'unauthorized');
    await expectProblem(await get(`/admin/users/${hana.user.id}/guidebooks`, hana), 403, 'forbidden');
    await expectProblem(await get(`/admin/users/${randomUUID()}/guidebooks`, admin), 404, 'not_found');
    await expectProblem(
      await get(`/admin/users/${hana.user.id}/guidebooks?limit=many`, admin),
      400,
      'validation_failed',
    );
  });

  it('counts a user’s living guidebooks in GET users/{id}', async () => {
    const ian = await newUser('ian');
    const kept = await createGuidebook(ian, 'Kept');
    const position = await remove(await createGuidebook(ian, 'Removed'), ian);
    expect(kept.position).toBeLessThan(position);
    expect(await json(`/users/${ian.user.id}?after=${position}`, admin)).toMatchObject({ guidebooksCount: 1 });
    expect(await json(`/users/${ian.user.id}`, ian)).toMatchObject({ guidebooksCount: 1 });
    const listed = await json<{ results: { _id: string; guidebooksCount: number }[] }>(
      `/users?search=${encodeURIComponent(ian.user.email)}`,
      admin,
    );
    expect(listed.results).toMatchObject([{ _id: ian.user.id, guidebooksCount: 1 }]);
  });
});

describe('GET /api/sample/guidebook and /api/sample/guidebook-content', () => {
  it('refuses anonymous callers and unknown languages', async () => {
    await expectProblem(await get('/sample/guidebook'), 401, 'unauthorized');
    await expectProblem(await get('/sample/guidebook-content'), 401, 'unauthorized');
    await expectProblem(await get('/sample/guidebook?lang=fr', alice), 400, 'validation_failed');
  });

  it('answers the built-in sample in the caller’s language until an administrator marks one', async () => {
    const korean = await json<SampleGuidebook>(`/sample/guidebook?after=${await head()}`, alice);
    expect(korean).toMatchObject({ _id: 'sample', origin: 'built-in', title: sampleGuidebook('kr').title });
    expect(korean.contents).toEqual(sampleGuidebook('kr').contents);
    expect(await json<SampleGuidebook>('/sample/guidebook', bob)).toMatchObject({
      origin: 'built-in',
      title: sampleGuidebook('en').title,
    });
    expect(await json<SampleGuidebook>('/sample/guidebook?lang=en', alice)).toMatchObject({
      title: sampleGuidebook('en').title,
    });

    const contents = await json<SampleContents>('/sample/guidebook-content?lang=en', alice);
    expect(contents.results).toEqual(sampleContents('en').map((page) => ({ ...page, origin: 'built-in' })));

    // A user's flag does not count (marking is an administrator's right); an administrator's does.
    const usersOwn = await createGuidebook(alice, 'Alice would like to be the sample');
    await markSample(true, true)(usersOwn, alice);
    const adminsSample = await createGuidebook(admin, 'The official sample', { pages: 6 });
    const marked = await markSample(true, true)(adminsSample, admin);

    const sample = await json<SampleGuidebook>(`/sample/guidebook?after=${marked}`, bob);
    expect(sample).toMatchObject({
      _id: 'sample',
      origin: 'marked',
      guidebookId: adminsSample.id,
      title: 'The official sample',
    });
    expect(sample.contents).toEqual(adminsSample.pages);

    const withMarked = await json<SampleContents>('/sample/guidebook-content?lang=en', bob);
    expect(withMarked.results).toHaveLength(9);
    expect(withMarked.results.slice(0, 6)).toEqual(
      adminsSample.pages.map((page) => ({
        ...page,
        isSampleContent: true,
        origin: 'marked',
        guidebookId: adminsSample.id,
      })),
    );
    expect(withMarked.results.slice(6).every((page) => page.origin === 'built-in')).toBe(true);

    const unmarked = await markSample(false, false)(adminsSample, admin);
    expect(await json<SampleGuidebook>(`/sample/guidebook?after=${unmarked}`, bob)).toMatchObject({
      origin: 'built-in',
    });
  });
});

describe('through the real write calls', () => {
  const send = (method: string, path: string, who: SignedIn, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${app.url}/api${path}`, {
      method,
      headers: {
        ...bearer(who.token),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  type Accepted = { _id: string; uuid?: string; revision: number; position: number };
  const accepted = async (response: Response, status = 200): Promise<Accepted> => {
    expect(response.status, await response.clone().text()).toBe(status);
    return (await response.json()) as Accepted;
  };

  it('create, edit with If-Match, publish, delete: each read back at its position', async () => {
    const created = await accepted(await send('POST', '/guidebooks', admin, { title: 'Seoul by Night' }), 201);
    const view = await json<GuidebookView>(`/guidebooks/${created._id}?after=${created.position}`, admin);
    expect(view).toMatchObject({
      _id: created._id,
      title: 'Seoul by Night',
      revision: created.revision,
      user: admin.user.id,
    });

    const edited = await accepted(
      await send(
        'PATCH',
        `/guidebooks/${created._id}`,
        admin,
        { patches: [{ op: 'replace', path: ['title'], value: 'Seoul by Day' }] },
        { 'If-Match': `"${view.revision}"` },
      ),
    );
    expect(await json<GuidebookView>(`/guidebooks/${created._id}?after=${edited.position}`, admin)).toMatchObject({
      title: 'Seoul by Day',
      revision: edited.revision,
    });
    expect(titles(await json<GuidebookRows>(`/guidebooks?search=seoul%20by&after=${edited.position}`, admin))).toEqual([
      'Seoul by Day',
    ]);

    const published = await accepted(await send('PUT', `/guidebooks/${created._id}/publish`, admin));
    const uuid = created.uuid ?? view.uuid;
    expect(await json(`/guidebooks/uuid/${uuid}?after=${published.position}`)).toEqual({ result: created._id });
    expect(
      titles(await json<AdminGuidebookRows>(`/admin/guidebooks?status=published&search=seoul%20by`, admin)),
    ).toEqual(['Seoul by Day']);

    const deleted = await accepted(await send('DELETE', `/guidebooks/${created._id}`, admin));
    await expectProblem(await get(`/guidebooks/${created._id}?after=${deleted.position}`, admin), 404, 'not_found');
    expect(titles(await json<GuidebookRows>(`/guidebooks?search=seoul%20by&after=${deleted.position}`, admin))).toEqual(
      [],
    );
    await expectProblem(await get(`/guidebooks/uuid/${uuid}`), 404, 'not_found');
  });
});
