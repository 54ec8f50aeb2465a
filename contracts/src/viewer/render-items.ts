import type {
  Activity,
  Card,
  ContentPage,
  Day,
  Flight,
  ImageSet,
  Meal,
  RichNode,
  SectionItem,
  SubActivity,
} from '../guidebook/guidebook-document.ts';
import { ICONS, attr, escapeHtml, safeAsset, safeLink } from './html.ts';
import { isUnplacedMap, mapZoom } from './map-zoom.ts';
import { plainText, richTextHtml, richTextInlineHtml, textWithPhoneLinks } from './render-rich-text.ts';
import type { ViewerTexts } from './viewer-texts.ts';

/**
 * Section items, itinerary days and cover cards in view mode (spec 1 §3, §4): sticky images, accordions as native
 * `details` (collapsed until tapped, no script needed), air tickets as open cards with their flight's details (a
 * reader at the gate needs the seat without a tap; the editor draws them the same), maps as a static card linking out to
 * OpenStreetMap (no tile requests) with a 'Show map' button the script turns into an interactive map on tap
 * (web/src/viewer/interactive-map.ts), videos as a light facade the script swaps for the player on tap.
 */

// ---------------------------------------------------------------- images

/** Widths of the stored sizes (IMAGE_VARIANT_WIDTHS); the sample's pictures are smaller, which srcset tolerates. */
const SIZES = { small: 320, medium: 640, large: 1280 } as const;
/** The reading column is at most 435 px wide (spec 1 §9). */
const COLUMN_SIZES = '(min-width: 435px) 435px, 100vw';

export type ImageOptions = { alt?: string; className?: string; sizes?: string; eager?: boolean };

export function imageHtml(
  image: ImageSet,
  { alt = '', className, sizes = COLUMN_SIZES, eager = false }: ImageOptions = {},
): string {
  const small = safeAsset(image.small);
  const medium = safeAsset(image.medium);
  const large = safeAsset(image.large);
  const src = medium ?? large ?? small;
  if (!src) return '';
  const srcset = [
    small && `${small} ${SIZES.small}w`,
    medium && `${medium} ${SIZES.medium}w`,
    large && `${large} ${SIZES.large}w`,
  ]
    .filter(Boolean)
    .join(', ');
  // The cover picture is the largest paint: fetched first and decoded in step with the page; the rest lazily.
  return `<img${attr('class', className)}${attr('src', src)}${attr('srcset', srcset)}${attr('sizes', sizes)}${attr('alt', alt)}${
    eager ? ' fetchpriority="high"' : ' loading="lazy" decoding="async"'
  }>`;
}

/** Every picture a document shows, for the offline cache (each in the sizes the page may pick). */
export function imageSetsOf(value: unknown, into: ImageSet[] = []): ImageSet[] {
  if (Array.isArray(value)) {
    for (const entry of value) imageSetsOf(entry, into);
  } else if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    if (typeof record.large === 'string' && typeof record.medium === 'string' && typeof record.small === 'string') {
      into.push({ large: record.large, medium: record.medium, small: record.small });
    } else {
      for (const entry of Object.values(record)) imageSetsOf(entry, into);
    }
  }
  return into;
}

// ---------------------------------------------------------------- small parts

const plainBlank = (value: readonly RichNode[]) => plainText(value).trim() === '';

const importantBadge = (texts: ViewerTexts) =>
  `<span class="pg-badge">${ICONS.star}${escapeHtml(texts.important)}</span>`;

const rich = (value: readonly RichNode[], className = 'pg-rich') =>
  plainBlank(value) ? '' : `<div class="${className}">${richTextHtml(value)}</div>`;

/** CSS grid columns in proportion to the author's column widths. */
function gridColumns(widths: readonly number[], count: number): string {
  const columns = Array.from({ length: count }, (_, index) => Math.max(1, Math.round(widths[index] ?? 100)));
  return `grid-template-columns:${columns.map((width) => `${width}fr`).join(' ')}`;
}

