// The callback given to page.evaluate runs in the browser, so it is typed against the DOM.
/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The section items of a content page as a person sees them, read from the screen the same way in the authors'
 * editor (`[data-item-type]` frames in the phone) and in the readers' viewer (`.pg-section > .pg-item` in
 * `.pg-root`), for the parity test (editor-viewer-parity.e2e.test.ts): each item's type, the left and right edge of
 * what it draws in the reading column, its words, and the layout of its parts (where an image+text's picture sits,
 * a table's rows, columns and header row, an air ticket's route and flight fields, a preparation's checkbox).
 */
import type { Page } from 'puppeteer-core';

/** What one item draws; edges in px from the reading column's left edge. */
export type ItemLayout = { type: string; left: number; right: number; text: string; parts: Record<string, unknown> };

/** The viewer's class for each section item type (contracts/viewer/render-items.ts). */
const VIEWER_CLASSES: Record<string, string> = {
  'pg-title': 'title',
  'pg-text': 'text',
  'pg-image': 'image',
  'pg-imagetext': 'imagetext',
  'pg-table': 'table',
  'pg-video': 'video',
  'pg-button-item': 'button',
  'pg-map': 'map',
  'pg-preparation': 'preparation',
  'pg-airticket': 'airticket',
  'pg-fold': 'accordion',
  'pg-activity-item': 'activity',
  'pg-day-heading': 'day',
};

/** Every section item on the page, in order, once its pictures have loaded. */
export async function itemLayouts(page: Page, side: 'editor' | 'viewer'): Promise<ItemLayout[]> {
  // pictures drawn lazily are loaded first, so that they have their height
  await page.$$eval('img', (images) => images.forEach((image) => (image.loading = 'eager')));
  await page.waitForFunction(() => [...document.images].every((image) => image.complete), { timeout: 15_000 }).catch(() => undefined);
  await Promise.race([page.evaluate(() => document.fonts.ready.then(() => undefined)), new Promise((resolve) => setTimeout(resolve, 5000))]);
  return page.evaluate(
    (side, classes) => {
      const squash = (text: string) => text.replace(/\s+/g, ' ').trim();
      const column = document.querySelector<HTMLElement>(side === 'editor' ? '[data-editor-surface][role="region"]' : '.pg-root');
      if (!column) throw new Error(`no reading column on the ${side}'s page`);
      const columnLeft = column.getBoundingClientRect().left + column.clientLeft;
      const columnWidth = column.clientWidth;
      const x = (value: number) => Math.round(value - columnLeft);
      const fraction = (value: number, of: number) => Math.round((value / of) * 50) / 50;
      // the editor's own chrome, which readers never get: the selected item's toolbars, the sticky image's label
      const chrome = (element: Element) => element.closest('[role="toolbar"], [data-editor-chrome]') !== null;
      // drawn, and not only for screen readers (a 1 px clipped box)
      const shown = (element: Element) => {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        return box.width > 1 && box.height > 1 && style.visibility !== 'hidden' && Number(style.opacity) > 0;
      };
      const visible = (colour: string) => !/rgba\(\d+, \d+, \d+, 0\)|transparent/.test(colour);
      const canvas = document.createElement('canvas').getContext('2d')!;

      /** The horizontal extent of what an element paints: its text, pictures, fields, borders and backgrounds. */
      const ink = (root: Element) => {
        let left = Infinity;
        let right = -Infinity;
        const add = (box: DOMRect) => {
          if (box.width === 0 && box.height === 0) return;
          left = Math.min(left, box.left);
          right = Math.max(right, box.right);
        };
        const visit = (element: Element) => {
          if (chrome(element) || !shown(element)) return;
          const style = getComputedStyle(element);
          const paints =
            ['IMG', 'IFRAME', 'CANVAS', 'VIDEO', 'svg'].includes(element.tagName) ||
            (['Top', 'Right', 'Bottom', 'Left'] as const).some(
              (side) => parseFloat(style[`border${side}Width`]) > 0 && style[`border${side}Style`] !== 'none' && visible(style[`border${side}Color`]),
            ) ||
            visible(style.backgroundColor) ||
            style.backgroundImage !== 'none';
          if (paints) add(element.getBoundingClientRect());
          else if ((element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) && element.type !== 'checkbox' && element.value.trim() !== '') {
            // a field without a frame of its own draws its text only: as wide as the text, from its padding
            const box = element.getBoundingClientRect();
            canvas.font = style.font;
            const width = Math.min(canvas.measureText(element.value).width, element.clientWidth);
            const start = box.left + element.clientLeft + parseFloat(style.paddingLeft);
            const from =
              style.textAlign === 'center'
                ? box.left + (box.width - width) / 2
                : style.textAlign === 'right' || style.textAlign === 'end'
                  ? box.right - element.clientLeft - parseFloat(style.paddingRight) - width
                  : start;
            add(new DOMRect(from, box.top, width, box.height));
          }
          for (const node of element.childNodes) {
            if (node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '') {
              const range = document.createRange();
              range.selectNodeContents(node);
              add(range.getBoundingClientRect());
            }
          }
          for (const child of element.children) visit(child);
        };
        visit(root);
        return { left, right };
      };

      /**
       * What a person reads in an element: its texts (words split where a block or a field ends, not where a bold
       * part does), and what its fields hold (inputs keep theirs in `value`).
       */
      const textOf = (root: Element) => {
        const texts: string[] = [];
        const walk = (node: Element) => {
          if (chrome(node) || !shown(node)) return;
          if (node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement) {
            if (node.type !== 'checkbox' && node.value.trim() !== '') texts.push(` ${node.value} `);
            return;
          }
          if (node.matches('[data-slate-editor]')) {
            texts.push(` ${(node as HTMLElement).innerText} `);
            return;
          }
          const block = !getComputedStyle(node).display.startsWith('inline');
          if (block) texts.push(' ');
          for (const child of node.childNodes) {
            if (child.nodeType === Node.TEXT_NODE) texts.push(child.textContent ?? '');
            else if (child instanceof Element) walk(child);
          }
          if (block) texts.push(' ');
        };
        walk(root);
        return squash(texts.join(''));
      };
      /** The size and weight of the first words an element shows. */
      const firstFont = (root: Element) => {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          if (!parent || (node.textContent ?? '').trim() === '' || chrome(parent) || !shown(parent)) continue;
          const style = getComputedStyle(parent);
          return `${style.fontSize} ${style.fontWeight}`;
        }
        return null;
      };

      const visibleImages = (root: Element) => [...root.querySelectorAll('img')].filter((image) => shown(image) && !chrome(image));
      /** The text part of an item: the editor's rich-text field, the viewer's `.pg-rich`. */
      const richText = (root: Element) => root.querySelector(side === 'editor' ? '[data-rich-text-field]' : '.pg-rich');

      const partsOf = (type: string, item: Element, width: number): Record<string, unknown> => {
        switch (type) {
          case 'image': {
            const image = visibleImages(item)[0];
            return { imageWidth: image ? fraction(image.getBoundingClientRect().width, width) : null };
          }
          case 'imagetext': {
            const image = visibleImages(item)[0];
            const text = richText(item);
            if (!image || !text) return { image: Boolean(image), text: Boolean(text) };
            const i = image.getBoundingClientRect();
            const t = text.getBoundingClientRect();
            const arrangement = i.bottom <= t.top + 1 ? 'image above text' : i.right <= t.left + 1 ? 'image left of text' : t.right <= i.left + 1 ? 'image right of text' : 'text above image';
            return { arrangement, imageWidth: fraction(i.width, width), textWidth: fraction(t.width, width) };
          }
          case 'table': {
            const table = item.querySelector('table');
            if (!table) return { table: false };
            const rows = [...table.rows];
            const cellLook = (cell: HTMLTableCellElement) => {
              const text = cell.querySelector('textarea, input') ?? cell;
              const weight = Number(getComputedStyle(text).fontWeight);
              const painted = [cell, ...cell.querySelectorAll('*')].some((element) => !/rgba\(0, 0, 0, 0\)|transparent/.test(getComputedStyle(element).backgroundColor));
              return { bold: weight >= 600, shaded: painted };
            };
            const first = rows[0] ? [...rows[0].cells].map(cellLook) : [];
            const others = rows.slice(1).flatMap((row) => [...row.cells].map(cellLook));
            // the first row is a header when all its cells are bold and shaded, and the other rows' are not
            const header = rows.length > 1 && first.every((cell) => cell.bold && cell.shaded) && others.every((cell) => !cell.bold && !cell.shaded);
            const tableWidth = table.getBoundingClientRect().width;
            return {
              rows: rows.length,
              columns: rows[0]?.cells.length ?? 0,
              header,
              headerCells: rows[0] ? [...rows[0].cells].map((cell) => cell.tagName.toLowerCase() === 'th' || cell.matches('[data-header-cell]')) : [],
              columnWidths: rows[0] ? [...rows[0].cells].map((cell) => fraction(cell.getBoundingClientRect().width, tableWidth)) : [],
            };
          }
          case 'airticket': {
            const route = item.querySelector(side === 'editor' ? '[data-flight-route]' : '.pg-flight-route');
            const valueOf = (element: Element | null) => {
              if (!element) return '';
              const field = element instanceof HTMLInputElement ? element : element.querySelector('input');
              return squash(field ? field.value : (element.textContent ?? ''));
            };
            const fields = [...item.querySelectorAll(side === 'editor' ? '[data-flight] > div' : '.pg-flight > div')]
              .filter((entry) => shown(entry))
              .map((entry) => [squash(entry.querySelector('dt')?.textContent ?? ''), valueOf(entry.querySelector('dd'))])
              .filter(([, value]) => value !== '');
            const ends = route ? [...route.children].filter((child) => !child.matches('[aria-hidden="true"]')).map((end) => valueOf(end) || squash(end.textContent ?? '')) : [];
            return { open: route !== null && shown(route), route: ends, fields, images: visibleImages(item).length };
          }
          case 'preparation': {
            const image = visibleImages(item)[0];
            const check = item.querySelector('input[type="checkbox"]');
            const title = item.querySelector(side === 'editor' ? '[data-rich-text-field]' : '.pg-card-title');
            if (!check || !title) return { check: Boolean(check), title: Boolean(title) };
            const c = check.getBoundingClientRect();
            const t = title.getBoundingClientRect();
            return {
              image: Boolean(image),
              imageAboveTitle: image ? image.getBoundingClientRect().bottom <= t.top + 1 : null,
              checkBesideTitle: c.left >= t.right - 1 && c.top < t.bottom && c.bottom > t.top,
            };
          }
          case 'accordion': {
            // the title's field, then the body's
            const body = side === 'editor' ? item.querySelectorAll('[data-rich-text-field]')[1] : item.querySelector('.pg-fold-body .pg-rich');
            return { images: visibleImages(item).length, body: body !== undefined && body !== null && shown(body) };
          }
          case 'title':
          case 'text':
          case 'day':
            return { font: firstFont(item) };
          default:
            return {};
        }
      };

      const items =
        side === 'editor'
          ? [...document.querySelectorAll<HTMLElement>('[data-item-type]')].map((element) => ({
              element,
              type: element.dataset.itemType ?? '',
            }))
          : [...document.querySelectorAll<HTMLElement>('.pg-section > .pg-item')].map((element) => ({
              element,
              type: Object.entries(classes).find(([name]) => element.classList.contains(name))?.[1] ?? 'unknown',
            }));
      return items.map(({ element, type }) => {
        const edges = ink(element);
        return {
          type,
          left: x(edges.left),
          right: x(edges.right),
          text: textOf(element),
          parts: partsOf(type, element, columnWidth),
        };
      });
    },
    side,
    VIEWER_CLASSES,
  );
}
