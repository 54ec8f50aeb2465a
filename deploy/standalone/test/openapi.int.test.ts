import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '@pocketguide/contracts/openapi/api-routes';
import { openApiPathOf } from '@pocketguide/contracts/openapi/openapi-document';
import { bearer, startWithAdmin, type SignedIn, type StartedWithAdmin } from './testing/accounts.ts';
import { routeTable } from './testing/route-table.ts';
import { buildWorld, fillPath, type World } from './testing/world.ts';

/**
 * The API document (issue 26): generated from the contracts, it lists every route the running server answers, and
 * it says the truth about request bodies: a body its schema calls valid is accepted, one it calls invalid refused.
 * "Valid" here is decided by the document's JSON Schema itself (read back with zod's JSON Schema reader), not by
 * the contracts it came from, so a document that drifts from the server fails.
 */

type Operation = {
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, unknown>;
  parameters: Array<{ name: string; in: string }>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
};

const webDist = resolve(import.meta.dirname, '../../../web/dist');
let product: StartedWithAdmin;
let world: World;
let document: Document;

beforeAll(async () => {
  product = await startWithAdmin('openapi', existsSync(resolve(webDist, 'index.html')) ? { webDist } : {});
  world = await buildWorld(product);
  const answer = await fetch(`${product.baseUrl}/api/openapi.json`);
  expect(answer.status).toBe(200);
  document = (await answer.json()) as Document;
}, 120_000);

afterAll(async () => {
  await product?.app.close();
});

