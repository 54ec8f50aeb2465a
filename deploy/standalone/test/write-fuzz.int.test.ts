import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startWithAdmin, type SignedIn, type StartedWithAdmin } from './testing/accounts.ts';
import { routeTable, type RouteEntry } from './testing/route-table.ts';
import { buildWorld, fillPath, type World } from './testing/world.ts';

/**
 * Hostile input on every write route (issue 15, hardening: proof). Every POST, PUT, PATCH and DELETE of the running
 * app (read from its routers) gets, as a signed-in user and as the administrator, bodies of the wrong type, huge
 * strings, deep nesting, nulls, arrays for objects, prototype-pollution keys, lone surrogates, invalid JSON, the
 * wrong content type, an oversized body and a multipart body that is not one, and parameters that are not valid
 * percent-encoding or are far too long. Every answer must be a 4xx (never a 5xx), and a refused request must not
 * move the head of the event log.
 *
 * The random bodies come from a seeded generator: a failure names its seed and case, and `FUZZ_SEED=<seed>` plays
 * the same run again.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 0x15_15);
const RANDOM_BODIES = 6;
const BODY_LIMIT_BYTES = 4_194_304;

/** mulberry32: small, fast, and the same sequence for the same seed everywhere */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const HOSTILE_STRINGS = [
  '',
  ' ',
  'x',
  'a'.repeat(70_000),
  '\u0000',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%ff',
  '__proto__',
  'constructor',
  '2026-02-30',
  '😀'.repeat(500),
  '-1',
  'NaN',
  'null',
  '{}',
];
const HOSTILE_ATOMS: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -0,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  ...HOSTILE_STRINGS,
];
const HOSTILE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  '',
  '$where',
  'a.b',
  'isAdmin',
  'role',
  'ownerId',
  '_id',
  'position',
  'revision',
];

/** The fields the write routes read, so random bodies hit the schemas' branches and not only their first check. */
const FIELDS = [
  'title',
  'message',
  'titleEn',
  'messageEn',
  'messageDate',
  'type',
  'users',
  'notification',
  'showing',
  'guidebookId',
  'guidebookIds',
  'contentId',
  'priority',
  'mode',
  'password',
  'isPublicGallery',
  'isSampleGuidebook',
  'isSampleContent',
  'revision',
  'patches',
  'op',
  'path',
  'value',
  'source',
  'contents',
  'header',
  'subheader',
  'footer',
  'email',
  'name',
  'companyName',
  'language',
  'isHidden',
  'customerUid',
  'plan',
  'feedback',
  'url',
  'userAgent',
  'timestamp',
  'accessToken',
  'link',
  'confirmPassword',
  'agreeToTerms',
  'children',
  'text',
  'customer_uid',
  'merchant_uid',
  'imp_uid',
  'billingCycle',
  'DEBUG',
  'merchantUid',
  'amount',
  'note',
  'paidAt',
  'scheduleAt',
];

function randomValue(random: () => number, depth: number): unknown {
  const roll = random();
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  if (depth > 3 || roll < 0.5) return pick(HOSTILE_ATOMS);
  if (roll < 0.75) return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(random, depth + 1));
  return randomObject(random, depth + 1);
}

