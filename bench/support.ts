import { execFile } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';

export const root = resolve(import.meta.dirname, '..');

/** A fresh folder per run, on the same disk as ./data, so fsync costs are the real ones. */
export function benchDir(name: string): string {
  const dir = resolve(root, 'test-output/bench', `${name}-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

export type LoadResult = {
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  errors: number;
  non2xx: number;
  total: number;
};

/** Runs autocannon in a second process against a URL. */
export async function loadTest(
  url: string,
  seconds: number,
  connections: number,
  headers: Record<string, string> = {},
): Promise<LoadResult> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      resolve(root, 'bench/load.ts'),
      url,
      String(seconds),
      String(connections),
      JSON.stringify(headers),
    ],
    { cwd: root, maxBuffer: 10 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as LoadResult;
}

export function percentile(sortedMs: readonly number[], p: number): number {
  if (sortedMs.length === 0) return 0;
  const index = Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1);
  return sortedMs[Math.max(0, index)]!;
}

export type Figure = {
  name: string;
  value: number;
  unit: string;
  baseline?: { name: string; value: number };
  ratio?: number;
  aim?: string;
};

/** `chart`: the mixed-load curve as the README's chart reads it (deploy/standalone/src/readme/mixed-load-chart.ts). */
export type MixedLoadChart = {
  curve: Array<{ offered: number; served: number; readP99: number; saveP99: number }>;
  ceiling: number;
};
export type SuiteResult = { suite: string; figures: Figure[]; chart?: MixedLoadChart };

/** The administrator every bench run creates at start (ADMIN_EMAIL / ADMIN_PASSWORD). */
export const BENCH_ADMIN = { ADMIN_EMAIL: 'bench@example.com', ADMIN_PASSWORD: 'Bench1!pass' } as const;

export type BenchSession = { token: string; user: Record<string, unknown>; headers: Record<string, string> };

/** Signs an administrator in with HTTP Basic: the session, and JSON headers carrying its token. */
export async function signInAdmin(
  baseUrl: string,
  admin: { ADMIN_EMAIL: string; ADMIN_PASSWORD: string } = BENCH_ADMIN,
): Promise<BenchSession> {
  const signedIn = await fetch(`${baseUrl}/api/auth`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${admin.ADMIN_EMAIL}:${admin.ADMIN_PASSWORD}`).toString('base64')}`,
    },
  });
  if (signedIn.status !== 201) throw new Error(`sign-in answered ${signedIn.status}`);
  const session = (await signedIn.json()) as { token: string; user: Record<string, unknown> };
  return { ...session, headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` } };
}

/** The built-in sample guidebook, created and published by the signed-in administrator. */
export async function publishedSample(
  baseUrl: string,
  session: BenchSession,
): Promise<{ _id: string; uuid: string; position: number }> {
  const created = await fetch(`${baseUrl}/api/guidebooks`, {
    method: 'POST',
    headers: session.headers,
    body: JSON.stringify({ source: 'sample' }),
  });
  if (created.status !== 201)
    throw new Error(`creating a guidebook answered ${created.status}: ${await created.text()}`);
  const { _id, uuid } = (await created.json()) as { _id: string; uuid: string };
  const published = await fetch(`${baseUrl}/api/guidebooks/${_id}/publish`, {
    method: 'PUT',
    headers: session.headers,
  });
  if (published.status !== 200) throw new Error(`publish answered ${published.status}`);
  const { position } = (await published.json()) as { position: number };
  return { _id, uuid, position };
}