/** The item's place on openstreetmap.org, framed like the interactive map (the level → zoom rule is in map-zoom.ts). */
export function openStreetMapUrl(latitude: number, longitude: number, level: number): string {
  const lat = latitude.toFixed(6);
  const lon = longitude.toFixed(6);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=${mapZoom(level)}/${lat}/${lon}`;
}

/** The 11-character id of a YouTube address (watch, youtu.be, embed, shorts, live), or null. */
export function youTubeId(url: string): string | null {
  const match =
    /(?:youtube(?:-nocookie)?\.com\/(?:watch\?(?:[^#]*&)?v=|embed\/|shorts\/|live\/|v\/)|youtu\.be\/)([\w-]{11})(?![\w-])/i.exec(
      url,
    );
  return match?.[1] ?? null;
}

// ---------------------------------------------------------------- section items

export function sectionItemHtml(item: SectionItem, texts: ViewerTexts): string {
  const important = item.isImportant && item.type !== 'image';
  const classes = (kind: string, extra = '') => `pg-item pg-${kind}${important ? ' is-important' : ''}${extra}`;
  const badge = important ? importantBadge(texts) : '';
  switch (item.type) {
    case 'title':
      return plainBlank(item.content)
        ? ''
        : `<div class="${classes('title')}">${badge}${richTextHtml(item.content, { headingLevel: 2 })}</div>`;
    case 'text':
      return plainBlank(item.content)
        ? ''
        : `<div class="${classes('text')} pg-rich">${badge}${richTextHtml(item.content)}</div>`;
    case 'image': {
      // Not uploaded yet: the editor shows a placeholder; readers see nothing.
      if (!item.image) return '';
      const sticky = item.isImportant;
      return `<figure class="pg-item pg-image${sticky ? ' is-sticky' : ''}"${sticky ? attr('data-sticky', texts.sticky) : ''}>${imageHtml(item.image)}</figure>`;
    }
    case 'imagetext':
      return `<div class="${classes('imagetext')}">${badge}${item.image ? `<figure>${imageHtml(item.image)}</figure>` : ''}${rich(item.content)}</div>`;
    case 'table': {
      const rows = item.content.slice(0, item.rows);
      const cols = item.cols;
      const widths = Array.from({ length: cols }, (_, index) => Math.max(40, item.colWidths[index] ?? 100));
      const total = widths.reduce((sum, width) => sum + width, 0);
      // Within the reading column the columns keep their proportions; a wider table scrolls sideways.
      const tableStyle = total > 440 ? ` style="min-width:${total}px"` : '';
      const colgroup = `<colgroup>${widths.map((width) => `<col style="width:${((width / total) * 100).toFixed(2)}%">`).join('')}</colgroup>`;
      const cells = (row: readonly string[] | undefined, tag: 'th' | 'td') =>
        Array.from(
          { length: cols },
          (_, index) =>
            `<${tag}${tag === 'th' ? ' scope="col"' : ''}>${textWithPhoneLinks(row?.[index] ?? '')}</${tag}>`,
        ).join('');
      const [head, ...body] = rows;
      const hasHead = rows.length > 1;
      const thead = hasHead ? `<thead><tr>${cells(head, 'th')}</tr></thead>` : '';
      const tbody = `<tbody>${(hasHead ? body : rows).map((row) => `<tr>${cells(row, 'td')}</tr>`).join('')}</tbody>`;
      return `<div class="${classes('table')}">${badge}<div class="pg-table-scroll" tabindex="0"><table${tableStyle}>${colgroup}${thead}${tbody}</table></div></div>`;
    }
    case 'video': {
      if (item.url === '') return '';
      const id = youTubeId(item.url);
      if (id) {
        return `<div class="${classes('video')}">${badge}<button type="button" class="pg-video-facade" data-video="${escapeHtml(id)}"${attr('aria-label', texts.playVideo)}><span class="pg-video-play">${ICONS.play}</span><span class="pg-video-label">YouTube</span></button></div>`;
      }
      const href = safeLink(item.url);
      return href
        ? `<div class="${classes('video')}">${badge}<a class="pg-link-card" href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">${ICONS.play}<span>${escapeHtml(texts.openVideo)}</span>${ICONS.external}</a></div>`
        : '';
    }
    case 'button': {
      const title = item.title.trim() === '' ? item.url : item.title;
      if (title === '') return '';
      const href = safeLink(item.url);
      return href
        ? `<div class="${classes('button-item')}">${badge}<a class="pg-button" href="${escapeHtml(href)}" target="_blank" rel="noopener noreferrer">${escapeHtml(title)}${ICONS.external}<span class="pg-sr">(${escapeHtml(texts.openLink)})</span></a></div>`
        : `<div class="${classes('button-item')}">${badge}<span class="pg-button is-disabled">${escapeHtml(title)}</span></div>`;
    }
    case 'map': {
      // never placed: the picker's starting point is not a place the author chose
      if (isUnplacedMap(item)) return '';
      const lat = item.latitude.toFixed(5);
      const lon = item.longitude.toFixed(5);
      // The drawn card is the first paint (no request leaves the site); the button beside it (a button cannot sit in
      // a link) carries what the script needs to put a real map in the card's place once the reader asks for it.
      const show = `<button type="button" class="pg-map-show" data-map${attr('data-lat', item.latitude)}${attr('data-lon', item.longitude)}${attr('data-level', item.level)}${attr(
        'data-address',
        item.address.trim(),
      )}>${ICONS.pin}<span>${escapeHtml(texts.showMap)}</span></button>`;
      return `<div class="${classes('map')}">${badge}<div class="pg-map-box"><a class="pg-map-card" href="${escapeHtml(openStreetMapUrl(item.latitude, item.longitude, item.level))}" target="_blank" rel="noopener noreferrer"><span class="pg-map-art" aria-hidden="true"><span class="pg-map-pin">${ICONS.pin}</span></span><span class="pg-map-text">${
        item.address.trim() === '' ? '' : `<strong class="pg-map-address">${escapeHtml(item.address)}</strong>`
      }<span class="pg-map-coords">${escapeHtml(texts.coordinates)} ${lat}, ${lon}</span><span class="pg-map-open">${escapeHtml(texts.openMap)}${ICONS.external}</span></span></a>${show}</div></div>`;
    }
    case 'preparation': {
      // A checklist the reader ticks: the script keeps each tick on the reader's device (web/src/viewer/checklist.ts).
      const name = plainText(item.title).trim();
      const check = `<label class="pg-check"><input type="checkbox" data-check="${escapeHtml(item._id)}"${attr('aria-label', name === '' ? texts.checkDone : `${texts.checkDone}: ${name}`)}${attr(
        'title',
        texts.checkSavedHere,
      )}><span aria-hidden="true">${escapeHtml(texts.checkDone)}</span></label>`;
      return `<div class="${classes('preparation')}">${item.image ? `<figure>${imageHtml(item.image)}</figure>` : ''}<div class="pg-card-body">${badge}<div class="pg-prep-head">${
        plainBlank(item.title)
          ? '<span class="pg-card-title"></span>'
          : `<h3 class="pg-card-title">${richTextInlineHtml(item.title)}</h3>`
      }${check}</div>${rich(item.body)}</div></div>`;
    }
    case 'airticket':
      return `<div class="${classes('airticket')}"><div class="pg-ticket-head">${ICONS.plane}<span class="pg-ticket-title">${richTextInlineHtml(item.title)}</span>${badge}</div>${flightHtml(
        item.flight,
        texts,
      )}${item.images.length === 0 ? '' : `<div class="pg-ticket-images">${item.images.map((image) => `<figure>${imageHtml(image)}</figure>`).join('')}</div>`}</div>`;
    case 'accordion':
      return `<details class="${classes('fold')} pg-accordion"><summary><span class="pg-fold-title">${richTextInlineHtml(item.title)}</span>${badge}${ICONS.chevron}</summary><div class="pg-fold-body">${rich(item.body)}${item.images
        .map((image) => `<figure>${imageHtml(image)}</figure>`)
        .join('')}</div></details>`;
    case 'activity':
      return `<div class="${classes('activity-item')}">${badge}${scheduleRow(item, [96, 96, 192])}${rich(item.body, 'pg-rich pg-sub-body')}</div>`;
    case 'day':
      return plainBlank(item.title)
        ? ''
        : `<h2 class="${classes('day-heading')}">${richTextInlineHtml(item.title)}${badge}</h2>`;
    default: {
      const unknown: never = item;
      return `<div class="pg-item pg-unknown" data-type="${escapeHtml(String((unknown as { type?: unknown }).type))}">${escapeHtml(texts.unknownItem)}</div>`;
    }
  }
}

