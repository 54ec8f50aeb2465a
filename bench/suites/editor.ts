// The callbacks given to page.evaluate and page.waitForFunction run in the browser, so they are typed against the DOM.
/// <reference lib="dom" />
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'puppeteer-core';
import { newContentPage, newGuidebookDocument, richParagraph, type GuidebookDocument, type IdGenerator, type SectionItem } from '@pocketguide/contracts';
import { startStandalone } from '@pocketguide/standalone/app';
import { launchBrowser } from '../../test-support/browser.ts';
import { benchDir, percentile, root, signInAdmin, type Figure, type SuiteResult } from '../support.ts';

/**
 * The editor in the system Chromium (puppeteer), on the built web app served by the standalone product:
 * - keystroke to paint in a text item of a content page holding 200 items: `performance.now()` at the key's
 *   keydown, then after the next animation frame (a message posted from the frame callback runs once the frame is
 *   painted); p50 and p95 of `keys` keystrokes, beside the same on a page of 10 items (aim: p95 under 50 ms, and the
 *   200-item page no more than 2x the 10-item one: typing re-renders the item typed in, not the page);
 * - the auto-save's request body for a one-character edit (only the patches) beside the whole document as JSON.
 */
export async function editorSuite(keys = 80): Promise<SuiteResult> {
  // WEB_DIST, as the server's own setting: another build to compare (e.g. the main branch's, built elsewhere)
  const webDist = process.env.WEB_DIST ? resolve(process.env.WEB_DIST) : resolve(root, 'web/dist');
  if (!existsSync(resolve(webDist, 'index.html'))) throw new Error('web/dist is missing: run `npm run build -w @pocketguide/web` first');
  const admin = { ADMIN_EMAIL: 'bench-editor@example.com', ADMIN_PASSWORD: 'Bench1!pass' };
  const app = await startStandalone({ port: 0, dataDir: benchDir('editor'), webDist, env: { LOG_LEVEL: 'warn', ...admin } });
  const browser = await launchBrowser();
  try {
    const session = await signInAdmin(app.url, admin);
    const { headers } = session;

    const create = async (items: number) => {
      const doc = documentWithItems(items);
      const created = await fetch(`${app.url}/api/guidebooks`, { method: 'POST', headers, body: JSON.stringify(doc) });
      if (created.status !== 201) throw new Error(`create answered ${created.status}: ${await created.text()}`);
      const { _id, position } = (await created.json()) as { _id: string; position: number };
      const view = (await (await fetch(`${app.url}/api/guidebooks/${_id}?after=${position}`, { headers })).json()) as GuidebookDocument & { contents: { _id: string }[] };
      const stored: GuidebookDocument = { title: view.title, header: view.header, subheader: view.subheader, footer: view.footer, home: view.home, contents: view.contents };
      return { guidebookId: _id, contentId: view.contents[0]!._id, documentBytes: Buffer.byteLength(JSON.stringify(stored)) };
    };
    const big = await create(200);
    const small = await create(10);

    const page = await browser.newPage();
    await page.setViewport({ width: 1280, height: 900 });
    // leaving an editor with edits not saved yet asks first (beforeunload); the bench leaves anyway
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(`${app.url}/server_not_available`, { waitUntil: 'domcontentloaded' });
    await page.evaluate((stored) => localStorage.setItem('pocketguide.session', JSON.stringify(stored)), { ...session.user, token: session.token, language: 'en' });

    const bigTimes = await keystrokeTimes(page, `${app.url}/guidebooks/edit/${big.guidebookId}/contents/${big.contentId}`, 200, keys);
    const smallTimes = await keystrokeTimes(page, `${app.url}/guidebooks/edit/${small.guidebookId}/contents/${small.contentId}`, 10, keys);

    // ---- the auto-save's payload for one character
    await page.goto(`${app.url}/guidebooks/edit/${big.guidebookId}/contents/${big.contentId}`, { waitUntil: 'domcontentloaded' });
    await focusMiddleText(page, 200);
    const patchBody = new Promise<string>((resolveBody, reject) => {
      const timer = setTimeout(() => reject(new Error('no auto-save within 10 s')), 10_000);
      page.on('request', (request) => {
        if (request.method() === 'PATCH' && request.url().includes(`/api/guidebooks/${big.guidebookId}`)) {
          clearTimeout(timer);
          resolveBody(request.postData() ?? '');
        }
      });
    });
    await page.keyboard.type('x');
    const payloadBytes = Buffer.byteLength(await patchBody);

    const p = (times: number[], q: number) => percentile([...times].sort((a, b) => a - b), q);
    const bigP95 = p(bigTimes, 95);
    const smallP95 = p(smallTimes, 95);
    const figures: Figure[] = [
      { name: 'keystroke to paint, 200-item page, p50', value: p(bigTimes, 50), unit: 'ms', baseline: { name: '10-item page p50', value: p(smallTimes, 50) }, ratio: p(bigTimes, 50) / p(smallTimes, 50) },
      { name: 'keystroke to paint, 200-item page, p95', value: bigP95, unit: 'ms', baseline: { name: '10-item page p95', value: smallP95 }, ratio: bigP95 / smallP95, aim: '< 50 ms, ratio <= 2' },
      {
        name: 'auto-save body for a one-character edit',
        value: payloadBytes,
        unit: 'bytes',
        baseline: { name: 'whole document (200 items) as JSON, bytes', value: big.documentBytes },
        ratio: payloadBytes / big.documentBytes,
        aim: '< 0.01',
      },
    ];
    return { suite: 'editor (content page of 200 items)', figures };
  } finally {
    await browser.close();
    await app.close();
  }
}

