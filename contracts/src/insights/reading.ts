import { z } from 'zod';
import { eventDecoder, type EventDecoder } from '../event-decoding.ts';
import {
  MAX_READS_PER_BEACON,
  READING_DEVICES,
  READING_SOURCES,
  type BeaconRead,
  type ReadingDevice,
  type ReadingSource,
} from './reading-shapes.ts';

/**
 * Reader insights (issue 24): what readers open, how long they stay and where they came from, recorded as events
 * without identifying anyone. The viewer sends small beacons; the server keeps them in memory for a few seconds and
 * appends one `GuidebookReadsRecorded` per guidebook on `reading-<guidebookId>`; the `reading-insights` projector
 * adds them up per day. No cookie, no address and no User-Agent is ever stored: the only trace of a reader is the
 * `newReader` mark, decided in memory with a salted hash whose salt lives for one day (see the ingest).
 */

export * from './reading-shapes.ts';

/** Bytes of one beacon's body (50 reads of ~150 B each fit with room). */
export const MAX_BEACON_BYTES = 16 * 1024;
/** A read whose time lies further back than this is dropped (a queue left offline for weeks is not news). */
export const MAX_READ_AGE_MS = 7 * 24 * 3600_000;
/** Time on one page is counted up to an hour: a tab left open overnight is not reading. */
export const MAX_TIME_ON_PAGE_MS = 3600_000;

/** the longest time on a page a beacon may say (a day); it is counted up to `MAX_TIME_ON_PAGE_MS` */
const MAX_MS = 24 * 3600_000;
const pageIdSchema = z.string().min(1).max(64);
const isoSchema = z.iso.datetime({ offset: true });

/** A page shown to a reader. `first` marks the first page of a reading session (the tab's first page). */
export const pageOpenedReadSchema = z.object({
  kind: z.literal('open'),
  page: pageIdSchema,
  at: isoSchema,
  source: z.enum(READING_SOURCES),
  device: z.enum(READING_DEVICES),
  offline: z.boolean(),
  first: z.boolean(),
});
/** How long a page stayed in view, sent when it is hidden or left. */
export const pageTimeReadSchema = z.object({
  kind: z.literal('time'),
  page: pageIdSchema,
  at: isoSchema,
  ms: z.number().int().min(0).max(MAX_MS),
  offline: z.boolean(),
});
export const beaconReadSchema = z.discriminatedUnion('kind', [pageOpenedReadSchema, pageTimeReadSchema]);
// The viewer's hand-written shape and the schema's must stay one shape.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
export const beaconReadShapeMatches: Same<BeaconRead, z.infer<typeof beaconReadSchema>> = true;

/** `POST /api/reading`: the body the viewer sends (as text/plain through `navigator.sendBeacon`, or JSON). */
export const readingBeaconSchema = z.object({
  uuid: z.string().min(1).max(64),
  reads: z.array(beaconReadSchema).min(1).max(MAX_READS_PER_BEACON),
});
export type ReadingBeacon = z.infer<typeof readingBeaconSchema>;

/** Page ids and uuids as the product makes them (the cover, nanoids, UUIDs): plain ASCII, so never a lone surrogate. */
const PLAIN_ID = /^[A-Za-z0-9_.:~-]{1,64}$/;
/** `Date#toISOString`'s form, the one the viewer writes. */
const CANONICAL_AT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{3}Z$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;
const SOURCE_SET: ReadonlySet<unknown> = new Set(READING_SOURCES);
const DEVICE_SET: ReadonlySet<unknown> = new Set(READING_DEVICES);
/** Whether `at` is a real instant written as `toISOString` writes it (no 30 February, no 24:00, no leap second). */
export function isCanonicalInstant(at: string): boolean {
  const parts = CANONICAL_AT.exec(at);
  if (!parts) return false;
  const [year, month, day, hour, minute, second] = parts.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return false;
  const leap = month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= DAYS_IN_MONTH[month - 1]! + (leap ? 1 : 0);
}

/**
 * The beacon the viewer sends, checked by hand: a thousand a second are read on the server's serving loop, where
 * the schema's check costs more than the rest of the beacon (issue 24). It answers a beacon only when the schema
 * would accept the value and give exactly that (a property test holds it to the schema); anything else (an unusual
 * id or time form, a mistake) answers null, and the caller asks `readingBeaconSchema`, which decides and explains.
 */
