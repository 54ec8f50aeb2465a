import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { startStandalone } from '@pocketguide/standalone/app';
import { createChromiumThumbnailRenderer } from '@pocketguide/workers/thumbnails/chromium-thumbnail-renderer';
import { encodeThumbnail } from '@pocketguide/workers/thumbnails/thumbnail-image';
import { chromiumPath } from '../../test-support/browser.ts';
import { BENCH_ADMIN, benchDir, percentile, publishedSample, root, signInAdmin, type SuiteResult } from '../support.ts';

/**
 * Thumbnails of the published sample guidebook, drawn one after another in the system Chromium (warm browser):
 * - request to picture: `POST /api/admin/thumbnails/generate` until the guidebook list shows the new
 *   `thumbnailGeneratedAt` (the request event, the queue projection, the worker's wait for the readers' page, the
 *   drawing, WebP encoding, the blob, `RecordThumbnail` and the list projection), p50 and p95 of `runs`;
 * - beside the bare work it cannot avoid: the same renderer drawing the same page and sharp encoding it, called
 *   directly, warm, p50 and p95 (aim: the whole path at most 1.5 × the bare drawing at p50).
 */
export async function thumbnailsSuite(runs = 10): Promise<SuiteResult> {
  const webDist = resolve(root, 'web/dist');
  if (!existsSync(resolve(webDist, 'viewer.html')))
    throw new Error('web/dist/viewer.html is missing: run `npm run build -w @pocketguide/web` first');
  const app = await startStandalone({
    port: 0,
    dataDir: benchDir('thumbnails'),
    webDist,
    env: { LOG_LEVEL: 'warn', CHROMIUM_PATH: chromiumPath(), ...BENCH_ADMIN },
  });
  const bare = createChromiumThumbnailRenderer({ executablePath: chromiumPath() });
  try {
    const session = await signInAdmin(app.url);
    const { headers } = session;
    const { _id, uuid } = await publishedSample(app.url, session);

    const generatedAt = async (): Promise<string | null> => {
      const listed = (await (await fetch(`${app.url}/api/guidebooks/recent`, { headers })).json()) as {
        results: Array<{ _id: string; thumbnailGeneratedAt: string | null }>;
      };
      return listed.results.find((row) => row._id === _id)?.thumbnailGeneratedAt ?? null;
    };
    const requestToPicture = async (): Promise<number> => {
      const before = await generatedAt();
      const started = performance.now();
      const asked = await fetch(`${app.url}/api/admin/thumbnails/generate`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ guidebookId: _id }),
      });
      const answer = (await asked.json()) as { queued: number };
      if (asked.status !== 202 || answer.queued !== 1)
        throw new Error(`thumbnail request answered ${asked.status} ${JSON.stringify(answer)}`);
      for (;;) {
        const now = await generatedAt();
        if (now !== null && now !== before) return performance.now() - started;
        if (performance.now() - started > 60_000) throw new Error('no thumbnail within 60 s');
        await new Promise((done) => setTimeout(done, 10));
      }
    };

    // Warm both: the first drawing launches the browser.
    await requestToPicture();
    const pageUrl = `${app.url}/m/${uuid}?lang=ko`;
    const drawBare = async (): Promise<number> => {
      const started = performance.now();
      await encodeThumbnail(await bare.render(pageUrl));
      return performance.now() - started;
    };
    await drawBare();

    const whole: number[] = [];
    const direct: number[] = [];
    // Interleaved, so both see the same machine.
    for (let run = 0; run < runs; run += 1) {
      whole.push(await requestToPicture());
      direct.push(await drawBare());
    }
    whole.sort((a, b) => a - b);
    direct.sort((a, b) => a - b);
    const [wholeP50, wholeP95, directP50, directP95] = [
      percentile(whole, 50),
      percentile(whole, 95),
      percentile(direct, 50),
      percentile(direct, 95),
    ];
    return {
      suite: `thumbnails (published sample, ${runs} in a row, warm Chromium)`,
      figures: [
        {
          name: 'request to thumbnail listed, p50',
          value: wholeP50,
          unit: 'ms',
          baseline: { name: 'renderer + WebP encoding called directly, p50', value: directP50 },
          ratio: wholeP50 / directP50,
          aim: 'ratio <= 1.5',
        },
        {
          name: 'request to thumbnail listed, p95',
          value: wholeP95,
          unit: 'ms',
          baseline: { name: 'renderer + WebP encoding called directly, p95', value: directP95 },
          ratio: wholeP95 / directP95,
        },
      ],
    };
  } finally {
    await bare.close();
    await app.close();
  }
}