// ---------------------------------------------------------------- air tickets

/** '2026-05-02T08:30' as a ticket reads it in the reader's language ('5월 2일 (토) 08:30', 'Sat 2 May, 08:30'). */
export function flightTimeText(value: string, texts: Pick<ViewerTexts, 'weekdays' | 'months' | 'dateOrder'>): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})$/.exec(value);
  if (!match) return value;
  const [, year, month, day, time] = match;
  const weekday = texts.weekdays[new Date(Date.UTC(Number(year), Number(month) - 1, Number(day))).getUTCDay()] ?? '';
  const monthName = texts.months[Number(month) - 1] ?? month;
  return texts.dateOrder === 'ko'
    ? `${Number(month)}월 ${Number(day)}일 (${weekday}) ${time}`
    : `${weekday} ${Number(day)} ${monthName}, ${time}`;
}

/** A ticket's flight, blank fields left out; nothing at all for a ticket saved before flights had fields. */
export function flightHtml(flight: Flight | undefined, texts: ViewerTexts): string {
  if (!flight) return '';
  const text = (value: string) => value.trim();
  const route =
    text(flight.from) === '' && text(flight.to) === ''
      ? ''
      : `<p class="pg-flight-route"><span>${escapeHtml(text(flight.from))}</span><span class="pg-flight-arrow" aria-hidden="true">→</span><span>${escapeHtml(text(flight.to))}</span></p>`;
  const rows = (
    [
      ['airline', text(flight.airline)],
      ['flightNumber', text(flight.flightNumber)],
      ['departs', flight.departs === '' ? '' : flightTimeText(flight.departs, texts)],
      ['arrives', flight.arrives === '' ? '' : flightTimeText(flight.arrives, texts)],
      ['seat', text(flight.seat)],
      ['cabin', text(flight.cabin)],
    ] as const
  )
    .filter(([, value]) => value !== '')
    .map(
      ([key, value]) =>
        `<div class="pg-flight-${key}"><dt>${escapeHtml(texts.flight[key])}</dt><dd>${escapeHtml(value)}</dd></div>`,
    )
    .join('');
  return `${route}${rows === '' ? '' : `<dl class="pg-flight">${rows}</dl>`}`;
}

