// The callbacks given to page.evaluate and page.waitForFunction run in the browser, so they are typed against the DOM.
/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The journeys' wait before a screenshot (settled) on bare pages: it returns once a transition has ended, the
 * page-load progress bar has faded and a finite animation has run out, however long they take, and it does not
 * wait for an endless spinner.
 */
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, settled } from './browser.ts';

const opacityOf = (tab: Page, selector: string) =>
  tab.$eval(selector, (element) => Number(getComputedStyle(element).opacity));

describe('settled', () => {
  let browser: Browser;
  let tab: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    tab = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('given a 1.2 s fade just started, when settled, then the fade has ended', async () => {
    await tab.setContent(
      '<!doctype html><div id="box" style="width:50px;height:50px;background:#0e7268;opacity:0;transition:opacity 1.2s linear"></div>',
    );
    await tab.evaluate(() => {
      const box = document.getElementById('box')!;
      // the start value is drawn first (reading the box's size lays it out), so the change below starts a transition
      void box.getBoundingClientRect();
      box.style.opacity = '1';
    });
    const started = Date.now();
    await settled(tab);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);
    expect(await opacityOf(tab, '#box')).toBe(1);
  });

  it('given the page-load progress bar still shown, when settled, then it has faded out', async () => {
    await tab.setContent(
      '<!doctype html><div data-testid="page-progress" style="height:3px;background:#f26b4b;opacity:1;transition:opacity 150ms"></div>',
    );
    // the product hides the bar once the page has loaded, here 800 ms later
    await tab.evaluate(() => {
      setTimeout(
        () => (document.querySelector<HTMLElement>('[data-testid="page-progress"]')!.style.opacity = '0'),
        800,
      );
    });
    await settled(tab);
    expect(await opacityOf(tab, '[data-testid="page-progress"]')).toBe(0);
  });

  it('given an endless spinner beside a finite animation, when settled, then only the finite one is waited for', async () => {
    await tab.setContent(`<!doctype html><style>
      @keyframes spin { to { transform: rotate(360deg) } }
      @keyframes grow { from { width: 0 } to { width: 100px } }
      </style>
      <div id="spinner" style="width:20px;height:20px;background:#999;animation:spin 0.8s linear infinite"></div>
      <div id="bar" style="height:10px;background:#0e7268;width:100px;animation:grow 0.9s linear"></div>`);
    await settled(tab);
    const running = await tab.evaluate(() =>
      document.getAnimations().map((animation) => [(animation as CSSAnimation).animationName, animation.playState]),
    );
    expect(running).toEqual([['spin', 'running']]);
    expect(await tab.$eval('#bar', (bar) => bar.getBoundingClientRect().width)).toBe(100);
  });
});