/** The live route table's path as the document writes it. */
function documentedPath(path: string): string {
  const regex = apiRoutes.find((route) => route.live === path);
  return regex ? openApiPathOf(regex) : path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

function bodySchemaOf(method: string, path: string): z.ZodType {
  const schema =
    document.paths[documentedPath(path)]?.[method.toLowerCase()]?.requestBody?.content['application/json']?.schema;
  if (!schema) throw new Error(`${method} ${path} has no JSON body in the document`);
  // the document's shared parts live under components.schemas; read as one JSON Schema, they are its $defs
  const standalone = JSON.parse(
    JSON.stringify({ ...schema, $defs: document.components.schemas }).replaceAll('"#/components/schemas/', '"#/$defs/'),
  ) as Parameters<typeof z.fromJSONSchema>[0];
  return z.fromJSONSchema(standalone);
}

async function send(
  method: string,
  path: string,
  who: SignedIn | null,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; code?: string }> {
  const answer = await fetch(`${product.baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(who ? bearer(who.token) : {}), ...headers },
    body: JSON.stringify(body),
  });
  const text = await answer.text();
  const code = answer.headers.get('content-type')?.includes('problem+json')
    ? (JSON.parse(text) as { code?: string }).code
    : undefined;
  return { status: answer.status, ...(code ? { code } : {}) };
}

describe('GET /api/openapi.json', () => {
  it('is OpenAPI 3.1 and lists every route of the live route table, and nothing the server does not answer', async () => {
    expect(document.openapi).toBe('3.1.0');
    const live = await routeTable(product.baseUrl);
    expect(live.length).toBeGreaterThan(90);
    const missing = live
      .filter(({ method, path }) => !document.paths[documentedPath(path)]?.[method.toLowerCase()])
      .map((r) => `${r.method} ${r.path}`);
    expect(missing).toEqual([]);
    const liveKeys = new Set(live.map(({ method, path }) => `${method} ${documentedPath(path)}`));
    const webBuilt = existsSync(resolve(webDist, 'index.html'));
    const extra = apiRoutes
      .filter((route) => webBuilt || route.tag !== 'web app')
      .map((route) => `${route.method} ${openApiPathOf(route)}`)
      .filter((key) => !liveKeys.has(key));
    expect(extra).toEqual([]);
  });

  it('gives every operation its problem answers, path parameters and, for writes with a body, the body schema', () => {
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const named = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name);
        expect(
          operation.parameters.filter((p) => p.in === 'path').map((p) => p.name),
          `${method} ${path}`,
        ).toEqual(named);
        expect(operation.responses['500'], `${method} ${path}`).toBeDefined();
      }
    }
    for (const route of apiRoutes.filter((r) => r.body)) {
      expect(
        document.paths[openApiPathOf(route)]?.[route.method.toLowerCase()]?.requestBody,
        `${route.method} ${route.path}`,
      ).toBeDefined();
    }
    // a sample of the problem codes the contracts name
    expect(JSON.stringify(document.paths['/api/guidebooks/{id}']?.patch?.responses['412'])).toContain(
      'revision_mismatch',
    );
    expect(JSON.stringify(document.paths['/api/guidebooks/{id}']?.patch?.responses['428'])).toContain(
      'precondition_required',
    );
    expect(JSON.stringify(document.paths['/api/guidebooks/{id}/publish']?.put?.responses['403'])).toContain(
      'subscription_required',
    );
  });
});

describe('request bodies: what the document calls valid is accepted, what it calls invalid is refused', () => {
  type Case = {
    method: string;
    path: string;
    who: () => SignedIn | null;
    valid: () => unknown | Promise<unknown>;
    invalid: unknown;
    headers?: () => Promise<Record<string, string>>;
  };
  const cases: Case[] = [
    {
      method: 'POST',
      path: '/api/guidebooks',
      who: () => world.user,
      valid: () => ({ title: 'Documented' }),
      invalid: { title: 42 },
    },
    {
      method: 'POST',
      path: '/api/feedback',
      who: () => null,
      valid: () => ({
        feedback: 'The map is lovely',
        url: 'https://example.com/m/x',
        userAgent: 'openapi-test',
        timestamp: new Date().toISOString(),
      }),
      invalid: {
        feedback: '',
        url: 'https://example.com',
        userAgent: 'openapi-test',
        timestamp: new Date().toISOString(),
      },
    },
    {
      method: 'PATCH',
      path: '/api/users/:id',
      who: () => world.admin,
      valid: () => ({ isHidden: false }),
      invalid: { isHidden: 'no' },
    },
    {
      method: 'PUT',
      path: '/api/users/:id',
      who: () => world.user,
      valid: () => ({ language: 'en' }),
      invalid: { language: 'fr' },
    },
    {
      method: 'PATCH',
      path: '/api/guidebooks/:id/public-gallery',
      who: () => world.user,
      valid: () => ({ isPublicGallery: false }),
      invalid: { isPublicGallery: 'yes' },
    },
    {
      method: 'PUT',
      path: '/api/guidebooks/:id/password',
      who: () => world.user,
      valid: () => ({ password: 'documented' }),
      invalid: { password: 7 },
    },
    {
      method: 'POST',
      path: '/api/admin/messages',
      who: () => world.admin,
      valid: () => ({ title: 'Documented', message: 'Hello', messageDate: '2026-12-01', showing: false }),
      invalid: { title: 'Documented', messageDate: 12 },
    },
    {
      method: 'POST',
      path: '/api/subscriptions/admin/subscribe',
      who: () => world.admin,
      valid: () => ({ customerUid: world.victim.user.id, plan: 'standard' }),
      invalid: { customerUid: 'someone', plan: 'gold' },
    },
    {
      method: 'POST',
      path: '/api/payments/transfer',
      who: () => world.admin,
      valid: () => ({ customerUid: world.victim.user.id, plan: 'standard', amount: 50_000, note: 'documented' }),
      invalid: { customerUid: 'x', plan: 'standard', amount: -1 },
    },
    {
      method: 'PATCH',
      path: '/api/guidebooks/:id',
      who: () => world.user,
      valid: () => ({ patches: [{ op: 'replace', path: ['title'], value: 'Documented title' }] }),
      invalid: { patches: 'replace the title' },
      headers: async () => ({ 'if-match': String(await world.revisionOf(world.guidebook.id)) }),
    },
  ];

  for (const c of cases) {
    it(`${c.method} ${c.path}`, async () => {
      const schema = bodySchemaOf(c.method, c.path);
      const valid = await c.valid();
      const { invalid } = c;
      expect(schema.safeParse(valid).success, 'the document calls the valid body valid').toBe(true);
      expect(schema.safeParse(invalid).success, 'the document calls the invalid body invalid').toBe(false);
      const path = fillPath(
        c.path,
        world,
        c.path.startsWith('/api/users') && c.who() === world.admin ? { userId: world.victim.user.id } : {},
      );
      const refused = await send(c.method, path, c.who(), invalid, (await c.headers?.()) ?? {});
      expect(refused).toEqual({ status: 400, code: 'validation_failed' });
      const accepted = await send(c.method, path, c.who(), valid, (await c.headers?.()) ?? {});
      expect(accepted.status, JSON.stringify(accepted)).toBeGreaterThanOrEqual(200);
      expect(accepted.status, JSON.stringify(accepted)).toBeLessThan(300);
      const documented = Object.keys(document.paths[documentedPath(c.path)]?.[c.method.toLowerCase()]?.responses ?? {});
      expect(documented, 'the success status is the documented one').toContain(String(accepted.status));
    });
  }

  it('every JSON body the document calls invalid (a body of the wrong shape) is refused with 400 by every route that takes one', async () => {
    const wrong = { __not_a_field__: [1] };
    const refusedBy: string[] = [];
    const otherwise: string[] = [];
    for (const route of apiRoutes.filter((r) => r.body)) {
      const schema = bodySchemaOf(route.method, route.path);
      if (schema.safeParse(wrong).success) continue;
      const answer = await send(
        route.method,
        fillPath(route.path, world),
        world.admin,
        wrong,
        route.ifMatch ? { 'if-match': '0' } : {},
      );
      if (answer.status === 400) refusedBy.push(`${route.method} ${route.path}`);
      else otherwise.push(`${route.method} ${route.path}: ${answer.status} ${answer.code ?? ''}`);
    }
    // Only a route that checks who is asking before it reads the body may answer otherwise, and then with 401/403.
    expect(otherwise.filter((line) => !/: 40[13] (unauthorized|forbidden)$/.test(line))).toEqual([]);
    expect(refusedBy.length).toBeGreaterThan(20);
  });
});
