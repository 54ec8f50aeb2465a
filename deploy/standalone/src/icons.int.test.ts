import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ICON_MESSAGES, ICONS_PER_USER, iconListSchema, iconUploadAnswerSchema, type IconUploadAnswer } from '@pocketguide/contracts';
import { bearer, startWithAdmin, type SignedIn, type StartedWithAdmin } from './testing/accounts.ts';
import { appendedSince } from './testing/log.ts';

/**
 * The icon library over HTTP (spec 3 §2.3, §5, §7) with real files: a 100×100 PNG is taken; a wrong size, a file of
 * 10 KB or more, a JPEG named .png, a second file and the 101st icon are refused with the spec's texts, and change
 * nothing. Owners list and delete their own; administrators list and delete everyone's; a deleted icon's picture is
 * still served.
 */

let product: StartedWithAdmin;
let owner: SignedIn;
let other: SignedIn;

/** A PNG of the given size, its colour from `seed` (so icons differ), small unless `noisy`. */
async function png(width: number, height: number, seed = 0, noisy = false): Promise<Buffer> {
  if (noisy) {
    const raw = Buffer.alloc(width * height * 4);
    for (let index = 0; index < raw.length; index += 1) raw[index] = (index * 7919 + seed * 104729) % 251 ^ (index >> 3);
    return sharp(raw, { raw: { width, height, channels: 4 } }).png({ compressionLevel: 0 }).toBuffer();
  }
  return sharp({ create: { width, height, channels: 4, background: { r: seed % 256, g: (seed * 3) % 256, b: 120, alpha: 1 } } }).png().toBuffer();
}

function upload(who: SignedIn, bytes: Buffer, name = 'icon.png', type = 'image/png', extra?: Buffer): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  if (extra) form.append('file2', new Blob([new Uint8Array(extra)], { type }), 'second.png');
  return fetch(`${product.baseUrl}/api/icons`, { method: 'POST', headers: bearer(who.token), body: form });
}

async function uploaded(who: SignedIn, bytes: Buffer): Promise<IconUploadAnswer> {
  const response = await upload(who, bytes);
  const body: unknown = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(201);
  return iconUploadAnswerSchema.parse(body);
}

async function listOf(who: SignedIn, path = '/icons', after = 0) {
  const response = await fetch(`${product.baseUrl}/api${path}?after=${after}`, { headers: bearer(who.token) });
  expect(response.status).toBe(200);
  return iconListSchema.parse(await response.json());
}

async function refused(response: Promise<Response>, status: number, message: string) {
  const before = await product.app.eventStore.headPosition();
  const answer = await response;
  expect(answer.status).toBe(status);
  expect(answer.headers.get('content-type')).toContain('application/problem+json');
  expect(((await answer.json()) as { message: string }).message).toBe(message);
  expect(await appendedSince(product.app.eventStore, before)).toEqual([]);
}

beforeAll(async () => {
  product = await startWithAdmin('icons');
  [owner, other] = await Promise.all([product.newUser('icon-owner'), product.newUser('icon-other')]);
});
afterAll(() => product?.app.close());

