// The callbacks given to page.evaluate and page.waitForFunction run in the browser, so they are typed against the DOM.
/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The browser journeys' mouse drag (dragWithMouse) on a bare page with native HTML5 drag and drop: a target that
 * moves while the button is down, as a picture loading above it moves it, still gets the drop.
 */
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dragWithMouse, launchBrowser } from './browser.ts';

/** A handle and three rows; a row being dragged over shows a line; a drop records the row. The first dragover also
 * puts `shift` px of space above the rows, so the line just drawn is stale, as a picture loading above it makes it. */
const page = (shift: number) => `<!doctype html><body style="margin:0">
<div id="handle" draggable="true" style="height:40px;width:80px;background:#c00"></div>
<div id="space" style="height:0"></div>
<div id="list">${['a', 'b', 'c'].map((row) => `<div id="${row}" style="position:relative;height:60px;border:1px solid #999"></div>`).join('')}</div>
<script>
(() => {
  let line = null;
  window.dropped = null;
  handle.addEventListener('dragstart', (event) => {
    event.dataTransfer.setData('text/plain', 'x');
  });
  for (const row of list.children) {
    row.addEventListener('dragover', (event) => {
      event.preventDefault();
      if (line?.parentElement === row) return;
      line?.remove();
      space.style.height = '${shift}px';
      line = document.createElement('span');
      line.setAttribute('aria-hidden', 'true');
      row.append(line);
    });
    row.addEventListener('drop', (event) => { event.preventDefault(); window.dropped = row.id; });
  }
})();
</script>`;

describe('dragWithMouse', () => {
  let browser: Browser;
  let tab: Page;
  beforeAll(async () => {
    browser = await launchBrowser();
    tab = await browser.newPage();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('given a target that stays put, when dragged onto it, then it is dropped there', async () => {
    await tab.setContent(page(0));
    await dragWithMouse(tab, '#handle', { target: '#b', side: 'after', axis: 'y' }, '#b > span[aria-hidden]');
    expect(await tab.evaluate(() => (window as unknown as { dropped: string }).dropped)).toBe('b');
  });

  it('given a target pushed down by 90 px while the button is down, when dragged onto it, then it is still dropped there', async () => {
    await tab.setContent(page(90));
    await dragWithMouse(tab, '#handle', { target: '#a', side: 'before', axis: 'y' }, '#a > span[aria-hidden]');
    expect(await tab.evaluate(() => (window as unknown as { dropped: string }).dropped)).toBe('a');
  });

  it('given a line that never shows on the target, when dragged, then it fails naming what is under the mouse, and the button is released', async () => {
    await tab.setContent(page(0));
    await expect(
      dragWithMouse(tab, '#handle', { target: '#c', side: 'after', axis: 'y' }, '#c > em.never'),
    ).rejects.toThrow(/no drop line #c > em\.never .*under the mouse: <div id="c"/);
    // released: a new press and drag works
    await dragWithMouse(tab, '#handle', { target: '#a', side: 'after', axis: 'y' }, '#a > span[aria-hidden]');
    expect(await tab.evaluate(() => (window as unknown as { dropped: string }).dropped)).toBe('a');
  });
});