function randomObject(random: () => number, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const count = 1 + Math.floor(random() * 5);
  for (let i = 0; i < count; i += 1) {
    const key =
      random() < 0.8
        ? FIELDS[Math.floor(random() * FIELDS.length)]!
        : HOSTILE_KEYS[Math.floor(random() * HOSTILE_KEYS.length)]!;
    // defineProperty: `out['__proto__'] = …` would set the prototype, not send the key
    Object.defineProperty(out, key, {
      value: randomValue(random, depth),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** `heavy`: megabytes to send or to parse: sent as the user only, and each route gets one of them in turn (all are sent) */
type Case = { name: string; body?: string | Uint8Array<ArrayBuffer>; contentType?: string; heavy?: boolean };

const json = (name: string, body: string): Case => ({ name, body, contentType: 'application/json' });

/** A value nested `depth` arrays deep around `inner`. */
const nested = (depth: number, inner: string) => `${'['.repeat(depth)}${inner}${']'.repeat(depth)}`;
/** Rich text nested `depth` levels deep, its innermost text a lone surrogate (the body check stops at depth 200). */
const deepRichText = (depth: number) => {
  let node = '{"text":"\\ud800"}';
  for (let i = 0; i < depth; i += 1) node = `{"type":"paragraph","children":[${node}]}`;
  return `{"title":"Deep","header":{"type":"text","text":[${node}]}}`;
};

/** The same hostile bodies for every write route. */
const FIXED_CASES: Case[] = [
  json('invalid JSON', 'not json'),
  json('truncated JSON', '{"title":'),
  json('JSON null', 'null'),
  json('JSON string', '"title"'),
  json('JSON number', '42'),
  json('JSON true', 'true'),
  json('array for object', '[]'),
  json('array of objects', '[{"title":"x"}]'),
  json('empty object', '{}'),
  json(
    'nulls',
    '{"title":null,"guidebookId":null,"patches":null,"password":null,"email":null,"customerUid":null,"feedback":null}',
  ),
  json(
    'wrong types',
    '{"title":1,"guidebookId":[],"patches":{},"password":false,"isPublicGallery":"yes","revision":"1","email":{}}',
  ),
  json('__proto__ key', '{"__proto__":{"isAdmin":true,"role":"admin"},"title":"x"}'),
  json('constructor key', '{"constructor":{"prototype":{"isAdmin":true}},"title":"x"}'),
  json('prototype pollution in patches', '{"patches":[{"op":"add","path":["__proto__","isAdmin"],"value":true}]}'),
  json('constructor in patches', '{"patches":[{"op":"replace","path":["constructor","prototype","x"],"value":1}]}'),
  json('lone surrogate value', '{"title":"\\ud800","message":"\\udc00","feedback":"\\ud800"}'),
  json('lone surrogate key', '{"\\ud800":"x"}'),
  json('deep array nesting', nested(20_000, '1')),
  json('deep object nesting', `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`),
  json('deep rich text with a lone surrogate', deepRichText(300)),
  {
    ...json(
      'huge string',
      JSON.stringify({ title: 'a'.repeat(3_000_000), password: 'a'.repeat(100_000), feedback: 'a'.repeat(1_000_000) }),
    ),
    heavy: true,
  },
  { ...json('oversized body', JSON.stringify({ title: 'a'.repeat(BODY_LIMIT_BYTES + 10) })), heavy: true },
  {
    ...json('many keys', JSON.stringify(Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, i])))),
    heavy: true,
  },
  { name: 'wrong content type', body: '{"title":"x"}', contentType: 'text/plain' },
  { name: 'form encoded', body: 'title=x&__proto__[isAdmin]=true', contentType: 'application/x-www-form-urlencoded' },
  { name: 'no content type', body: '{"title":"x"}' },
  {
    name: 'json in utf-16',
    body: new Uint8Array(Buffer.from('{"title":"x"}', 'utf16le')),
    contentType: 'application/json; charset=utf-16',
  },
  { name: 'multipart without boundary', body: 'garbage', contentType: 'multipart/form-data' },
  {
    name: 'multipart garbage',
    body: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nnot closed',
    contentType: 'multipart/form-data; boundary=x',
  },
  {
    name: 'multipart, no file',
    body: '--x\r\nContent-Disposition: form-data; name="title"\r\n\r\nx\r\n--x--\r\n',
    contentType: 'multipart/form-data; boundary=x',
  },
  {
    name: 'multipart, a file that is no image',
    body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nnot a png\r\n--x--\r\n',
    contentType: 'multipart/form-data; boundary=x',
  },
];

const HEAVY = ['huge string', 'oversized body', 'many keys'];

/** Parameters that are no id: bad percent-encoding, a lone surrogate, a NUL, prototype names, far too long. */
const HOSTILE_PARAMS = [
  '%ff',
  '%ED%A0%80',
  '%00',
  '__proto__',
  'constructor',
  '..%2F..%2Fetc',
  'x'.repeat(3000),
  '%E0%A4%A',
];

/**
 * Writes that read no body: hostile bodies reach them only as bytes to parse, so once the body parses they may be
 * done (2xx) as they would be without one. Everything else must refuse every case.
 */
const READS_NO_BODY = new Set([
  'POST /api/auth',
  'POST /api/auth/sign-out',
  'DELETE /api/admin/messages/:id',
  'DELETE /api/messages/:id',
  'POST /api/messages/:id/dismiss',
  'DELETE /api/guidebooks/:id',
  'DELETE /api/guidebooks/:guidebookId/contents/:contentId/items/:itemId',
  'PUT /api/guidebooks/:id/publish',
  'PUT /api/guidebooks/:id/unpublish',
  'PUT /api/guidebooks/unpublishall',
  'POST /api/guidebooks/:id/undo',
  'POST /api/guidebooks/:id/redo',
  'DELETE /api/icons/:iconId',
  'DELETE /api/users/:id',
  'POST /api/users/verify/:email',
  'POST /api/subscriptions/unsubscribe',
]);

/** Bodies that are no attack on a route that takes them: every part of a new guidebook is optional. */
const WELL_FORMED_FOR: Record<string, readonly string[]> = {
  'POST /api/guidebooks': ['empty object', 'json in utf-16'],
};

let product: StartedWithAdmin;
let world: World;
let writes: RouteEntry[];
let kakao: Server;

beforeAll(async () => {
  // Kakao's API, answering every token as refused (the product must not reach the real one from a test)
  kakao = createServer((_req, res) => {
    res
      .writeHead(401, { 'content-type': 'application/json' })
      .end('{"msg":"this access token does not exist","code":-401}');
  });
  await new Promise<void>((resolve) => kakao.listen(0, '127.0.0.1', resolve));
  product = await startWithAdmin('write-fuzz', {
    env: {
      GUIDEBOOK_WRITES_PER_MINUTE: '1000000',
      KAKAO_API_BASE: `http://127.0.0.1:${(kakao.address() as AddressInfo).port}`,
      BODY_LIMIT_BYTES: String(BODY_LIMIT_BYTES),
    },
  });
  world = await buildWorld(product);
  writes = (await routeTable(product.baseUrl)).filter((route) =>
    ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method),
  );
});
afterAll(async () => {
  await product?.app.close();
  await new Promise((resolve) => kakao?.close(resolve));
});

