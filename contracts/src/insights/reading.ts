import { z } from 'zod';
import { eventDecoder, type EventDecoder } from '../event-decoding.ts';
import { MAX_READS_PER_BEACON, READING_DEVICES, READING_SOURCES, type BeaconRead, type ReadingDevice, type ReadingSource } from './reading-shapes.ts';

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
  ms: z.number().int().min(0).max(24 * 3600_000),
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
export type GuidebookReadsRecorded = { type: 'GuidebookReadsRecorded'; data: z.infer<typeof guidebookReadsRecordedSchema> };
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
export const TIME_BUCKETS_MS = [1_000, 2_000, 5_000, 10_000, 20_000, 30_000, 60_000, 120_000, 300_000, 600_000, 1_800_000] as const;

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

export const readingDocId = (scope: ReadingScope, key: string, day: string): string => `${scope}:${key}:${day}`;

/** The Korean calendar day of an instant (the product's day everywhere: KST has no daylight saving). */
export function koreanDay(at: string | Date): string {
  const time = typeof at === 'string' ? Date.parse(at) : at.getTime();
  return new Date(time + 9 * 3600_000).toISOString().slice(0, 10);
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
  const recorded = !event.streamId.startsWith(`${READING_STREAM_CATEGORY}-`) || !isReadingEventType(event.type) ? null : decodeReadingEvent(event.type, event.data);
  decodedEvents.set(event, recorded);
  return recorded;
}

function addRead(doc: ReadingDayDoc, read: RecordedRead): ReadingDayDoc {
  const next: ReadingDayDoc = { ...doc, sources: { ...doc.sources }, devices: { ...doc.devices }, pages: doc.scope === 'guidebook' ? { ...doc.pages } : doc.pages };
  const page = doc.scope === 'guidebook' ? (next.pages[read.page] ?? { opens: 0, timed: 0, timeBuckets: TIME_BUCKETS_MS.map(() => 0).concat(0) }) : null;
  if (read.kind === 'open') {
    next.opens += 1;
    if (read.first) next.sessions += 1;
    if (read.newReader) next.readers += 1;
    if (read.offline) next.offline += 1;
    // Where a session came from and on what: counted once, at its first page.
    if (read.first) {
      next.sources[read.source] += 1;
      next.devices[read.device] += 1;
    }
    if (page) next.pages[read.page] = { ...page, opens: page.opens + 1 };
  } else if (page) {
    const timeBuckets = [...page.timeBuckets];
    const bucket = timeBucketOf(read.ms);
    timeBuckets[bucket] = (timeBuckets[bucket] ?? 0) + 1;
    next.pages[read.page] = { ...page, timed: page.timed + 1, timeBuckets };
  }
  return next;
}

/** The day documents a reading event adds to: its guidebook's, its owner's and the site's, for each day it covers. */
export function readingDayIds(event: LoggedEvent): string[] {
  const recorded = decoded(event);
  return recorded ? readingDayIdsOf(recorded) : [];
}

/** `readingDayIds` of an event already decoded (the projector's: the runner decodes each event once). */
export function readingDayIdsOf(recorded: ReadingEvent): string[] {
  const days = new Set(recorded.data.reads.map((read) => koreanDay(read.at)));
  return scopesOf(recorded.data).flatMap(([scope, key]) => [...days].map((day) => readingDocId(scope, key, day)));
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
  let next = doc ?? emptyDay(scope, key, day);
  for (const read of recorded.data.reads) if (koreanDay(read.at) === day) next = addRead(next, read);
  return next;
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
export const insightsPageSchema = z.object({ page: z.string(), title: z.string().nullable(), opens: count, medianSeconds: z.number().nullable() });
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
