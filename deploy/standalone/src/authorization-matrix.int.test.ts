import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { basic, bearer, signupBody, startWithAdmin, TEST_ADMIN, TEST_PASSWORD, uniqueEmail, type SignedIn, type StartedWithAdmin } from './testing/accounts.ts';
import { routeTable, type RouteEntry } from './testing/route-table.ts';
import { buildWorld, CALLERS, fillPath, png, type Caller, type World } from './testing/world.ts';

/**
 * The authorization matrix (issue 15, hardening: proof). Every route of the running app, read from its routers
 * (testing/route-table.ts), is called by five callers: nobody (`anonymous`), the `user` who owns the resources named
 * in the request, an `other` user, a `subscriber` (another user with a subscription) and the administrator. What each
 * may get is the route's rule below; a route without a rule fails the test, so a new route must say who may call it.
 *
 * What the answers must be, per caller and rule:
 * - `auth`: 401 (a protected route, nobody signed in);
 * - `deny`: 403 or 404 (someone else's resource: never a 2xx);
 * - `forbidden`: 403 (a role the caller lacks);
 * - `ok`: let through: neither 401 nor 403 (a 404, 409 or 429 about the data is fine);
 * - `any`: whatever the route says about the credentials sent (sign-in routes), but never a 5xx.
 * No answer is ever a 5xx.
 */

type Expect = 'auth' | 'deny' | 'forbidden' | 'ok' | 'any';

/** The outcome classes: what each caller gets, for resources owned by `user`. */
const RULES = {
  /** anyone, signed in or not */
  public: { anonymous: 'ok', user: 'ok', other: 'ok', subscriber: 'ok', admin: 'ok' },
  /** the credentials are the request (sign-in): any answer but a 5xx */
  credentials: { anonymous: 'any', user: 'any', other: 'any', subscriber: 'any', admin: 'any' },
  /** the development mail outbox: from loopback only, never in production */
  dev: { anonymous: 'any', user: 'any', other: 'any', subscriber: 'any', admin: 'any' },
  /** any signed-in person, about their own things */
  'signed-in': { anonymous: 'auth', user: 'ok', other: 'ok', subscriber: 'ok', admin: 'ok' },
  /** the owner of the guidebook, icon… named, or an administrator */
  'owner-or-admin': { anonymous: 'auth', user: 'ok', other: 'deny', subscriber: 'deny', admin: 'ok' },
  /** the account named, or an administrator */
  'self-or-admin': { anonymous: 'auth', user: 'ok', other: 'deny', subscriber: 'deny', admin: 'ok' },
  /** the account named, proving it with its own email and password (HTTP Basic): not even an administrator */
  'self-basic': { anonymous: 'auth', user: 'ok', other: 'forbidden', subscriber: 'forbidden', admin: 'forbidden' },
  /** administrators only */
  admin: { anonymous: 'auth', user: 'forbidden', other: 'forbidden', subscriber: 'forbidden', admin: 'ok' },
  /** the owner with a subscription, or an administrator (publishing): the owner without one gets 403 */
  publisher: { anonymous: 'auth', user: 'forbidden', other: 'deny', subscriber: 'deny', admin: 'ok' },
  /** an administrator on a guidebook of their own (the sample flags): the admin's cell uses the admin's guidebook */
  'admin-owner': { anonymous: 'auth', user: 'forbidden', other: 'deny', subscriber: 'deny', admin: 'ok' },
  /** a reader's view of the user's guidebook, which is not published: nobody but its owner or an administrator */
  unpublished: { anonymous: 'deny', user: 'ok', other: 'deny', subscriber: 'deny', admin: 'ok' },
} as const satisfies Record<string, Record<Caller, Expect>>;
type Rule = keyof typeof RULES;

/** One request of the matrix. `who` null sends no credentials; `basic` sends HTTP Basic instead of the token. */
type Cell = {
  path?: string;
  body?: unknown;
  form?: () => Promise<FormData>;
  headers?: Record<string, string>;
  who?: SignedIn | null;
  basic?: { email: string; password: string };
};
type Context = { world: World; caller: Caller; who: SignedIn | null; expected: Expect };
type RouteSpec = { rule: Rule; request?: (ctx: Context) => Cell | Promise<Cell> };