// ---------------------------------------------------------------- itinerary

type Row = { place: string; time: string; schedule: string };

function scheduleRow(row: Row, widths: readonly number[]): string {
  return `<div class="pg-row" style="${gridColumns(widths, 3)}"><span class="pg-place">${escapeHtml(row.place)}</span><span class="pg-time">${escapeHtml(row.time)}</span><span class="pg-schedule">${escapeHtml(row.schedule)}</span></div>`;
}

/** The editor's stand-in for a deleted last sub-activity; a reader has nothing to read there. */
const REPLACEMENT_TEXT = 'Enter Activity';
function isEmptySub(sub: SubActivity): boolean {
  const body = plainText(sub.body).trim();
  return (
    sub.place.trim() === '' &&
    sub.time.trim() === '' &&
    sub.schedule.trim() === '' &&
    (body === '' || body === REPLACEMENT_TEXT)
  );
}

function subActivityHtml(sub: SubActivity, widths: readonly number[], texts: ViewerTexts): string {
  if (isEmptySub(sub)) return '';
  return `<li class="pg-sub${sub.isImportant ? ' is-important' : ''}">${sub.isImportant ? importantBadge(texts) : ''}${scheduleRow(sub, widths)}${rich(sub.body, 'pg-rich pg-sub-body')}</li>`;
}

function activityHtml(activity: Activity, widths: readonly number[], texts: ViewerTexts): string {
  const subs = activity.subActivities.map((sub) => subActivityHtml(sub, widths, texts)).join('');
  return `<li class="pg-activity${activity.isImportant ? ' is-important' : ''}">${activity.isImportant ? importantBadge(texts) : ''}${scheduleRow(activity, widths)}${
    subs === '' ? '' : `<ul class="pg-subs">${subs}</ul>`
  }</li>`;
}

