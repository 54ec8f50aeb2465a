// The callbacks given to page.evaluate and page.waitForFunction run in the browser, so they are typed against the DOM.
/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * Air tickets' flight fields and the preparations checklist (issue 22), end to end in system Chromium, in Korean
 * and English, by touch alone on a 390 × 844 phone (`page.touchscreen`, pointerType 'touch') and by keyboard alone
 * on a 1280 × 800 desktop (after focusing the first control of the journey):
 *  1. the author adds an air ticket and fills its route, airline, flight number, departure, arrival and seat, each
 *     field reached by a tap (nothing drawn over it) or by Tab; the ticket shows its times as readers read them,
 *     and after the save the reader's page (/m/{uuid}) shows the same flight on an open card;
 *  2. the author adds a preparation and types its title and body; the readers' checkbox is drawn beside the title
 *     and is not the author's to tick;
 *  3. a reader ticks a preparation at /m/{uuid} by a tap or by Space: the tick stays after a reload on that
 *     device, another device (a fresh browser profile) starts unticked, and unticking leaves nothing behind.
 * The date and time pickers are driven as their fields take keys (month, day, year, Tab, hour, minute, AM/PM in
 * Chromium's en-US): a phone's own picker is the system's, not the page's.
 * Screenshots: test-output/screenshots/editor-ticket-*.png, editor-checklist-*.png. Needs the web app built.
 */
import type { Browser, Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { cloneWithFreshIds, richTextToPlain, sampleGuidebook, type ContentPage } from '@pocketguide/contracts';
import { flightTimeText } from '@pocketguide/contracts/viewer/render-items';
import { VIEWER_TEXTS } from '@pocketguide/contracts/viewer/viewer-texts';
import { randomBytes } from 'node:crypto';
import { builtWebDist, launchBrowser, screenshot, WAIT_MS } from '../../../test-support/browser.ts';
import { bearer, startWithAdmin, type SignedIn, type StartedWithAdmin } from './testing/accounts.ts';
import { DESKTOP_KEYBOARD, PHONE_TOUCH, focusedElement, openEditorTab, signInBrowser, tapElement, waitForSaved, windowShot } from './testing/editor-browser.ts';

type Language = 'kr' | 'en';
type Mode = 'touch' | 'keyboard';
type Book = { id: string; uuid: string; airtickets: string; preparations: string };

const LANGUAGES: readonly Language[] = ['kr', 'en'];
const MODES: readonly Mode[] = ['touch', 'keyboard'];
const TEXTS = {
  kr: {
    addTicket: '항공권 추가',
    addPreparation: '준비물 추가',
    from: '출발 공항',
    to: '도착 공항',
    check: '준비 완료',
    reader: VIEWER_TEXTS.ko,
  },
  en: {
    addTicket: 'Add Air ticket',
    addPreparation: 'Add Preparation',
    from: 'From airport',
    to: 'To airport',
    check: 'Done',
    reader: VIEWER_TEXTS.en,
  },
} as const;

/** What each journey types: a flight, and a preparation. */
const FLIGHT = {
  title: { kr: '오사카 가는 날', en: 'Off to Osaka' },
  from: 'ICN',
  to: 'KIX',
  airline: { kr: '아시아나항공', en: 'Asiana Airlines' },
  flightNumber: 'OZ112',
  departs: { keys: ['05', '02', '2026', 'Tab', '09', '10', 'A'], value: '2026-05-02T09:10' },
  arrives: { keys: ['05', '02', '2026', 'Tab', '11', '05', 'A'], value: '2026-05-02T11:05' },
  seat: '41K',
} as const;
const PREPARATION = {
  title: { kr: '여권 사본', en: 'Passport copy' },
  body: { kr: '휴대폰에 사진으로 한 장', en: 'A photo of it on the phone' },
} as const;

let product: StartedWithAdmin;
let author: SignedIn;
let browser: Browser;
const pageErrors: string[] = [];
const books: Partial<Record<Language, Book>> = {};

async function api(path: string, method = 'GET', body?: unknown): Promise<Response> {
  return fetch(`${product.baseUrl}/api${path}`, {
    method,
    headers: { ...bearer(author.token), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** The sample in the language, saved and published. */
async function createBook(language: Language): Promise<Book> {
  const doc = cloneWithFreshIds(sampleGuidebook(language), { newId: () => randomBytes(12).toString('hex') });
  const created = await api('/guidebooks', 'POST', doc);
  expect(created.status).toBe(201);
  const { _id: id, uuid } = (await created.json()) as { _id: string; uuid: string };
  expect((await api(`/guidebooks/${id}/publish`, 'PUT')).status).toBe(200);
  const { contents } = (await (await api(`/guidebooks/${id}`)).json()) as { contents: ContentPage[] };
  const airtickets = contents.find((content) => content.contentType === 'airtickets');
  const preparations = contents.find((content) => content.contentType === 'preparations');
  if (!airtickets || !preparations) throw new Error('the sample lacks its air tickets or preparations page');
  return { id, uuid, airtickets: airtickets._id, preparations: preparations._id };
}

beforeAll(async () => {
  product = await startWithAdmin('editor-ticket-checklist', { webDist: builtWebDist() });
  author = await product.newUser('ticket-author');
  const subscribed = await fetch(`${product.baseUrl}/api/subscriptions/admin/subscribe`, {
    method: 'POST',
    headers: { ...bearer(product.admin.token), 'content-type': 'application/json' },
    body: JSON.stringify({ customerUid: author.user.id }),
  });
  expect(subscribed.status).toBe(200);
  for (const language of LANGUAGES) books[language] = await createBook(language);
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await product?.app.close();
});

const book = (language: Language): Book => {
  const found = books[language];
  if (!found) throw new Error(`no guidebook in ${language}`);
  return found;
};

async function openEditor(language: Language, mode: Mode, contentId: string, name: string): Promise<Page> {
  const page = await openEditorTab(browser, pageErrors);
  await page.setViewport(mode === 'touch' ? PHONE_TOUCH : DESKTOP_KEYBOARD);
  await signInBrowser(page, product.baseUrl, author, language);
  await page.goto(`${product.baseUrl}/guidebooks/edit/${book(language).id}/contents/${contentId}`, {
    waitUntil: 'networkidle0',
  });
  await page.waitForSelector('[data-item-type]');
  onTestFailed(async () => {
    await screenshot(page, `editor-ticket-failure-${name}`).catch(() => undefined);
  });
  return page;
}

/** Adds an item with the page's one add button (a tap, or Enter on it) and returns the new item's id once its first field has the focus. */
async function addItem(page: Page, mode: Mode, label: string): Promise<string> {
  const before = await page.$$eval('[data-item-id]', (items) => items.map((item) => item.getAttribute('data-item-id')));
  const add = `button[aria-label="${label}"]`;
  if (mode === 'touch') await tapElement(page, add);
  else {
    await page.focus(add);
    await page.keyboard.press('Enter');
  }
  const added = await page.waitForFunction(
    (known) => {
      const item = document.activeElement?.closest('[data-item-id]');
      const id = item?.getAttribute('data-item-id');
      return id && !known.includes(id) ? id : null;
    },
    { timeout: WAIT_MS },
    before,
  );
  return (await added.jsonValue()) as string;
}

/** The id of the focused element, or its accessible name when it has no id. */
const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id || document.activeElement?.getAttribute('aria-label') || '');

/** Types keys into the focused field: 'Tab' is a key press, anything else is typed. */
async function typeKeys(page: Page, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    if (key === 'Tab') await page.keyboard.press('Tab');
    else await page.keyboard.type(key);
  }
}

/** Opens the reader's page in `page` and reloads until it shows `ready` (the reader's copy follows the saves). */
async function openReader(page: Page, url: string, ready: { selector: string; text?: string }): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    await page.goto(url, { waitUntil: 'load' });
    const found = await page
      .waitForFunction(
        (selector, text) => [...document.querySelectorAll<HTMLElement>(selector)].some((element) => text === undefined || element.innerText.includes(text)),
        { timeout: 2000 },
        ready.selector,
        ready.text,
      )
      .catch(() => null);
    if (found) return;
    if (Date.now() > deadline) throw new Error(`the reader's page never showed ${ready.selector} ${ready.text ?? ''}`);
  }
}

async function readerTab(context: { newPage(): Promise<Page> }, mode: Mode): Promise<Page> {
  const page = await context.newPage();
  await page.setViewport(mode === 'touch' ? PHONE_TOUCH : DESKTOP_KEYBOARD);
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  return page;
}

describe('air tickets and the preparations checklist by touch and by keyboard (issue 22)', () => {
  for (const language of LANGUAGES) {
    for (const mode of MODES) {
      const tag = `${language === 'kr' ? 'ko' : 'en'}-${mode === 'touch' ? '390' : '1280'}`;
      const texts = TEXTS[language];

      it(`fills an air ticket's flight fields by ${mode}, and readers get the flight (${tag})`, async () => {
        const { airtickets, uuid } = book(language);
        const page = await openEditor(language, mode, airtickets, `ticket-${tag}`);
        const ticketId = await addItem(page, mode, texts.addTicket);
        const ticket = `[data-item-id="${ticketId}"]`;
        expect(await page.$eval(ticket, (item) => item.getAttribute('data-item-type'))).toBe('airticket');
        // the new ticket's title has the focus
        await page.keyboard.type(FLIGHT.title[language]);

        const fields = [
          { selector: `${ticket} input[aria-label="${texts.from}"]`, id: texts.from, keys: [FLIGHT.from] },
          { selector: `${ticket} input[aria-label="${texts.to}"]`, id: texts.to, keys: [FLIGHT.to] },
          { selector: `[id="${ticketId}-airline"]`, id: `${ticketId}-airline`, keys: [FLIGHT.airline[language]] },
          { selector: `[id="${ticketId}-flightNumber"]`, id: `${ticketId}-flightNumber`, keys: [FLIGHT.flightNumber] },
          { selector: `[id="${ticketId}-departs"]`, id: `${ticketId}-departs`, keys: FLIGHT.departs.keys, time: true },
          { selector: `[id="${ticketId}-arrives"]`, id: `${ticketId}-arrives`, keys: FLIGHT.arrives.keys, time: true },
          { selector: `[id="${ticketId}-seat"]`, id: `${ticketId}-seat`, keys: [FLIGHT.seat] },
        ];
        let afterTime = false;
        for (const field of fields) {
          if (mode === 'touch') {
            // a time is tapped near its start, on its first part (the month), as a finger lands on the field's text
            const tap = await tapElement(page, field.selector, field.time ? 0.08 : 0.5);
            expect(tap.reached, `the tap reaches ${field.id}, not ${tap.drawn}`).toBe(true);
          } else {
            // Tab from where the last field left the focus (the title, then each field): the next in the ticket's
            // order; a time field's picker button takes one Tab of its own
            await page.keyboard.press('Tab');
            if (afterTime && (await focusedId(page)) !== field.id) await page.keyboard.press('Tab');
          }
          afterTime = field.time === true;
          expect(await focusedId(page), `${field.id} has the focus`).toBe(field.id);
          await typeKeys(page, field.keys);
        }
        if (mode === 'keyboard') await page.keyboard.press('Tab');
        else await tapElement(page, `${ticket} [data-flight-route]`, 0.5);

        const values = await page.$$eval(`${ticket} input:not([type="file"])`, (inputs) => inputs.map((input) => (input as HTMLInputElement).value));
        expect(values).toEqual([FLIGHT.from, FLIGHT.to, FLIGHT.airline[language], FLIGHT.flightNumber, FLIGHT.departs.value, FLIGHT.arrives.value, FLIGHT.seat, '']);
        // the times read as readers read them once the picker is left
        const reads = (value: string) => flightTimeText(value, texts.reader);
        const shownTimes = await page.$$eval(`${ticket} [data-flight] dd span[aria-hidden="true"]`, (spans) => spans.map((span) => span.textContent));
        expect(shownTimes).toEqual([reads(FLIGHT.departs.value), reads(FLIGHT.arrives.value)]);
        await page.$eval(ticket, (item) => item.scrollIntoView({ block: 'center', behavior: 'instant' }));
        await windowShot(page, `editor-ticket-fields-${tag}`);
        await waitForSaved(page);
        await page.close();

        // the reader's open card shows the same flight
        const reader = await readerTab(browser, mode);
        await openReader(reader, `${product.baseUrl}/m/${uuid}/contents/${airtickets}`, {
          selector: '.pg-airticket',
          text: FLIGHT.seat,
        });
        const card = await reader.$$eval(
          '.pg-airticket',
          (cards, seat) => {
            const last = cards.filter((candidate) => (candidate as HTMLElement).innerText.includes(seat)).at(-1)!;
            last.setAttribute('data-test-target', '');
            const text = (selector: string) => last.querySelector(selector)?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
            return {
              title: text('.pg-ticket-title'),
              route: [...last.querySelectorAll('.pg-flight-route > span:not([aria-hidden])')].map((end) => end.textContent),
              fields: [...last.querySelectorAll('.pg-flight dd')].map((value) => value.textContent),
            };
          },
          FLIGHT.seat,
        );
        expect(card).toEqual({
          title: FLIGHT.title[language],
          route: [FLIGHT.from, FLIGHT.to],
          fields: [FLIGHT.airline[language], FLIGHT.flightNumber, reads(FLIGHT.departs.value), reads(FLIGHT.arrives.value), FLIGHT.seat],
        });
        await reader.$eval('.pg-airticket[data-test-target]', (item) => item.scrollIntoView({ block: 'center', behavior: 'instant' }));
        await windowShot(reader, `editor-ticket-reader-${tag}`);
        await reader.close();
        expect(pageErrors).toEqual([]);
      }, 120_000);

      it(`writes a preparation by ${mode}, the readers' checkbox beside its title (${tag})`, async () => {
        const { preparations } = book(language);
        const page = await openEditor(language, mode, preparations, `checklist-author-${tag}`);
        const itemId = await addItem(page, mode, texts.addPreparation);
        const item = `[data-item-id="${itemId}"]`;
        expect(await page.$eval(item, (element) => element.getAttribute('data-item-type'))).toBe('preparation');
        // the title has the focus; the body is the next field (the readers' checkbox is not the author's to reach)
        await page.keyboard.type(PREPARATION.title[language]);
        // the second rich field of the card: its body
        await page.$eval(item, (element) => element.querySelectorAll('[data-rich-text-field] [contenteditable="true"]')[1]?.setAttribute('data-test-body', ''));
        const body = `${item} [data-test-body]`;
        if (mode === 'touch') {
          const tap = await tapElement(page, body);
          expect(tap.reached, `the tap reaches the body, not ${tap.drawn}`).toBe(true);
        } else await page.keyboard.press('Tab');
        await page.waitForFunction((selector) => document.activeElement === document.querySelector(selector), { timeout: 5000 }, body);
        await page.keyboard.type(PREPARATION.body[language]);

        const drawn = await page.$eval(item, (element) => {
          const fields = element.querySelectorAll<HTMLElement>('[data-rich-text-field]');
          const check = element.querySelector<HTMLInputElement>('input[type="checkbox"]')!;
          const title = fields[0]!.getBoundingClientRect();
          const box = check.getBoundingClientRect();
          return {
            title: fields[0]!.innerText.trim(),
            body: fields[1]!.innerText.trim(),
            besideTitle: box.left >= title.right - 1 && box.top < title.bottom && box.bottom > title.top,
            label: check.closest('label')?.innerText.trim(),
            disabled: check.disabled,
          };
        });
        expect(drawn).toEqual({
          title: PREPARATION.title[language],
          body: PREPARATION.body[language],
          besideTitle: true,
          label: texts.check,
          disabled: true,
        });
        // the author's tap on the checkbox ticks nothing: the ticks are the readers'
        if (mode === 'touch') await tapElement(page, `${item} input[type="checkbox"]`);
        else await page.$eval(`${item} input[type="checkbox"]`, (check) => (check as HTMLInputElement).click());
        expect(await page.$eval(`${item} input[type="checkbox"]`, (check) => (check as HTMLInputElement).checked)).toBe(false);
        await page.$eval(item, (element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
        await windowShot(page, `editor-checklist-author-${tag}`);
        await waitForSaved(page);
        await page.close();
        expect(pageErrors).toEqual([]);
      }, 120_000);

      it(`keeps a reader's tick by ${mode} on the reader's device only (${tag})`, async () => {
        const { uuid, preparations } = book(language);
        const { contents } = (await (await api(`/guidebooks/${book(language).id}`)).json()) as {
          contents: ContentPage[];
        };
        const items = contents.find((content) => content._id === preparations)?.sections.flatMap((section) => section.items) ?? [];
        // the last preparation of the page: the one the author wrote above when that test ran, else the sample's
        const target = items.filter((entry) => entry.type === 'preparation').at(-1);
        if (!target) throw new Error('no preparation on the page');
        const url = `${product.baseUrl}/m/${uuid}/contents/${preparations}`;
        const check = `input[data-check="${target._id}"]`;
        const checked = (page: Page) =>
          page.$eval(check, (input) => ({
            checked: (input as HTMLInputElement).checked,
            marked: input.closest('.pg-preparation')!.classList.contains('is-checked'),
          }));

        const device = await browser.createBrowserContext();
        try {
          const reader = await readerTab(device, mode);
          await openReader(reader, url, { selector: check });
          expect(await checked(reader)).toEqual({ checked: false, marked: false });
          const tick = async () => {
            if (mode === 'touch') {
              const tap = await tapElement(reader, check);
              expect(tap.reached, `the tap reaches the checkbox, not ${tap.drawn}`).toBe(true);
            } else {
              // Tab from the top of the page to the checkbox (named after its preparation), then Space
              const focused = () => reader.evaluate((selector) => document.activeElement === document.querySelector(selector), check);
              for (let press = 0; press < 60 && !(await focused()); press += 1) await reader.keyboard.press('Tab');
              expect(await focused(), 'Tab reaches the checkbox').toBe(true);
              // named after its preparation, for a screen reader
              expect((await focusedElement(reader)).name).toBe(`${texts.reader.checkDone}: ${richTextToPlain(target.title).trim()}`);
              await reader.keyboard.press('Space');
            }
          };
          await tick();
          expect(await checked(reader)).toEqual({ checked: true, marked: true });
          await reader.$eval(check, (input) => input.closest('.pg-preparation')!.scrollIntoView({ block: 'center', behavior: 'instant' }));
          await windowShot(reader, `editor-checklist-reader-ticked-${tag}`);
          // kept on this device: a reload shows it ticked
          await reader.reload({ waitUntil: 'load' });
          await reader.waitForSelector(check);
          expect(await checked(reader)).toEqual({ checked: true, marked: true });

          // another device starts unticked
          const other = await browser.createBrowserContext();
          try {
            const elsewhere = await readerTab(other, mode);
            await openReader(elsewhere, url, { selector: check });
            expect(await checked(elsewhere)).toEqual({ checked: false, marked: false });
          } finally {
            await other.close();
          }

          // unticking leaves nothing behind on this device
          await tick();
          expect(await checked(reader)).toEqual({ checked: false, marked: false });
          expect(await reader.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('pocketguide.viewer.check.')))).toEqual([]);
          await reader.reload({ waitUntil: 'load' });
          await reader.waitForSelector(check);
          expect(await checked(reader)).toEqual({ checked: false, marked: false });
        } finally {
          await device.close();
        }
        expect(pageErrors).toEqual([]);
      }, 120_000);
    }
  }
});