const imageForm = async (): Promise<FormData> => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(await png(Math.floor(Math.random() * 200)))], { type: 'image/png' }), 'image.png');
  return form;
};
const allowed = (ctx: Context) => ctx.expected === 'ok';
/** a guidebook the request may destroy or change for good, when the caller may: a fresh one; else the shared one */
const guidebookFor = async (ctx: Context) => (allowed(ctx) ? ctx.world.freshGuidebook() : ctx.world.guidebook);
const messageBody = { title: 'Matrix', message: 'Hello', messageDate: '2026-11-30' };
const feedbackBody = { feedback: 'Matrix feedback', url: 'https://example.com/x', userAgent: 'matrix', timestamp: '2026-11-25T10:00:00.000Z' };

const refusedPurchase = { customer_uid: 'pg_card_nobody_x', merchant_uid: 'pg_matrix_x', imp_uid: 'imp_none', plan: 'standard', billingCycle: 'month' };
/** A payment of the user's (a card check from a DEBUG card change, which grants no plan), made once. */
let userPayment: Promise<string> | undefined;
const paymentOfUser = (world: World): Promise<string> =>
  (userPayment ??= (async () => {
    const changed = await fetch(`${world.product.baseUrl}/api/subscriptions/change-payment-method`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(world.user.token) },
      body: JSON.stringify({ customer_uid: `pg_card_${world.user.user.id}_matrix`, imp_uid: 'imp_debug_pg_cardcheck_matrix0001_0', DEBUG: true }),
    });
    const { position } = (await changed.json()) as { position: number };
    const listed = await fetch(`${world.product.baseUrl}/api/admin/subscriptions/user-transactions/${world.user.user.id}?after=${position}`, { headers: bearer(world.admin.token) });
    const { transactions } = (await listed.json()) as { transactions: Array<{ merchantUid: string }> };
    if (!transactions[0]) throw new Error('the user has no payment');
    return transactions[0].merchantUid;
  })());