/** Empty parts are left out: the editor's placeholders ('Meal title', 'Day 1') are never shown to readers. */
function mealHtml(meal: Meal, texts: ViewerTexts): string {
  const title = plainBlank(meal.title)
    ? ''
    : `<strong class="pg-meal-title">${richTextInlineHtml(meal.title)}</strong>`;
  const body = rich(meal.body);
  if (title === '' && body === '') return '';
  return `<li class="pg-meal${meal.isImportant ? ' is-important' : ''}">${meal.isImportant ? importantBadge(texts) : ''}${title}${body}</li>`;
}

const blankTitle = (title: string | undefined): boolean => title === undefined || title.trim() === '';

export function dayHtml(day: Day, page: Pick<ContentPage, 'colWidths' | 'colTitles'>, texts: ViewerTexts): string {
  const widths = page.colWidths.length >= 3 ? page.colWidths : [96, 96, 192];
  const titles = page.colTitles;
  const head = `<div class="pg-row pg-row-head" style="${gridColumns(widths, 3)}" aria-hidden="true">${[0, 1, 2].map((index) => `<span>${escapeHtml(blankTitle(titles[index]) ? (texts.columnTitles[index] ?? '') : (titles[index] ?? ''))}</span>`).join('')}</div>`;
  const activities = day.activities.map((activity) => activityHtml(activity, widths, texts)).join('');
  const meals = day.meals.map((meal) => mealHtml(meal, texts)).join('');
  const title = plainBlank(day.title) ? '' : `<h2 class="pg-day-title">${richTextInlineHtml(day.title)}</h2>`;
  if (title === '' && activities === '' && meals === '') return '';
  return `<section class="pg-day">${title}${
    activities === '' ? '' : `${head}<ol class="pg-activities">${activities}</ol>`
  }${meals === '' ? '' : `<div class="pg-meals"><h3>${escapeHtml(texts.meals)}</h3><ul>${meals}</ul></div>`}</section>`;
}

// ---------------------------------------------------------------- cover cards

export function cardHtml(card: Card): string {
  switch (card.type) {
    case 'title':
      return plainBlank(card.content)
        ? ''
        : `<div class="pg-card pg-card-title-card">${richTextHtml(card.content, { headingLevel: 2 })}</div>`;
    case 'text':
      return plainBlank(card.content) ? '' : `<div class="pg-card pg-rich">${richTextHtml(card.content)}</div>`;
    case 'image':
      return card.image ? `<figure class="pg-card pg-card-image">${imageHtml(card.image)}</figure>` : '';
    case 'table':
      return card.rows.length === 0
        ? ''
        : `<dl class="pg-card pg-card-table">${card.rows.map((row) => `<div><dt>${escapeHtml(row.title)}</dt><dd>${escapeHtml(row.description)}</dd></div>`).join('')}</dl>`;
    case 'schedule-table': {
      const widths = [96, 96, 192];
      const rows = card.rows
        .filter((row) => `${row.place}${row.time}${row.schedule}`.trim() !== '')
        .map((row) => `<li>${scheduleRow(row, widths)}</li>`)
        .join('');
      const meal =
        card.mealHeading.trim() === '' && card.mealDescription.trim() === ''
          ? ''
          : `<p class="pg-card-meal"><strong>${escapeHtml(card.mealHeading)}</strong> ${escapeHtml(card.mealDescription)}</p>`;
      if (rows === '' && meal === '') return '';
      return `<div class="pg-card pg-card-schedule">${rows === '' ? '' : `<ol class="pg-activities">${rows}</ol>`}${meal}</div>`;
    }
    case 'leftImageCard':
    case 'preparation': {
      const heading = card.heading.trim() === '' ? '' : `<h3>${escapeHtml(card.heading)}</h3>`;
      const text = card.text.trim() === '' ? '' : `<p>${escapeHtml(card.text)}</p>`;
      if (heading === '' && text === '' && !card.image) return '';
      if (card.type === 'leftImageCard')
        return `<div class="pg-card pg-card-left">${card.image ? imageHtml(card.image, { sizes: '128px' }) : ''}<div>${heading}${text}</div></div>`;
      return `<div class="pg-card pg-card-preparation">${card.image ? imageHtml(card.image) : ''}<div class="pg-card-body">${heading}${text}</div></div>`;
    }
    default: {
      const unknown: never = card;
      return String(unknown);
    }
  }
}
