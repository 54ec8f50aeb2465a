import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_GALLERY_PAGE_SIZE, publicGalleryPageSchema, type PublicGalleryPage } from '@pocketguide/contracts';
import { bearer, startWithAdmin, type SignedIn, type StartedWithAdmin } from './testing/accounts.ts';

/**
 * GET /api/guidebooks/public-gallery over HTTP (spec 3 §2.2, §7): public, newest arrival first, pages of 20, only
 * published guidebooks their owners show in the gallery, nothing of a hidden owner's, and refusals for bad paging.
 */

let product: StartedWithAdmin;
let author: SignedIn;
let other: SignedIn;
/** the position of the last write, for read-your-writes */
let position = 0;

function send(method: string, path: string, who: SignedIn | null, body?: unknown) {
  return fetch(`${product.baseUrl}/api${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(who ? bearer(who.token) : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

async function written(response: Promise<Response>, status = 200): Promise<Record<string, unknown>> {
  const answer = await response;
  const body = (await answer.json()) as Record<string, unknown>;
  expect(answer.status, JSON.stringify(body)).toBe(status);
  if (typeof body.position === 'number') position = Math.max(position, body.position);
  return body;
}

async function guidebook(who: SignedIn, title: string, { publish = true, gallery = true } = {}): Promise<string> {
  const created = await written(send('POST', '/guidebooks', who, { title }), 201);
  const id = created._id as string;
  if (publish) await written(send('PUT', `/guidebooks/${id}/publish`, who));
  if (gallery) await written(send('PATCH', `/guidebooks/${id}/public-gallery`, who, { isPublicGallery: true }));
  return id;
}

async function galleryPage(query = ''): Promise<PublicGalleryPage> {
  const response = await fetch(`${product.baseUrl}/api/guidebooks/public-gallery?after=${position}${query}`);
  expect(response.status).toBe(200);
  return publicGalleryPageSchema.strict().parse(await response.json());
}

beforeAll(async () => {
  product = await startWithAdmin('public-gallery');
  [author, other] = await Promise.all([product.newUser('gallery-author'), product.newUser('gallery-other')]);
  for (const who of [author, other])
    await written(send('POST', '/subscriptions/admin/subscribe', product.admin, { customerUid: who.user.id }));
});
afterAll(() => product?.app.close());

describe('GET /api/guidebooks/public-gallery', () => {
  it('is empty at first and readable without signing in', async () => {
    expect(await galleryPage()).toEqual({
      items: [],
      page: 1,
      pageSize: PUBLIC_GALLERY_PAGE_SIZE,
      pageCount: 1,
      totalCount: 0,
    });
  });

  it('lists published gallery guidebooks, newest arrival first, with no owner or password', async () => {
    const first = await guidebook(author, '제주 3박 4일');
    await guidebook(author, 'Draft only', { publish: false, gallery: false });
    await guidebook(author, 'Published, not shown', { gallery: false });
    const second = await guidebook(other, 'Busan food');
    const page = await galleryPage();
    expect(page.totalCount).toBe(2);
    expect(page.items.map((item) => [item._id, item.title, item.published, item.isPublicGallery])).toEqual([
      [second, 'Busan food', true, true],
      [first, '제주 3박 4일', true, true],
    ]);
    expect(Object.keys(page.items[0]!)).not.toContain('password');
    expect(Object.keys(page.items[0]!)).not.toContain('user');
  });

  it('pages by limit and says how many pages there are', async () => {
    const page2 = await galleryPage('&page=2&limit=1');
    expect({
      page: page2.page,
      pageSize: page2.pageSize,
      pageCount: page2.pageCount,
      totalCount: page2.totalCount,
    }).toEqual({
      page: 2,
      pageSize: 1,
      pageCount: 2,
      totalCount: 2,
    });
    expect(page2.items.map((item) => item.title)).toEqual(['제주 3박 4일']);
    expect((await galleryPage('&page=3&limit=1')).items).toEqual([]);
  });

  it('a guidebook leaves when unpublished or taken out of the gallery', async () => {
    const id = await guidebook(author, 'Leaving soon');
    expect((await galleryPage()).items.map((item) => item.title)).toContain('Leaving soon');
    await written(send('PATCH', `/guidebooks/${id}/public-gallery`, author, { isPublicGallery: false }));
    expect((await galleryPage()).items.map((item) => item.title)).not.toContain('Leaving soon');
    await written(send('PATCH', `/guidebooks/${id}/public-gallery`, author, { isPublicGallery: true }));
    await written(send('PUT', `/guidebooks/${id}/unpublish`, author));
    expect((await galleryPage()).items.map((item) => item.title)).not.toContain('Leaving soon');
  });

  it('a hidden owner’s guidebooks are left out until the owner is shown again', async () => {
    await written(send('PATCH', `/users/${other.user.id}`, product.admin, { isHidden: true }));
    const hidden = await galleryPage();
    expect(hidden.items.map((item) => item.title)).not.toContain('Busan food');
    expect(hidden.totalCount).toBe(1);
    await written(send('PATCH', `/users/${other.user.id}`, product.admin, { isHidden: false }));
    expect((await galleryPage()).items.map((item) => item.title)).toContain('Busan food');
  });

  it.each(['page=0', 'page=-1', 'page=1e15', 'page=abc', 'limit=0', 'limit=51', 'limit=1e9'])(
    'refuses %s with a 400 naming the field',
    async (query) => {
      const response = await fetch(`${product.baseUrl}/api/guidebooks/public-gallery?${query}`);
      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      const problem = (await response.json()) as { errors?: { path: string }[] };
      expect(problem.errors?.[0]?.path).toBe(query.split('=')[0]);
    },
  );
});