export function plainReadingBeacon(value: unknown): ReadingBeacon | null {
  if (typeof value !== 'object' || value === null) return null;
  const { uuid, reads } = value as Record<string, unknown>;
  if (
    typeof uuid !== 'string' ||
    !PLAIN_ID.test(uuid) ||
    !Array.isArray(reads) ||
    reads.length < 1 ||
    reads.length > MAX_READS_PER_BEACON
  )
    return null;
  const checked: BeaconRead[] = [];
  for (const item of reads as unknown[]) {
    if (typeof item !== 'object' || item === null) return null;
    const { kind, page, at, offline } = item as Record<string, unknown>;
    if (
      typeof page !== 'string' ||
      !PLAIN_ID.test(page) ||
      typeof at !== 'string' ||
      !isCanonicalInstant(at) ||
      typeof offline !== 'boolean'
    )
      return null;
    if (kind === 'open') {
      const { source, device, first } = item as Record<string, unknown>;
      if (!SOURCE_SET.has(source) || !DEVICE_SET.has(device) || typeof first !== 'boolean') return null;
      checked.push({
        kind,
        page,
        at,
        source: source as ReadingSource,
        device: device as ReadingDevice,
        offline,
        first,
      });
    } else if (kind === 'time') {
      const { ms } = item as Record<string, unknown>;
      if (typeof ms !== 'number' || !Number.isSafeInteger(ms) || ms < 0 || ms > MAX_MS) return null;
      checked.push({ kind, page, at, ms, offline });
    } else {
      return null;
    }
  }
  return { uuid, reads: checked };
}

// ---------------------------------------------------------------- events

export const READING_STREAM_CATEGORY = 'reading';
export const readingStream = (guidebookId: string): string => `${READING_STREAM_CATEGORY}-${guidebookId}`;

/** A read as stored: what the beacon said, plus `newReader` on the first read of a reader that day. */
export const recordedReadSchema = z.discriminatedUnion('kind', [
  pageOpenedReadSchema.extend({ newReader: z.boolean() }),
  pageTimeReadSchema,
]);
export type RecordedRead = z.infer<typeof recordedReadSchema>;

export const guidebookReadsRecordedSchema = z.object({
  guidebookId: z.string(),
  /** the owner when the reads came in, so site and company figures need no join when projected */
  ownerId: z.string(),
  reads: z.array(recordedReadSchema).min(1),
});
export type GuidebookReadsRecorded = {
  type: 'GuidebookReadsRecorded';
  data: z.infer<typeof guidebookReadsRecordedSchema>;
};
export type ReadingEvent = GuidebookReadsRecorded;

export const readingEventSchemas = {
  GuidebookReadsRecorded: guidebookReadsRecordedSchema,
} as const satisfies Record<ReadingEvent['type'], z.ZodType>;

/** How a guidebook's reading stream is read (see `event-decoding.ts`): version 1, no upcaster yet. */
export const readingEventDecoder: EventDecoder<ReadingEvent> = eventDecoder({ schemas: readingEventSchemas });

export function isReadingEventType(type: string): type is ReadingEvent['type'] {
  return readingEventDecoder.knows(type);
}

export function decodeReadingEvent(type: ReadingEvent['type'], data: unknown): ReadingEvent {
  return readingEventDecoder.decode(type, data);
}

// ---------------------------------------------------------------- read model

/** `reading-insights`: one document per scope and day (Korean time), the sums the screens show. */
export const READING_INSIGHTS = 'reading-insights';

/**
 * Upper bounds (ms) of the time-on-page buckets; the last bucket is everything above. Medians are read from these
 * (the bucket's upper bound that holds the middle read), so they are exact to the bucket: 1, 2, 5, 10, 20, 30 s,
 * 1, 2, 5, 10, 30 min.
 */
export const TIME_BUCKETS_MS = [
  1_000, 2_000, 5_000, 10_000, 20_000, 30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000,
] as const;