const head = () => product.app.eventStore.headPosition();

/** Waits until nothing more is appended (the workers' follow-ups of an accepted write), so a refusal is judged alone. */
async function settled(): Promise<number> {
  let last = await head();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 15));
    const now = await head();
    if (now === last) return now;
    last = now;
  }
}

describe('hostile input on every write route', () => {
  it('finds the write routes', () => {
    expect(writes.length).toBeGreaterThan(40);
  });

  it('answers every hostile request with a 4xx and appends nothing for it', async () => {
    const failures: string[] = [];
    const random = prng(SEED);
    let requests = 0;
    let accepted = 0;
    const started = Date.now();
    let before = await settled();

    for (const [routeIndex, route] of writes.entries()) {
      const routeStarted = Date.now();
      const key = `${route.method} ${route.path}`;
      // what a route may destroy with a body it ignores is made for it: its own guidebook, message and account
      const guidebook =
        route.path.includes('guidebook') && route.path.includes(':')
          ? (await world.freshGuidebook()).id
          : world.guidebook.id;
      const messageId = route.path.includes('messages/:id') ? await world.freshMessage() : world.messageId;
      const userId =
        key === 'DELETE /api/users/:id' ? (await world.freshAccount('fuzz-deleted')).user.id : world.user.user.id;
      const signOut = key === 'POST /api/auth/sign-out';
      const callers: Array<[string, SignedIn]> = [
        ['user', signOut ? await world.freshSession(world.user) : world.user],
        ['admin', signOut ? await world.freshSession(world.admin) : world.admin],
      ];
      const path = fillPath(route.path, world, { guidebook, messageId, userId });
      const params = [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
      before = await settled();

      const cases: Array<Case & { path: string; bodyCase: boolean }> = [
        ...FIXED_CASES.map((c) => ({ ...c, path, bodyCase: true })),
        // random bodies only where a body is read: elsewhere they are one more well-formed JSON object
        ...Array.from({ length: READS_NO_BODY.has(key) ? 0 : RANDOM_BODIES }, (_, i) => ({
          ...json(`random body ${i}`, JSON.stringify(randomObject(random, 0))),
          path,
          bodyCase: true,
        })),
        // each parameter in turn made hostile, the rest valid, with an empty JSON object as the body (as the user)
        ...params.flatMap((param) =>
          HOSTILE_PARAMS.map((value) => ({
            ...json(`:${param} = ${value.slice(0, 20)}`, '{}'),
            path: fillPath(route.path, world, { guidebook, messageId, userId, [param]: value }),
            bodyCase: false,
          })),
        ),
      ];

      for (const [callerName, caller] of callers) {
        for (const c of cases) {
          if (c.heavy && (callerName !== 'user' || HEAVY.indexOf(c.name) % HEAVY.length !== routeIndex % HEAVY.length))
            continue;
          if (!c.bodyCase && callerName !== 'user') continue;
          const headers: Record<string, string> = {
            ...bearer(caller.token),
            'idempotency-key': `fuzz-${SEED}-${requests}`,
          };
          if (c.contentType) headers['content-type'] = c.contentType;
          const sent = Date.now();
          let status: number;
          let text: string;
          try {
            const response = await fetch(`${product.baseUrl}${c.path}`, {
              method: route.method,
              headers,
              ...(c.body === undefined ? {} : { body: c.body }),
            });
            status = response.status;
            text = await response.text();
          } catch (error) {
            // the server closing the connection early on a body it refused is an answer too (413 before reading)
            status = 0;
            text = String(error);
          }
          requests += 1;
          if (process.env.FUZZ_TRACE && Date.now() - sent > 60)
            console.info(`slow: ${key} ${c.name} ${Date.now() - sent} ms`);
          const where = `${key} as ${callerName}, ${c.name} (seed ${SEED})`;
          const mayAccept = c.bodyCase && (READS_NO_BODY.has(key) || (WELL_FORMED_FOR[key] ?? []).includes(c.name));
          if (status >= 200 && status < 300 && mayAccept) {
            accepted += 1;
            before = await settled();
            continue;
          }
          if (status < 400 || status >= 500) {
            if (process.env.FUZZ_TRACE) console.info(`${where} → ${status} ${text.slice(0, 200)}`);
            failures.push(`${where} → ${status} ${text.slice(0, 200)}`);
            before = await settled();
            continue;
          }
          const after = await head();
          if (after !== before) {
            if (process.env.FUZZ_TRACE) console.info(`${where} → ${status} moved the log`);
            failures.push(`${where} → ${status} but the log moved from ${before} to ${after}`);
            before = await settled();
          }
        }
      }
      if (process.env.FUZZ_TRACE)
        console.info(`${key}: ${Date.now() - routeStarted} ms, ${failures.length} failures so far`);
    }
    console.info(
      `write fuzz: ${writes.length} routes, ${requests} requests (${accepted} accepted by routes that read no body) in ${Date.now() - started} ms, seed ${SEED}`,
    );
    expect(failures).toEqual([]);
    expect(requests).toBeLessThan(5000);
  }, 120_000);

  it('refuses to dismiss a message there is not, appending nothing (found by this fuzz)', async () => {
    for (const id of ['__proto__', 'no-such-message', '%00']) {
      const before = await settled();
      const response = await fetch(`${product.baseUrl}/api/messages/${id}/dismiss`, {
        method: 'POST',
        headers: bearer(world.user.token),
      });
      expect(response.status, id).toBe(404);
      expect(await head()).toBe(before);
    }
    const sent = await world.freshMessage();
    const dismissed = await fetch(`${product.baseUrl}/api/messages/${sent}/dismiss`, {
      method: 'POST',
      headers: bearer(world.user.token),
    });
    expect(dismissed.status).toBe(200);
  });
});
