/**
 * The scaled-out deployments' routing (deploy/compose and deploy/k8s) against what each role serves: a request
 * the ingress sends to a role that does not serve it is lost without any error at start. So each sample request
 * below is routed through the real files, the compose ingress's nginx.conf, the k8s Ingress with its api-router's
 * nginx, and the Gateway API HTTPRoute, to the container that gets it, and that container's `ROLES` and port must
 * serve it (app.ts: beacons on BEACON_PORT by the `beacons` role, or on PORT by query-api; http-app.ts).
 *
 * nginx is matched as nginx does: an exact `location =` first, then the longest prefix, then the first regular
 * expression that matches (a regular expression wins over the prefix unless none matches).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';

const deploy = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(resolve(deploy, path), 'utf8');

type Role = 'command-api' | 'query-api' | 'beacons';
/** where a request lands: the roles of the process and the port it came in on */
type Target = { roles: string[]; port: 'PORT' | 'BEACON_PORT' };

/** What a process serves (app.ts and http-app.ts): every role answers /api/health on PORT. */
function serves(target: Target, request: Sample): boolean {
  if (target.port === 'BEACON_PORT') return target.roles.includes('beacons') && request.needs === 'beacons';
  if (request.needs === 'any') return true;
  if (request.needs === 'beacons') return target.roles.includes('query-api');
  return target.roles.includes(request.needs);
}

type Sample = { method: string; path: string; needs: Role | 'any' };
const samples: Sample[] = [
  { method: 'GET', path: '/api/health', needs: 'any' },
  { method: 'POST', path: '/api/reading', needs: 'beacons' },
  { method: 'GET', path: '/api/guidebooks', needs: 'query-api' },
  { method: 'POST', path: '/api/guidebooks', needs: 'command-api' },
  { method: 'PUT', path: '/api/guidebooks/g1', needs: 'command-api' },
  { method: 'GET', path: '/api/users/activate/t1', needs: 'command-api' },
  { method: 'GET', path: '/api/guidebooks/g1/history', needs: 'command-api' },
  { method: 'POST', path: '/api/viewer/abc/unlock', needs: 'query-api' },
  { method: 'GET', path: '/m/abc', needs: 'query-api' },
];

// ---- nginx, as far as these files use it ----

type Location = { modifier: '=' | '~' | ''; pattern: string; body: string };

/** The `location` blocks of the (one) server block, in order. */
function locations(conf: string): Location[] {
  const found: Location[] = [];
  const re = /location\s+(=|~)?\s*(\S+)\s*\{([^}]*)\}/g;
  for (const match of conf.matchAll(re))
    found.push({ modifier: (match[1] ?? '') as Location['modifier'], pattern: match[2]!, body: match[3]! });
  return found;
}

function locationFor(conf: string, path: string): Location {
  const all = locations(conf);
  const exact = all.find((l) => l.modifier === '=' && l.pattern === path);
  if (exact) return exact;
  const prefix = all
    .filter((l) => l.modifier === '' && path.startsWith(l.pattern))
    .sort((a, b) => b.pattern.length - a.pattern.length)[0];
  const regex = all.find((l) => l.modifier === '~' && new RegExp(l.pattern).test(path));
  const chosen = regex ?? prefix;
  if (!chosen) throw new Error(`no location matches ${path}`);
  return chosen;
}

/** `map $request_method $name { GET x; default y; }` */
function methodMap(conf: string, name: string, method: string): string {
  const block = new RegExp(`map \\$request_method \\$${name} \\{([^}]*)\\}`).exec(conf)?.[1];
  if (!block) throw new Error(`no map $${name}`);
  const entries = new Map([...block.matchAll(/(\S+)\s+(\S+);/g)].map((m) => [m[1]!, m[2]!]));
  const value = entries.get(method) ?? entries.get('default');
  if (!value) throw new Error(`map $${name} has no value for ${method}`);
  return value;
}