function documentWithItems(count: number): GuidebookDocument {
  let next = 0;
  const ids: IdGenerator = { newId: () => `bench-${++next}` };
  const page = newContentPage('attractions', ids);
  const items: SectionItem[] = Array.from({ length: count }, (_, index) => ({
    _id: ids.newId(),
    type: 'text',
    isImportant: false,
    content: richParagraph(`Item ${index + 1}: a paragraph of guide text about a place worth seeing, long enough to wrap over two lines.`),
  }));
  return { ...newGuidebookDocument({ title: `Editor bench ${count}` }), contents: [{ ...page, sections: [{ _id: ids.newId(), items }] }] };
}

async function focusMiddleText(page: Page, count: number): Promise<void> {
  await page.waitForFunction((wanted) => document.querySelectorAll('[data-item-id]').length === wanted, { timeout: 30_000 }, count);
  const fields = await page.$$('[data-item-id] [contenteditable="true"]');
  const field = fields[Math.floor(fields.length / 2)];
  if (!field) throw new Error('no editable text item');
  await field.click();
  await page.keyboard.press('End');
}

/** Times from keydown to the frame after it, for `keys` typed characters (after 10 to warm up). */
async function keystrokeTimes(page: Page, url: string, count: number, keys: number): Promise<number[]> {
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  await focusMiddleText(page, count);
  await page.evaluate(() => {
    const times: number[] = [];
    Object.assign(window, { __keyTimes: times });
    window.addEventListener(
      'keydown',
      () => {
        const start = performance.now();
        requestAnimationFrame(() => {
          // a message posted from the frame callback is handled after that frame has been painted
          const channel = new MessageChannel();
          channel.port1.onmessage = () => times.push(performance.now() - start);
          channel.port2.postMessage(null);
        });
      },
      { capture: true },
    );
  });
  const text = 'the quick brown fox jumps over the lazy dog ';
  const typed = (index: number) => text[index % text.length]!;
  for (let index = 0; index < keys + 10; index++) {
    await page.keyboard.type(typed(index));
    await page.waitForFunction((wanted) => (window as unknown as { __keyTimes: number[] }).__keyTimes.length >= wanted, { timeout: 5000 }, index + 1);
  }
  const times = await page.evaluate(() => (window as unknown as { __keyTimes: number[] }).__keyTimes);
  return times.slice(10);
}
