import { existsSync } from 'node:fs';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Brotli (`.br`) and gzip (`.gz`) copies beside every text file of the build (issue 11, fast app shell), so the
 * server sends compressed bytes without compressing on each request (platform/src/http/static-files.ts). Brotli at
 * its best quality and gzip at level 9: done once per build, read many times. Images and fonts are compressed
 * already; a file that would not shrink by a tenth (a tiny one) gets no copy.
 */

const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.webmanifest',
  '.txt',
  '.xml',
  '.map',
  '.ico',
  '.wasm',
]);

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

export type PrecompressSummary = { files: number; bytes: number; brotliBytes: number; gzipBytes: number };

/** Writes `<file>.br` and `<file>.gz` beside each compressible file under `dir`. */
export async function precompressDir(dir: string): Promise<PrecompressSummary> {
  const summary: PrecompressSummary = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const jobs: Promise<void>[] = [];
  for await (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.has(extname(file).toLowerCase())) continue;
    jobs.push(
      (async () => {
        const raw = await readFile(file);
        const [br, gz] = await Promise.all([
          brotli(raw, {
            params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: raw.length },
          }),
          gzipAsync(raw, { level: 9 }),
        ]);
        if (br.length > raw.length * 0.9) return;
        await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        summary.files += 1;
        summary.bytes += raw.length;
        summary.brotliBytes += br.length;
        summary.gzipBytes += gz.length;
      })(),
    );
  }
  await Promise.all(jobs);
  return summary;
}

/** The Vite plugin: compresses the output folder once the build has written it (public files included). */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'pocketguide:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle(error?: Error) {
      // a failed build (which may have written nothing) has nothing worth compressing
      if (error || !existsSync(outDir)) return;
      const { files, bytes, brotliBytes, gzipBytes } = await precompressDir(outDir);
      const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
      this.info(`precompressed ${files} files: ${kb(bytes)} → ${kb(brotliBytes)} brotli, ${kb(gzipBytes)} gzip`);
    },
  };
}