export type ReadingScope = 'guidebook' | 'owner' | 'site';
export type PageReading = { opens: number; timed: number; timeBuckets: number[] };
export type ReadingDayDoc = {
  id: string;
  scope: ReadingScope;
  /** the guidebook's id, the owner's id, or `*` */
  key: string;
  /** YYYY-MM-DD in Korean time */
  day: string;
  readers: number;
  sessions: number;
  opens: number;
  offline: number;
  sources: Record<ReadingSource, number>;
  devices: Record<ReadingDevice, number>;
  /** per page (guidebook scope only) */
  pages: Record<string, PageReading>;
};

/** What a day and a month document both hold. */
type ReadingCounts = Omit<ReadingDayDoc, 'id' | 'key' | 'day'>;

export const readingDocId = (scope: ReadingScope, key: string, day: string): string => `${scope}:${key}:${day}`;

const KST_OFFSET_MS = 9 * 3600_000;
const DAY_MS = 86_400_000;

/** The Korean calendar day of an instant (the product's day everywhere: KST has no daylight saving). */
export function koreanDay(at: string | Date): string {
  const time = typeof at === 'string' ? Date.parse(at) : at.getTime();
  return new Date(time + KST_OFFSET_MS).toISOString().slice(0, 10);
}

/** `koreanDay` as a number (days since 1970-01-01 in Korean time): NaN for a time that is not one. */
const koreanDayNumber = (time: number): number => Math.floor((time + KST_OFFSET_MS) / DAY_MS);

/**
 * The day number of each of an event's reads, worked out once per event: the projector folds an event into its days
 * and their months at three scopes (six documents or more), and parsing each read's time for each was most of it.
 */
const readDayNumbers = new WeakMap<ReadingEvent, number[]>();
function dayNumbersOfReads(recorded: ReadingEvent): number[] {
  let numbers = readDayNumbers.get(recorded);
  if (!numbers) {
    numbers = recorded.data.reads.map((read) => koreanDayNumber(Date.parse(read.at)));
    readDayNumbers.set(recorded, numbers);
  }
  return numbers;
}

/** `compute` of a text, remembered (at most 10,000 texts, then forgotten at once): a fold asks for the same few. */
function remembered<T>(compute: (text: string) => T): (text: string) => T {
  const known = new Map<string, T>();
  return (text) => {
    let value = known.get(text);
    if (value === undefined) {
      if (known.size >= 10_000) known.clear();
      value = compute(text);
      known.set(text, value);
    }
    return value;
  };
}

/** `dayNumberOfText`, remembered: a fold asks for the same few days and months over and over. */
const dayNumberOf = remembered((day) => dayNumberOfText(day));