/** A transfer an administrator recorded for the user (it has a receipt), made once. */
let userTransfer: Promise<string> | undefined;
const transferOfUser = (world: World): Promise<string> =>
  (userTransfer ??= (async () => {
    const recorded = await fetch(`${world.product.baseUrl}/api/payments/transfer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(world.admin.token) },
      body: JSON.stringify({ customerUid: world.user.user.id, plan: 'standard', amount: 55_000, note: 'matrix receipt' }),
    });
    const { order } = (await recorded.json()) as { order: { merchantUid: string } };
    return order.merchantUid;
  })());

/** Every route and who may call it. A route missing here fails the test: add it with its rule. */
const ROUTES: Record<string, RouteSpec> = {
  'GET /api/admin/feedback': { rule: 'admin' },
  'GET /api/admin/dashboard': { rule: 'admin' },
  'GET /api/admin/insights': { rule: 'admin' },
  'GET /api/kakao/config': { rule: 'public' },
  'GET /api/guidebooks/:id/insights': { rule: 'owner-or-admin' },
  'POST /api/reading': {
    rule: 'public',
    request: ({ world }) => ({
      body: { uuid: world.guidebook.uuid, reads: [{ kind: 'open', page: 'cover', at: new Date().toISOString(), source: 'link', device: 'phone', offline: false, first: true }] },
    }),
  },
  'GET /api/admin/audit/:subjectType/:id': { rule: 'admin', request: ({ world }) => ({ path: `/api/admin/audit/user/${world.user.user.id}` }) },
  'GET /api/admin/events': { rule: 'admin', request: () => ({ path: '/api/admin/events?limit=5' }) },
  'GET /api/admin/events/export': { rule: 'admin', request: ({ world }) => ({ path: `/api/admin/events/export?stream=guidebook-${world.guidebook.id}` }) },
  'GET /api/admin/events/:position': { rule: 'admin', request: () => ({ path: '/api/admin/events/1' }) },
  'GET /api/admin/guidebooks/:guidebookId/as-of': { rule: 'admin', request: ({ world }) => ({ path: `/api/admin/guidebooks/${world.guidebook.id}/as-of?at=${encodeURIComponent(new Date().toISOString())}` }) },
  'GET /api/admin/guidebooks': { rule: 'admin' },
  'GET /api/admin/icons': { rule: 'admin' },
  'GET /api/admin/messages': { rule: 'admin' },
  'POST /api/admin/messages': { rule: 'admin', request: () => ({ body: messageBody }) },
  'GET /api/admin/messages/:id': { rule: 'admin' },
  // a sent message is unsent before it changes (403 otherwise): the administrator's cell changes a saved one
  'PUT /api/admin/messages/:id': {
    rule: 'admin',
    request: async (ctx) => ({ path: `/api/admin/messages/${allowed(ctx) ? await ctx.world.freshMessage(false) : ctx.world.messageId}`, body: messageBody }),
  },
  'DELETE /api/admin/messages/:id': { rule: 'admin', request: async (ctx) => ({ path: `/api/admin/messages/${allowed(ctx) ? await ctx.world.freshMessage() : ctx.world.messageId}` }) },
  'POST /api/admin/thumbnails/generate': { rule: 'admin', request: ({ world }) => ({ body: { guidebookId: world.guidebook.id } }) },
  'GET /api/admin/users/:userId/guidebooks': { rule: 'admin' },
  'GET /api/admin/users/:userId/activity': { rule: 'admin' },
  'POST /api/auth': { rule: 'credentials', request: ({ who }) => ({ who: null, ...(who ? { basic: { email: who.user.email, password: passwordOf(who) } } : {}) }) },
  'POST /api/auth/kakao': { rule: 'public', request: () => ({ body: {} }) },
  'POST /api/auth/kakao/code': { rule: 'public', request: () => ({ body: {} }) },
  'POST /api/auth/sign-out': { rule: 'signed-in', request: async ({ world, who }) => ({ who: who ? await world.freshSession(who) : null }) },
  'GET /api/dev/outbox': { rule: 'dev' },
  'GET /api/dev/outbox/:id': { rule: 'dev' },
  'POST /api/feedback': { rule: 'public', request: () => ({ body: feedbackBody }) },
  'GET /api/guidebooks': { rule: 'signed-in' },
  'POST /api/guidebooks': { rule: 'signed-in', request: () => ({ body: { title: 'Matrix' } }) },
  'POST /api/guidebooks/copy': { rule: 'owner-or-admin', request: ({ world }) => ({ body: { guidebookId: world.guidebook.id } }) },
  'POST /api/guidebooks/contents/copy': {
    rule: 'owner-or-admin',
    request: ({ world }) => ({ body: { guidebookId: world.guidebook.id, contentId: world.guidebook.contentId } }),
  },
  'GET /api/guidebooks/public-gallery': { rule: 'public' },
  'GET /api/guidebooks/recent': { rule: 'signed-in' },
  'PUT /api/guidebooks/unpublishall': { rule: 'signed-in' },
  'GET /api/guidebooks/uuid/:uuid': { rule: 'unpublished' },
  'GET /api/guidebooks/:id': { rule: 'owner-or-admin' },
  'PUT /api/guidebooks/:id': {
    rule: 'owner-or-admin',
    request: async ({ world }) => {
      const response = await fetch(`${world.product.baseUrl}/api/guidebooks/${world.guidebook.id}`, { headers: bearer(world.admin.token) });
      return { body: await response.json() };
    },
  },
  'PATCH /api/guidebooks/:id': {
    rule: 'owner-or-admin',
    request: async ({ world }) => ({
      headers: { 'if-match': `"${await world.revisionOf(world.guidebook.id)}"` },
      body: { patches: [{ op: 'replace', path: ['title'], value: 'Matrix edit' }] },
    }),
  },
  'DELETE /api/guidebooks/:id': { rule: 'owner-or-admin', request: async (ctx) => ({ path: `/api/guidebooks/${(await guidebookFor(ctx)).id}` }) },
  'DELETE /api/guidebooks/:guidebookId/contents/:contentId/items/:itemId': {
    rule: 'owner-or-admin',
    request: async (ctx) => {
      const g = await guidebookFor(ctx);
      return { path: `/api/guidebooks/${g.id}/contents/${g.contentId}/items/${g.itemId}` };
    },
  },
  'POST /api/guidebooks/:guidebookId/contents/:contentId/sections/:sectionId/items/:itemId/upload': { rule: 'owner-or-admin', request: () => ({ form: imageForm }) },
  'POST /api/guidebooks/:id/header/image': { rule: 'owner-or-admin', request: () => ({ form: imageForm }) },
  'POST /api/guidebooks/:id/cards/:cardId/image': { rule: 'owner-or-admin', request: () => ({ form: imageForm }) },
  'POST /api/guidebooks/:id/footer/image': { rule: 'owner-or-admin', request: () => ({ form: imageForm }) },
  'POST /api/guidebooks/:id/subtitle/image': { rule: 'owner-or-admin', request: () => ({ form: imageForm }) },
  'GET /api/guidebooks/:id/history': { rule: 'owner-or-admin' },
  'GET /api/guidebooks/:id/revisions/:revision': { rule: 'owner-or-admin' },
  'PUT /api/guidebooks/:id/password': { rule: 'owner-or-admin', request: async (ctx) => ({ path: `/api/guidebooks/${(await guidebookFor(ctx)).id}/password`, body: { password: 'matrix' } }) },
  'PATCH /api/guidebooks/:id/public-gallery': { rule: 'owner-or-admin', request: () => ({ body: { isPublicGallery: false } }) },
  'PUT /api/guidebooks/:id/publish': { rule: 'publisher', request: async (ctx) => ({ path: `/api/guidebooks/${(await guidebookFor(ctx)).id}/publish` }) },
  'PUT /api/guidebooks/:id/unpublish': { rule: 'owner-or-admin' },
  'PUT /api/guidebooks/:id/sample': {
    rule: 'admin-owner',
    request: ({ world, caller }) => ({
      path: `/api/guidebooks/${caller === 'admin' ? world.adminGuidebook.id : world.guidebook.id}/sample`,
      body: { isSampleGuidebook: false, isSampleContent: false },
    }),
  },
  'POST /api/guidebooks/:id/restore': { rule: 'owner-or-admin', request: () => ({ body: { revision: 1 } }) },
  'POST /api/guidebooks/:id/undo': { rule: 'owner-or-admin' },
  'POST /api/guidebooks/:id/redo': { rule: 'owner-or-admin' },
  'GET /api/health': { rule: 'public' },
  'GET /api/openapi.json': { rule: 'public' },
  'GET /api/docs': { rule: 'public' },
  'GET /api/docs/:asset': { rule: 'public', request: () => ({ path: '/api/docs/init.js' }) },
  'GET /api/icons': { rule: 'signed-in' },
  'POST /api/icons': { rule: 'signed-in', request: () => ({ form: imageForm }) },
  'DELETE /api/icons/:iconId': { rule: 'owner-or-admin', request: async (ctx) => ({ path: `/api/icons/${allowed(ctx) ? await ctx.world.freshIcon() : ctx.world.iconId}` }) },
  'GET /api/messages': { rule: 'signed-in' },
  'GET /api/messages/:id': { rule: 'signed-in' },
  'DELETE /api/messages/:id': { rule: 'admin', request: async (ctx) => ({ path: `/api/messages/${allowed(ctx) ? await ctx.world.freshMessage() : ctx.world.messageId}` }) },
  'POST /api/messages/:id/dismiss': { rule: 'signed-in' },
  'POST /api/password-resets': { rule: 'public', request: ({ world }) => ({ body: { email: world.victim.user.email } }) },
  'PUT /api/password-resets/:token': { rule: 'public', request: () => ({ body: { password: 'Another1!x' } }) },
  'GET /api/password-resets/check/:token': { rule: 'public' },
  'GET /api/sample/guidebook': { rule: 'signed-in' },
  'GET /api/sample/guidebook-content': { rule: 'signed-in' },
  'POST /api/subscriptions/admin/subscribe': { rule: 'admin', request: ({ world }) => ({ body: { customerUid: world.victim.user.id, plan: 'standard' } }) },
  'POST /api/subscriptions/admin/subscribe-one-month': { rule: 'admin', request: ({ world }) => ({ body: { customerUid: world.victim.user.id } }) },
  'POST /api/subscriptions/admin/change-plan': { rule: 'admin', request: ({ world }) => ({ body: { customerUid: world.victim.user.id, plan: 'pro' } }) },
  'POST /api/subscriptions/admin/unsubscribe': { rule: 'admin', request: ({ world }) => ({ body: { customerUid: world.victim.user.id } }) },
  // payments: purchases and card changes with nothing a provider paid (400 for everyone signed in: nothing granted)
  'POST /api/subscriptions/subscribe': { rule: 'signed-in', request: () => ({ body: refusedPurchase }) },
  'POST /api/subscriptions/subscribe-one-month': { rule: 'signed-in', request: () => ({ body: refusedPurchase }) },
  'POST /api/subscriptions/change-payment-method': { rule: 'signed-in', request: () => ({ body: { customer_uid: 'pg_card_nobody_x', imp_uid: 'imp_none' } }) },
  'POST /api/subscriptions/unsubscribe': { rule: 'signed-in' },
  'POST /api/subscriptions/admin/schedule-payment': { rule: 'admin', request: ({ world }) => ({ body: { customerUid: world.victim.user.id } }) },
  'GET /api/payments': { rule: 'signed-in' },
  'GET /api/payments/config': { rule: 'public' },
  'GET /api/payments/all': { rule: 'admin' },
  'GET /api/payments/user/:userId': { rule: 'self-or-admin' },
  'GET /api/payments/:merchantUid': { rule: 'owner-or-admin', request: async ({ world }) => ({ path: `/api/payments/${await paymentOfUser(world)}` }) },
  'GET /api/payments/:merchantUid/receipt': { rule: 'owner-or-admin', request: async ({ world }) => ({ path: `/api/payments/${await transferOfUser(world)}/receipt` }) },
  'DELETE /api/payments/:merchantUid': { rule: 'admin', request: () => ({ path: '/api/payments/pg_matrix_none' }) },
  // PortOne's webhook: anyone may call it; a forged imp_uid is looked up, not found (404), and changes nothing
  'POST /api/payments/webhook': { rule: 'public', request: () => ({ body: { imp_uid: 'imp_matrix_forged', merchant_uid: 'pg_purchase_matrix0001', status: 'paid' } }) },
  'POST /api/payments/refund': { rule: 'admin', request: () => ({ body: { merchantUid: 'pg_matrix_none' } }) },
  'POST /api/payments/transfer': { rule: 'admin', request: ({ world }) => ({ body: { customerUid: world.victim.user.id, plan: 'standard', amount: 0, note: 'matrix' } }) },
  'GET /api/admin/subscriptions/transactions': { rule: 'admin' },
  'GET /api/admin/subscriptions/user-transactions/:userId': { rule: 'admin' },
  'POST /api/thumbnails/generate': { rule: 'signed-in', request: ({ world }) => ({ body: { guidebookIds: [world.guidebook.id] } }) },
  'GET /api/thumbnails/status': { rule: 'signed-in' },
  'GET /api/users': { rule: 'admin' },
  'POST /api/users': { rule: 'public', request: () => ({ body: signupBody(uniqueEmail('matrix-signup')) }) },
  'GET /api/users/:id': { rule: 'self-or-admin' },
  'PUT /api/users/:id': { rule: 'self-or-admin', request: () => ({ body: { language: 'en' } }) },
  'PATCH /api/users/:id': { rule: 'admin', request: () => ({ body: { isHidden: false } }) },
  'DELETE /api/users/:id': { rule: 'admin', request: async (ctx) => ({ path: `/api/users/${allowed(ctx) ? (await ctx.world.freshAccount('matrix-deleted')).user.id : ctx.world.user.user.id}` }) },
  'PUT /api/users/:id/image': { rule: 'self-or-admin', request: () => ({ form: imageForm }) },
  'PUT /api/users/:id/password': {
    rule: 'self-basic',
    request: async ({ world, caller, who }) => {
      // the user's cell changes the password of an account made for it; the others try the user's with their own
      const self = caller === 'user' ? await world.freshAccount('matrix-password') : null;
      const signer = self ?? who;
      return {
        path: `/api/users/${(self ?? world.user).user.id}/password`,
        who: null,
        body: { password: 'Changed1!x' },
        ...(signer ? { basic: { email: signer.user.email, password: passwordOf(signer) } } : {}),
      };
    },
  },
  'GET /api/users/activate/:email/:hash': { rule: 'public' },
  'GET /api/users/verify/:email': { rule: 'public' },
  'POST /api/users/verify/:email': { rule: 'public' },
  'GET /api/viewer/sample': { rule: 'public' },
  'GET /api/viewer/sample/qr.svg': { rule: 'public' },
  'GET /api/viewer/guidebooks/:id': { rule: 'unpublished' },
  'GET /api/viewer/preview/:id': { rule: 'owner-or-admin' },
  'GET /api/viewer/:uuid': { rule: 'unpublished' },
  'GET /api/viewer/:uuid/qr.svg': { rule: 'unpublished' },
  'POST /api/viewer/:uuid/unlock': { rule: 'unpublished', request: () => ({ body: { password: 'matrix' } }) },
  // the readers' pages drawn on the server
  'GET /m/sample': { rule: 'public' },
  'GET /m/sample/contents/:contentId': { rule: 'public' },
  'GET /m/:uuid': { rule: 'unpublished' },
  'GET /m/:uuid/contents/:contentId': { rule: 'unpublished' },
  // the editor's preview page is a shell: its data comes from GET /api/viewer/preview/:id
  'GET /guidebooks/preview/:id': { rule: 'public' },
  'GET /guidebooks/preview/:id/contents/:contentId': { rule: 'public' },
  'GET /guidebooks/:id/contents/:contentId': { rule: 'unpublished' },
  'GET /media/^\\/(.+)$/': { rule: 'public', request: () => ({ path: '/media/guidebooks/none/none.png' }) },
  // the web app's fallback (when the web app is built)
  'GET /^\\/(?!api\\/).*/': { rule: 'public', request: () => ({ path: '/dashboard' }) },
  // the signed-out front door (query-api/src/front-door), there when the web build has front.html
  'GET /': { rule: 'public' },
  'GET /login': { rule: 'public' },
  'GET /signup': { rule: 'public' },
};

const passwordOf = (who: SignedIn) => (who.user.email === TEST_ADMIN.email ? TEST_ADMIN.password : TEST_PASSWORD);

function meets(expected: Expect, status: number): boolean {
  if (status >= 500) return false;
  switch (expected) {
    case 'auth':
      return status === 401;
    case 'deny':
      return status === 403 || status === 404;
    case 'forbidden':
      return status === 403;
    case 'ok':
      return status !== 401 && status !== 403;
    case 'any':
      return true;
  }
}

let product: StartedWithAdmin;
let world: World;
let routes: RouteEntry[];

beforeAll(async () => {
  // the matrix writes more than a person would in a minute; the quotas have their own tests
  product = await startWithAdmin('authorization-matrix', { env: { GUIDEBOOK_WRITES_PER_MINUTE: '100000', KAKAO_API_BASE: 'http://127.0.0.1:9' } });
  world = await buildWorld(product);
  routes = await routeTable(product.baseUrl);
});
afterAll(() => product?.app.close());

describe('the authorization matrix', () => {
  it('finds the routes of the running app', () => {
    expect(routes.length).toBeGreaterThan(60);
    expect(routes).toContainEqual({ method: 'PUT', path: '/api/guidebooks/:id' });
    expect(routes).toContainEqual({ method: 'GET', path: '/api/users' });
  });

  it('has a rule for every route (a new route must say who may call it), and none for a route that is gone', () => {
    const keys = routes.map((r) => `${r.method} ${r.path}`);
    expect(keys.filter((key) => !(key in ROUTES)), 'new route without a rule').toEqual([]);
    // the web app's fallback is there only when the web app is built
    const optional = new Set(['GET /^\\/(?!api\\/).*/', 'GET /', 'GET /login', 'GET /signup']);
    expect(Object.keys(ROUTES).filter((key) => !keys.includes(key) && !optional.has(key)), 'rule for a route that is gone').toEqual([]);
  });

  it('answers every route and caller as its rule says', async () => {
    const failures: string[] = [];
    let requests = 0;
    for (const route of routes) {
      const spec = ROUTES[`${route.method} ${route.path}`];
      if (!spec) continue;
      for (const caller of CALLERS) {
        const expected = RULES[spec.rule][caller];
        const who = world.signedIn(caller);
        const cell = (await spec.request?.({ world, caller, who, expected })) ?? {};
        const sender = cell.who === undefined ? who : cell.who;
        const headers: Record<string, string> = { ...(sender ? bearer(sender.token) : {}), ...(cell.basic ? { authorization: basic(cell.basic.email, cell.basic.password) } : {}), ...cell.headers };
        let body: BodyInit | undefined;
        if (cell.form) body = await cell.form();
        else if (cell.body !== undefined) {
          headers['content-type'] = 'application/json';
          body = JSON.stringify(cell.body);
        }
        const path = cell.path ?? fillPath(route.path, world);
        const response = await fetch(`${product.baseUrl}${path}`, { method: route.method, headers, ...(body === undefined ? {} : { body }), redirect: 'manual' });
        requests += 1;
        const text = await response.text();
        if (process.env.MATRIX_TRACE) console.log(`${route.method} ${route.path} ${caller} ${expected} ${response.status}`);
        if (!meets(expected, response.status)) {
          failures.push(`${route.method} ${route.path} as ${caller} (${spec.rule}: ${expected}) → ${response.status} ${text.slice(0, 160)}`);
        }
      }
    }
    expect(requests).toBe(routes.filter((r) => `${r.method} ${r.path}` in ROUTES).length * CALLERS.length);
    expect(failures).toEqual([]);
  });

  it('lets a subscriber publish a guidebook of their own (the publisher rule, from the other side)', async () => {
    const own = await world.freshGuidebook(world.subscriber);
    const response = await fetch(`${product.baseUrl}/api/guidebooks/${own.id}/publish`, { method: 'PUT', headers: bearer(world.subscriber.token) });
    expect(response.status, await response.text()).toBe(200);
  });
});