describe('POST /api/icons', () => {
  it('takes a 100×100 PNG under 10 KB and lists it as the owner’s', async () => {
    const answer = await uploaded(owner, await png(100, 100, 1));
    expect(answer).toMatchObject({ success: true, error: null, data: { user: owner.user.id } });
    expect(answer.data.url).toMatch(new RegExp(`^/media/icons/${owner.user.id}/[0-9a-f]{64}\\.png$`));
    const picture = await fetch(`${product.baseUrl}${answer.data.url}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    const listed = await listOf(owner, '/icons', answer.position);
    expect(listed.icons.map((icon) => icon._id)).toEqual([answer.data._id]);
    expect((await listOf(other, '/icons', answer.position)).icons).toEqual([]);
  });

  it('refuses a PNG of another size', async () => {
    await refused(upload(owner, await png(50, 50)), 400, ICON_MESSAGES.dimensions);
    await refused(upload(owner, await png(100, 101)), 400, ICON_MESSAGES.dimensions);
  });

  it('refuses a file of 10 KB or more', async () => {
    const heavy = await png(100, 100, 2, true);
    expect(heavy.length).toBeGreaterThanOrEqual(10 * 1024);
    await refused(upload(owner, heavy), 413, ICON_MESSAGES.tooBig);
  });

  it('refuses a JPEG named .png and text that says it is a PNG', async () => {
    const jpeg = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#3377aa' } }).jpeg().toBuffer();
    await refused(upload(owner, jpeg, 'renamed.png', 'image/png'), 415, ICON_MESSAGES.pngOnly);
    await refused(upload(owner, Buffer.from('\x89PNG\r\n\x1a\n not really a png at all, just text'), 'fake.png'), 415, ICON_MESSAGES.pngOnly);
  });

  it('refuses two files at once, and no file, and the anonymous', async () => {
    const icon = await png(100, 100, 3);
    await refused(upload(owner, icon, 'a.png', 'image/png', icon), 400, ICON_MESSAGES.oneAtATime);
    const anonymous = await fetch(`${product.baseUrl}/api/icons`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
  });

  it('takes the 100th icon and refuses the 101st, also when they race', async () => {
    const have = (await listOf(owner)).totalCount;
    for (let n = have; n < ICONS_PER_USER - 2; n += 1) await uploaded(owner, await png(100, 100, 10 + n));
    // Three at once for the last two places: one at a time per person, and never past 100.
    const racing = await Promise.all([0, 1, 2].map(async (n) => upload(owner, await png(100, 100, 200 + n))));
    const statuses = racing.map((response) => response.status);
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    while ((await listOf(owner)).totalCount < ICONS_PER_USER) await uploaded(owner, await png(100, 100, 300 + (await listOf(owner)).totalCount));
    expect((await listOf(owner)).totalCount).toBe(ICONS_PER_USER);
    await refused(upload(owner, await png(100, 100, 999)), 400, ICON_MESSAGES.limit);
  });
});

describe('DELETE /api/icons/{iconId} and GET /api/admin/icons', () => {
  it('someone else cannot delete an owner’s icon; the owner can, and its picture is still served', async () => {
    const [icon] = (await listOf(owner)).icons;
    await refused(fetch(`${product.baseUrl}/api/icons/${icon!._id}`, { method: 'DELETE', headers: bearer(other.token) }), 404, ICON_MESSAGES.notFound);
    const removed = await fetch(`${product.baseUrl}/api/icons/${icon!._id}`, { method: 'DELETE', headers: bearer(owner.token) });
    expect(removed.status).toBe(200);
    const { position } = (await removed.json()) as { position: number };
    expect((await listOf(owner, '/icons', position)).icons.map((listed) => listed._id)).not.toContain(icon!._id);
    expect((await fetch(`${product.baseUrl}${icon!.url}`)).status).toBe(200);
    await refused(fetch(`${product.baseUrl}/api/icons/${icon!._id}`, { method: 'DELETE', headers: bearer(owner.token) }), 404, ICON_MESSAGES.notFound);
  });

  it('administrators list everyone’s icons and delete any; others may not list them all', async () => {
    const mine = await uploaded(other, await png(100, 100, 4242));
    const all = await listOf(product.admin, '/admin/icons', mine.position);
    expect(all.icons.map((icon) => icon.user)).toEqual(expect.arrayContaining([owner.user.id, other.user.id]));
    expect(all.totalCount).toBe(ICONS_PER_USER - 1 + 1);
    const forbidden = await fetch(`${product.baseUrl}/api/admin/icons`, { headers: bearer(other.token) });
    expect(forbidden.status).toBe(403);
    const removed = await fetch(`${product.baseUrl}/api/icons/${mine.data._id}`, { method: 'DELETE', headers: bearer(product.admin.token) });
    expect(removed.status).toBe(200);
    const { position } = (await removed.json()) as { position: number };
    expect((await listOf(other, '/icons', position)).icons).toEqual([]);
  });
});