/** The day number of a `koreanDay` text, NaN for any other text (so no instant falls on it). */
function dayNumberOfText(day: string): number {
  const number = Math.floor(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
  return Number.isFinite(number) && new Date(number * DAY_MS).toISOString().slice(0, 10) === day ? number : Number.NaN;
}

/** Which bucket a time falls in. */
export function timeBucketOf(ms: number): number {
  const index = TIME_BUCKETS_MS.findIndex((bound) => ms <= bound);
  return index === -1 ? TIME_BUCKETS_MS.length : index;
}

/** The median time of a histogram, as its bucket's upper bound in seconds (the last bucket reads as 30 min+). */
export function medianSeconds(buckets: readonly number[]): number | null {
  const total = buckets.reduce((sum, count) => sum + count, 0);
  if (total === 0) return null;
  const middle = Math.ceil(total / 2);
  let seen = 0;
  for (let index = 0; index < buckets.length; index++) {
    seen += buckets[index] ?? 0;
    if (seen >= middle) return (TIME_BUCKETS_MS[index] ?? TIME_BUCKETS_MS[TIME_BUCKETS_MS.length - 1]!) / 1000;
  }
  return null;
}

// ---------------------------------------------------------------- folding reads into days

function zeros<K extends string>(keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
}

function emptyDay(scope: ReadingScope, key: string, day: string): ReadingDayDoc {
  return {
    id: readingDocId(scope, key, day),
    scope,
    key,
    day,
    readers: 0,
    sessions: 0,
    opens: 0,
    offline: 0,
    sources: zeros(READING_SOURCES),
    devices: zeros(READING_DEVICES),
    pages: {},
  };
}

function scopesOf(data: GuidebookReadsRecorded['data']): Array<[ReadingScope, string]> {
  return [
    ['guidebook', data.guidebookId],
    ['owner', data.ownerId],
    ['site', '*'],
  ];
}

/** An event as the log hands it (the event store's RecordedEvent has these fields). */
type LoggedEvent = { streamId: string; type: string; data: unknown };

/**
 * Each event is checked once: the projector asks for an event's documents and then folds it into each of them (three
 * scopes or more), and the schema check of the reads is most of that work (a rebuild of 1M events: issue 24).
 */
const decodedEvents = new WeakMap<LoggedEvent, GuidebookReadsRecorded | null>();

function decoded(event: LoggedEvent): GuidebookReadsRecorded | null {
  const known = decodedEvents.get(event);
  if (known !== undefined) return known;
  const recorded =
    !event.streamId.startsWith(`${READING_STREAM_CATEGORY}-`) || !isReadingEventType(event.type)
      ? null
      : decodeReadingEvent(event.type, event.data);
  decodedEvents.set(event, recorded);
  return recorded;
}

/**
 * A copy of a day to fold an event's reads into: the counts' objects are its own; pages are copied when first
 * touched (`ownPage`), so the document given is never changed and an event's reads cost one copy, not one each.
 */
function copyOfDay<T extends ReadingCounts>(doc: T): T {
  return {
    ...doc,
    sources: { ...doc.sources },
    devices: { ...doc.devices },
    pages: doc.scope === 'guidebook' ? { ...doc.pages } : doc.pages,
  };
}

/** Adds one read to `day`, a copy made by `copyOfDay` in this fold (`owned`: the pages already copied in it). */
function addRead(day: ReadingCounts, read: RecordedRead, owned: Set<string>): void {
  let page: PageReading | null = null;
  if (day.scope === 'guidebook') {
    const kept = day.pages[read.page];
    if (!kept) page = { opens: 0, timed: 0, timeBuckets: TIME_BUCKETS_MS.map(() => 0).concat(0) };
    else if (owned.has(read.page)) page = kept;
    else page = { ...kept, timeBuckets: [...kept.timeBuckets] };
    day.pages[read.page] = page;
    owned.add(read.page);
  }
  if (read.kind === 'open') {
    day.opens += 1;
    if (read.first) day.sessions += 1;
    if (read.newReader) day.readers += 1;
    if (read.offline) day.offline += 1;
    // Where a session came from and on what: counted once, at its first page.
    if (read.first) {
      day.sources[read.source] += 1;
      day.devices[read.device] += 1;
    }
    if (page) page.opens += 1;
  } else if (page) {
    const bucket = timeBucketOf(read.ms);
    page.timeBuckets[bucket] = (page.timeBuckets[bucket] ?? 0) + 1;
    page.timed += 1;
  }
}

/** The day documents a reading event adds to: its guidebook's, its owner's and the site's, for each day it covers. */
export function readingDayIds(event: LoggedEvent): string[] {
  const recorded = decoded(event);
  return recorded ? readingDayIdsOf(recorded) : [];
}

/** `readingDayIds` of an event already decoded (the projector's: the runner decodes each event once). */
export function readingDayIdsOf(recorded: ReadingEvent): string[] {
  // the day of each read as a number (no text made per read), each distinct day written once
  const numbers = new Set(dayNumbersOfReads(recorded));
  const days = [...numbers].map((number) => new Date(number * DAY_MS).toISOString().slice(0, 10));
  return scopesOf(recorded.data).flatMap(([scope, key]) => days.map((day) => readingDocId(scope, key, day)));
}

/** Day document `id` after a reading event: the `reading-insights` projector's evolve, and the "as of" replay's. */
export function readingDayOf(doc: ReadingDayDoc | null, event: LoggedEvent, id: string): ReadingDayDoc | null {
  const recorded = decoded(event);
  return recorded ? readingDayAfter(doc, recorded, id) : doc;
}

/** `readingDayOf` an event already decoded (the projector's: the runner decodes each event once). */
export function readingDayAfter(doc: ReadingDayDoc | null, recorded: ReadingEvent, id: string): ReadingDayDoc | null {
  const [scope, key] = scopesOf(recorded.data).find(([s, k]) => id.startsWith(`${s}:${k}:`)) ?? [];
  if (scope === undefined || key === undefined) return doc;
  const day = id.slice(`${scope}:${key}:`.length);
  const dayNumber = dayNumberOf(day);
  // the document is copied once, at the event's first read of this day, and the event's reads added to the copy
  let next: ReadingDayDoc | null = null;
  const owned = new Set<string>();
  const numbers = dayNumbersOfReads(recorded);
  for (const [index, read] of recorded.data.reads.entries()) {
    if (numbers[index] !== dayNumber) continue;
    next ??= copyOfDay(doc ?? emptyDay(scope, key, day));
    addRead(next, read, owned);
  }
  return next ?? doc ?? emptyDay(scope, key, day);
}

// ---------------------------------------------------------------- months

/** A day's three figures inside a month document: what the screens' chart draws. */
export type ReadingDaySeries = { readers: number; sessions: number; opens: number };

/**
 * The month's rollup beside its days (issue 24: a year's read was 366 day documents, parsed and added up per
 * request): the same sums as a day document over every day of the Korean calendar month `month` (YYYY-MM), and
 * `daily`, each day's readers, sessions and opens for the chart (index 0 is the 1st; arrays, so an event copies three
 * short lists, not 31 keys). Every figure is a plain sum of the days' (readers too: the unique readers of each day,
 * added up), so a range reads its whole months' rollups and only its partial months' days. Its id is
 * `scope:key:YYYY-MM`; it has no `day`, so a query on days never matches it.
 */
export type ReadingMonthDoc = Omit<ReadingDayDoc, 'day'> & {
  month: string;
  daily: { [K in keyof ReadingDaySeries]: number[] };
};
/** A `reading-insights` document: a day or a month. */
export type ReadingInsightsDoc = ReadingDayDoc | ReadingMonthDoc;

export const isReadingMonthDoc = (doc: ReadingInsightsDoc): doc is ReadingMonthDoc => 'month' in doc;

/** The first day number of a YYYY-MM month and of the month after it (NaN for any other text), remembered. */
const monthDayNumbers = remembered((month) => monthDayNumbersOfText(month));

function monthDayNumbersOfText(month: string): [number, number] {
  const first = dayNumberOf(`${month}-01`);
  if (!/^\d{4}-\d{2}$/.test(month) || Number.isNaN(first)) return [Number.NaN, Number.NaN];
  const [year, number] = month.split('-').map(Number) as [number, number];
  return [first, Date.UTC(year, number, 1) / DAY_MS];
}

function emptyMonth(scope: ReadingScope, key: string, month: string): ReadingMonthDoc {
  const { day: _day, ...counts } = emptyDay(scope, key, `${month}-01`);
  const [first, after] = monthDayNumbers(month);
  const length = Number.isNaN(first) ? 0 : after - first;
  const zeros = () => Array.from({ length }, () => 0);
  return {
    ...counts,
    id: readingDocId(scope, key, month),
    month,
    daily: { readers: zeros(), sessions: zeros(), opens: zeros() },
  };
}

/** The documents a reading event adds to: its days' (`readingDayIdsOf`) and their months' rollups, at each scope. */
export function readingInsightIdsOf(recorded: ReadingEvent): string[] {
  const days = readingDayIdsOf(recorded);
  // a day id ends in YYYY-MM-DD: its month's id is the same without the day
  return [...days, ...new Set(days.map((id) => id.slice(0, -3)))];
}

/** `readingInsightIdsOf` of an event as the log hands it (the "as of" replay's). */
export function readingInsightIds(event: LoggedEvent): string[] {
  const recorded = decoded(event);
  return recorded ? readingInsightIdsOf(recorded) : [];
}

/**
 * Document `id` (a day's or a month's) after a reading event: the `reading-insights` projector's evolve. A month's
 * is folded as its days are, each read counted once in the month and once in its day's place in `daily`.
 */
export function readingInsightAfter(
  doc: ReadingInsightsDoc | null,
  recorded: ReadingEvent,
  id: string,
): ReadingInsightsDoc | null {
  const [scope, key] = scopesOf(recorded.data).find(([s, k]) => id.startsWith(`${s}:${k}:`)) ?? [];
  if (scope === undefined || key === undefined) return doc;
  const rest = id.slice(`${scope}:${key}:`.length);
  if (rest.length !== 7) return readingDayAfter(doc as ReadingDayDoc | null, recorded, id);
  const [first, after] = monthDayNumbers(rest);
  const month = doc as ReadingMonthDoc | null;
  let next: ReadingMonthDoc | null = null;
  const owned = new Set<string>();
  let dailyOwned = false;
  const numbers = dayNumbersOfReads(recorded);
  for (const [index, read] of recorded.data.reads.entries()) {
    const number = numbers[index]!;
    if (!(number >= first && number < after)) continue;
    next ??= copyOfDay(month ?? emptyMonth(scope, key, rest));
    addRead(next, read, owned);
    if (read.kind !== 'open') continue;
    if (!dailyOwned) {
      const { readers, sessions, opens } = next.daily;
      next.daily = { readers: [...readers], sessions: [...sessions], opens: [...opens] };
      dailyOwned = true;
    }
    const at = number - first;
    next.daily.opens[at]! += 1;
    if (read.first) next.daily.sessions[at]! += 1;
    if (read.newReader) next.daily.readers[at]! += 1;
  }
  return next ?? month ?? emptyMonth(scope, key, rest);
}

/** `readingInsightAfter` of an event as the log hands it (the "as of" replay's). */
export function readingInsightOf(
  doc: ReadingInsightsDoc | null,
  event: LoggedEvent,
  id: string,
): ReadingInsightsDoc | null {
  const recorded = decoded(event);
  return recorded ? readingInsightAfter(doc, recorded, id) : doc;
}

// ---------------------------------------------------------------- answers

export const INSIGHTS_MAX_DAYS = 366;
const daySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD');
export const insightsQuerySchema = z.object({
  from: daySchema.optional(),
  to: daySchema.optional(),
  /** only reads recorded up to the end of this day count (replayed from the log) */
  asOf: daySchema.optional(),
  format: z.enum(['json', 'csv']).optional(),
  /** administrators: one company's guidebooks */
  company: z.string().max(200).optional(),
});
export type InsightsQuery = z.infer<typeof insightsQuerySchema>;

const count = z.number().int().nonnegative();
export const insightsTotalsSchema = z.object({
  readers: count,
  sessions: count,
  opens: count,
  offline: count,
  /** opens per session, one decimal */
  pagesPerSession: z.number().nonnegative(),
});
export type InsightsTotals = z.infer<typeof insightsTotalsSchema>;
export const insightsDaySchema = z.object({ day: daySchema, readers: count, sessions: count, opens: count });
export type InsightsDay = z.infer<typeof insightsDaySchema>;
export const insightsPageSchema = z.object({
  page: z.string(),
  title: z.string().nullable(),
  opens: count,
  medianSeconds: z.number().nullable(),
});
export type InsightsPage = z.infer<typeof insightsPageSchema>;
const rangeSchema = z.object({ from: daySchema, to: daySchema });
export const insightsAnswerSchema = z.object({
  scope: z.enum(['guidebook', 'owner', 'site', 'company']),
  /** the guidebook's title (guidebook scope), else null */
  title: z.string().nullable(),
  ...rangeSchema.shape,
  previous: rangeSchema,
  asOf: daySchema.nullable(),
  totals: insightsTotalsSchema,
  previousTotals: insightsTotalsSchema,
  days: z.array(insightsDaySchema),
  /** most read first (guidebook scope) */
  pages: z.array(insightsPageSchema),
  sources: z.record(z.enum(READING_SOURCES), count),
  devices: z.record(z.enum(READING_DEVICES), count),
});
export type InsightsAnswer = z.infer<typeof insightsAnswerSchema>;

export const INSIGHTS_MESSAGES = {
  badRange: 'from must be on or before to, and the range at most 366 days',
  unknownGuidebook: 'Guidebook not found',
} as const;

/**
 * `GET /api/kakao/config`: Kakao's JavaScript app key when the server has one (`KAKAO_JS_APP_KEY`, public by
 * design: Kakao's SDK runs in the browser with it), else null, and then no Kakao button is drawn anywhere.
 */
export const kakaoConfigSchema = z.object({
  jsAppKey: z.string().nullable(),
  /**
   * Kakao sign-in through Kakao's login page (`KAKAO_REST_API_KEY`), or null: no sign-in button. The page sends the
   * browser to `authorizeUrl` with `client_id`, its `/login/kakao` address and a random `state`.
   */
  signIn: z.object({ authorizeUrl: z.string().url(), clientId: z.string() }).nullable(),
});
export type KakaoConfig = z.infer<typeof kakaoConfigSchema>;