/** Where nginx sends the request: the `proxy_pass` target, variables and method maps resolved. */
function nginxTarget(conf: string, method: string, path: string): string {
  const { body } = locationFor(conf, path);
  const pass = /proxy_pass\s+([^;]+);/.exec(body)?.[1]?.trim();
  if (!pass) throw new Error(`the location for ${path} has no proxy_pass`);
  const set = new Map([...body.matchAll(/set\s+\$(\w+)\s+([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]));
  return pass.replace(/\$(\w+)/g, (_, name: string) => set.get(name) ?? methodMap(conf, name, method));
}

/** `upstream name { server host:port; }` */
function upstreamServer(conf: string, name: string): string {
  const server = new RegExp(`upstream ${name} \\{[^}]*?server\\s+([^;\\s]+)`).exec(conf)?.[1];
  if (!server) throw new Error(`no upstream ${name}`);
  return server;
}

// ---- docker compose ----

describe('docker compose: the ingress sends each request to a role that serves it', () => {
  const nginx = read('compose/nginx.conf');
  const compose = parse(read('compose/docker-compose.yml'), { merge: true }) as {
    services: Record<string, { build?: { args?: { ROLE?: string } }; environment?: Record<string, string> }>;
  };

  function composeTarget(url: string): Target {
    const { hostname, port } = new URL(url);
    const service = compose.services[hostname];
    if (!service) throw new Error(`no compose service ${hostname}`);
    const roles = (service.environment?.ROLES ?? service.build?.args?.ROLE ?? 'all').split(',');
    const env = service.environment ?? {};
    if (port === String(env.PORT)) return { roles, port: 'PORT' };
    if (port === String(env.BEACON_PORT)) return { roles, port: 'BEACON_PORT' };
    throw new Error(`${hostname} listens on neither PORT (${env.PORT}) nor BEACON_PORT (${env.BEACON_PORT}): ${port}`);
  }

  it.each(samples)('$method $path', (sample) => {
    const target = composeTarget(nginxTarget(nginx, sample.method, sample.path));
    expect(serves(target, sample), `${sample.method} ${sample.path} reaches ${JSON.stringify(target)}`).toBe(true);
  });

  it('runs one process that keeps the day’s unique readers', () => {
    const withBeacons = Object.entries(compose.services).filter(([, s]) =>
      (s.build?.args?.ROLE ?? '').split(',').includes('beacons'),
    );
    expect(withBeacons.map(([name]) => name)).toEqual(['beacons']);
  });
});

// ---- Kubernetes ----

type K8sDoc = {
  kind: string;
  metadata: { name: string };
  spec: Record<string, unknown>;
  data?: Record<string, string>;
};

const k8sFiles = (parse(read('k8s/kustomization.yaml')) as { resources: string[] }).resources.filter((file) =>
  file.endsWith('.yaml'),
);
const k8s: K8sDoc[] = [...k8sFiles, 'gateway-httproute.yaml'].flatMap((file) =>
  parseAllDocuments(read(`k8s/${file}`)).map((doc) => doc.toJS() as K8sDoc),
);
const k8sOf = (kind: string, name: string) => {
  const doc = k8s.find((d) => d.kind === kind && d.metadata.name === name);
  if (!doc) throw new Error(`no ${kind} ${name}`);
  return doc;
};

type Container = {
  env?: { name: string; value?: string }[];
  ports?: { name: string; containerPort: number }[];
};

/** A Service's port to the Deployment behind it: its ROLES, and whether the port is its PORT or BEACON_PORT. */
function serviceTarget(serviceName: string, servicePort: number | string): Target {
  const service = k8sOf('Service', serviceName).spec as {
    ports: { name: string; port: number; targetPort: string | number }[];
  };
  const port = service.ports.find((p) => p.port === Number(servicePort) || p.name === servicePort);
  if (!port) throw new Error(`Service ${serviceName} has no port ${servicePort}`);
  const deployment = k8sOf('Deployment', serviceName).spec as {
    template: { spec: { containers: Container[] } };
  };
  const container = deployment.template.spec.containers[0]!;
  const env = new Map((container.env ?? []).map((e) => [e.name, e.value]));
  const config = k8sOf('ConfigMap', 'pocketguide-config').data ?? {};
  const setting = (name: string) => env.get(name) ?? config[name];
  const number =
    typeof port.targetPort === 'number'
      ? port.targetPort
      : container.ports?.find((p) => p.name === port.targetPort)?.containerPort;
  const roles = (setting('ROLES') ?? 'all').split(',');
  if (String(number) === (setting('PORT') ?? '3000')) return { roles, port: 'PORT' };
  if (String(number) === setting('BEACON_PORT')) return { roles, port: 'BEACON_PORT' };
  throw new Error(`Service ${serviceName} sends to ${number}, neither PORT nor BEACON_PORT`);
}

describe('Kubernetes Ingress and api-router: each request reaches a role that serves it', () => {
  const ingress = k8sOf('Ingress', 'pocketguide').spec as {
    rules: {
      http: {
        paths: { path: string; pathType: string; backend: { service: { name: string; port: { name: string } } } }[];
      };
    }[];
  };
  const router = k8sOf('ConfigMap', 'api-router-nginx').data!['default.conf']!;

  function ingressBackend(path: string) {
    const paths = ingress.rules[0]!.http.paths;
    const exact = paths.find((p) => p.pathType === 'Exact' && p.path === path);
    const prefix = paths
      .filter((p) => p.pathType === 'Prefix' && (path === p.path || path.startsWith(`${p.path.replace(/\/$/, '')}/`)))
      .sort((a, b) => b.path.length - a.path.length)[0];
    const chosen = exact ?? prefix;
    if (!chosen) throw new Error(`no Ingress path for ${path}`);
    return chosen.backend.service;
  }

  it.each(samples)('$method $path', (sample) => {
    let backend = ingressBackend(sample.path);
    if (backend.name === 'api-router') {
      const upstream = new URL(nginxTarget(router, sample.method, sample.path)).hostname;
      const [host, port] = upstreamServer(router, upstream).split(':');
      backend = { name: host!, port: { name: port! } };
    }
    const target = serviceTarget(backend.name, backend.port.name);
    expect(serves(target, sample), `${sample.method} ${sample.path} reaches ${JSON.stringify(target)}`).toBe(true);
  });

  it('runs one beacons pod, which keeps the day’s unique readers', () => {
    expect((k8sOf('Deployment', 'beacons').spec as { replicas: number }).replicas).toBe(1);
  });
});

describe('Gateway API HTTPRoute: each request reaches a role that serves it', () => {
  type Match = { path: { type: string; value: string }; method?: string };
  const route = k8sOf('HTTPRoute', 'pocketguide').spec as {
    rules: { matches: Match[]; backendRefs: { name: string; port: number }[] }[];
  };

  /** Gateway API precedence: an exact path, then the longest prefix, then a method match, then a regex. */
  function backendFor(method: string, path: string) {
    const candidates = route.rules.flatMap((rule) =>
      rule.matches
        .filter((m) => !m.method || m.method === method)
        .filter((m) => {
          const { type, value } = m.path;
          if (type === 'Exact') return path === value;
          if (type === 'PathPrefix') return value === '/' || path === value || path.startsWith(`${value}/`);
          return new RegExp(value).test(path);
        })
        .map((m) => ({ m, backend: rule.backendRefs[0]! })),
    );
    const rank = ({ m }: (typeof candidates)[number]) =>
      (m.path.type === 'Exact' ? 3e6 : m.path.type === 'RegularExpression' ? 2e6 : 1e6) +
      m.path.value.length * 10 +
      (m.method ? 1 : 0);
    const best = candidates.sort((a, b) => rank(b) - rank(a))[0];
    if (!best) throw new Error(`no HTTPRoute rule for ${method} ${path}`);
    return best.backend;
  }

  it.each(samples)('$method $path', (sample) => {
    const backend = backendFor(sample.method, sample.path);
    const target = serviceTarget(backend.name, backend.port);
    expect(serves(target, sample), `${sample.method} ${sample.path} reaches ${JSON.stringify(target)}`).toBe(true);
  });
});
