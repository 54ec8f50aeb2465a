/**
 * The route table of a running standalone server, read from its Express routers, for tests that must cover every
 * route (the authorization matrix, the write fuzz): a route added later is found without anyone listing it.
 *
 * Express 5 keeps each layer's path (`layer.rawPath`) and a mounted router's own `stack`, so most of the tree is a
 * walk from `app.router`. The API's command and query routers are called from a plain function (reads try the
 * queries first, writes the commands: http-app.ts), which hides them from that walk; they are found by sending one
 * unmatched GET and one unmatched POST through the server while every router records the prefix it was called
 * under (`req.baseUrl`).
 */
import express from 'express';

export type RouteEntry = { method: string; path: string };

type Layer = { rawPath?: unknown; route?: { path: unknown; methods: Record<string, boolean> }; handle: unknown };
type RouterLike = ((...args: unknown[]) => unknown) & { stack: Layer[]; handle: (...args: unknown[]) => unknown };

const isRouter = (value: unknown): value is RouterLike =>
  typeof value === 'function' &&
  Array.isArray((value as { stack?: unknown }).stack) &&
  typeof (value as { handle?: unknown }).handle === 'function';

const pathText = (path: unknown): string => (path instanceof RegExp ? path.toString() : String(path));

function join(prefix: string, path: unknown): string {
  if (path instanceof RegExp) return `${prefix}${path.toString()}`;
  const text = pathText(path);
  if (text === '/' || text === '') return prefix;
  return `${prefix}${text.startsWith('/') ? '' : '/'}${text}`.replace(/\/+$/, '');
}

function walk(router: RouterLike, prefix: string, seen: Set<unknown>, out: Map<string, RouteEntry>): void {
  if (seen.has(router)) return;
  seen.add(router);
  for (const layer of router.stack) {
    const paths = Array.isArray(layer.rawPath) ? (layer.rawPath as unknown[]) : [layer.rawPath];
    if (layer.route) {
      const routePaths = Array.isArray(layer.route.path) ? (layer.route.path as unknown[]) : [layer.route.path];
      for (const path of routePaths) {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (!on || method === '_all') continue;
          const entry = { method: method.toUpperCase(), path: join(prefix, path) || '/' };
          out.set(`${entry.method} ${entry.path}`, entry);
        }
      }
    } else if (isRouter(layer.handle)) {
      for (const path of paths) walk(layer.handle, join(prefix, path), seen, out);
    }
  }
}

/** Every method and path the server at `baseUrl` answers through a route, sorted, HEAD left out (GET's twin). */
export async function routeTable(baseUrl: string): Promise<RouteEntry[]> {
  const proto = Object.getPrototypeOf(Object.getPrototypeOf(express.Router())) as { handle: RouterLike['handle'] };
  const original = proto.handle;
  const called = new Map<RouterLike, string>();
  let root: RouterLike | undefined;
  proto.handle = function recorded(this: RouterLike, ...args: unknown[]) {
    const req = args[0] as { baseUrl?: string; app?: { router?: unknown } };
    if (!called.has(this)) called.set(this, req.baseUrl ?? '');
    if (root === undefined && isRouter(req.app?.router)) root = req.app.router;
    return original.apply(this, args);
  };
  try {
    for (const method of ['GET', 'POST'])
      await (await fetch(`${baseUrl}/api/__route-table-probe__`, { method })).arrayBuffer();
  } finally {
    proto.handle = original;
  }
  if (!root) throw new Error('the route probe reached no Express app');
  const out = new Map<string, RouteEntry>();
  const seen = new Set<unknown>();
  walk(root, '', seen, out);
  // routers only a plain function calls (the API's command and query routers), under the prefix they ran with
  for (const [router, baseUrlSeen] of called) walk(router, baseUrlSeen, seen, out);
  return [...out.values()]
    .filter((r) => r.method !== 'HEAD')
    .sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
}
