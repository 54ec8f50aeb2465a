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
export async function loadTest(url: string, seconds: number, connections: number, headers: Record<string, string> = {}): Promise<LoadResult> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', resolve(root, 'bench/load.ts'), url, String(seconds), String(connections), JSON.stringify(headers)],
    { cwd: root, maxBuffer: 10 * 1024 * 1024 },
  );
  return JSON.parse(stdout) as LoadResult;
}

export function percentile(sortedMs: readonly number[], p: number): number {
  if (sortedMs.length === 0) return 0;
  const index = Math.min(sortedMs.length - 1, Math.ceil((p / 100) * sortedMs.length) - 1);
  return sortedMs[Math.max(0, index)]!;
}

export type Figure = { name: string; value: number; unit: string; baseline?: { name: string; value: number }; ratio?: number; aim?: string };

export type SuiteResult = { suite: string; figures: Figure[] };
