/**
 * The editor's parts (Slate, the item types, the itinerary) come in a file of their own after its first screen
 * (web/src/features/editor-items/registry.tsx, issue 20); until then the cover's texts are drawn asleep. A tap on
 * one of them in that time is not lost (issue 22): it asks for the file at once, and the field wakes with the focus
 * when the file is here, so what is typed next lands in it. The file is held back by the test until after the tap.
 */
import type { Browser, HTTPRequest } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed, vi } from 'vitest';
import { newGuidebookDocument } from '@pocketguide/contracts';
import { launchBrowser, screenshot, WAIT_MS } from '../../../test-support/browser.ts';
import type { RunningStandalone } from '../src/app.ts';
import { createdGuidebook, verifiedUser, type SignedIn } from './testing/accounts.ts';
import {
  openEditorTab,
  PHONE_TOUCH,
  signInBrowser,
  startProductWithWeb,
  tapElement,
} from './testing/editor-browser.ts';

let app: RunningStandalone;
let author: SignedIn;
let browser: Browser;
let guidebookId: string;
const pageErrors: string[] = [];

beforeAll(async () => {
  app = await startProductWithWeb('editor-parts-');
  author = await verifiedUser(app.url, 'editor-parts@example.com');
  ({ id: guidebookId } = await createdGuidebook(
    app.url,
    author,
    newGuidebookDocument({ title: 'Osaka in three days' }),
  ));
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe('a tap on a cover text while the editor’s parts load (issue 22)', () => {
  it('wakes the field with the focus once they are here, and the typed text lands (ko-390, touch)', async () => {
    const page = await openEditorTab(browser, pageErrors);
    await page.setViewport(PHONE_TOUCH);
    await signInBrowser(page, app.url, author, 'kr');
    onTestFailed(async () => {
      await screenshot(page, 'editor-parts-load-failure').catch(() => undefined);
    });

    // the parts' file waits until the test lets it go
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const held: HTTPRequest[] = [];
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      if (/\/item-components-[^/]*\.js$/.test(new URL(request.url()).pathname)) {
        held.push(request);
        void released.then(() => request.continue());
      } else void request.continue();
    });

    await page.goto(`${app.url}/guidebooks/edit/${guidebookId}`, { waitUntil: 'load' });
    const header = '[data-rich-text-dormant][aria-label="헤더"]';
    await page.waitForSelector(header, { visible: true, timeout: WAIT_MS });
    // the cover is drawn and its texts sleep: Slate is not on the page
    expect(await page.$('[data-slate-editor]')).toBeNull();

    const { reached } = await tapElement(page, header);
    expect(reached).toBe(true);
    // the tap asked for the file (the idle time may have asked already): it is held until now
    await vi.waitFor(() => expect(held.length).toBeGreaterThan(0), { timeout: WAIT_MS });
    release();

    // the field wakes with the focus in Slate's editor
    await page.waitForFunction(
      () => {
        const focused = document.activeElement as HTMLElement | null;
        return focused?.dataset.slateEditor === 'true' && focused.getAttribute('aria-label') === '헤더';
      },
      { timeout: WAIT_MS },
    );
    await page.keyboard.type('Osaka');
    await page.waitForFunction(
      () => (document.activeElement as HTMLElement | null)?.innerText.replace(/\uFEFF/g, '').trim() === 'Osaka',
      { timeout: WAIT_MS },
    );
    expect(pageErrors).toEqual([]);
    await page.close();
  }, 90_000);
});
