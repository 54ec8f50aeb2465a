import { describe, expect, it } from 'vitest';
import {
  TIME_BUCKETS_MS,
  isCanonicalInstant,
  koreanDay,
  plainReadingBeacon,
  readingBeaconSchema,
  readingDayAfter,
  readingDayIdsOf,
  timeBucketOf,
  type ReadingDayDoc,
  type ReadingEvent,
  type RecordedRead,
} from './reading.ts';

/** A small seeded generator: the same cases every run. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]! };
}

const open = {
  kind: 'open',
  page: 'cover',
  at: '2026-11-26T03:00:00.000Z',
  source: 'qr',
  device: 'phone',
  offline: false,
  first: true,
};
const time = { kind: 'time', page: 'p-1a2B', at: '2026-11-26T03:00:12.345Z', ms: 12_000, offline: true };

/** Values a field may be given instead of its own: other types, edge texts and times, near the limits. */
const ODD_VALUES: unknown[] = [
  undefined,
  null,
  0,
  -0,
  1,
  -1,
  1.5,
  86_400_000,
  86_400_001,
  2 ** 53,
  Number.NaN,
  true,
  false,
  '',
  ' ',
  'cover',
  'x'.repeat(64),
  'x'.repeat(65),
  '\ud800',
  'caf\u00e9',
  'a b',
  'a/b',
  '<script>',
  'open',
  'time',
  'close',
  'qr',
  'kakao',
  'tracker',
  'phone',
  'tv',
  [],
  {},
  ['open'],
  { kind: 'open' },
  '2026-02-28T23:59:59.999Z',
  '2026-02-29T00:00:00.000Z',
  '2024-02-29T00:00:00.000Z',
  '1900-02-29T00:00:00.000Z',
  '2000-02-29T00:00:00.000Z',
  '2026-02-30T00:00:00.000Z',
  '2026-04-31T00:00:00.000Z',
  '2026-13-01T00:00:00.000Z',
  '2026-00-10T00:00:00.000Z',
  '2026-01-00T00:00:00.000Z',
  '2026-01-01T24:00:00.000Z',
  '2026-01-01T23:60:00.000Z',
  '2026-01-01T23:59:60.000Z',
  '2026-01-01T00:00:00Z',
  '2026-01-01T00:00:00.1Z',
  '2026-01-01T00:00:00.1234Z',
  '2026-01-01T00:00:00.000+09:00',
  '2026-01-01 00:00:00.000Z',
  '+002026-01-01T00:00:00.000Z',
  '2026-1-01T00:00:00.000Z',
];

function mutate(value: unknown, rng: ReturnType<typeof random>): unknown {
  if (Array.isArray(value)) {
    const copy = value.map((item) => (rng.next() < 0.3 ? mutate(item, rng) : item));
    const roll = rng.next();
    if (roll < 0.1) return [];
    if (roll < 0.2) return Array.from({ length: 51 }, () => copy[0]);
    if (roll < 0.3) return [...copy, rng.pick([open, time, null, 'open'])];
    return copy;
  }
  if (typeof value === 'object' && value !== null) {
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const key of Object.keys(copy)) {
      const roll = rng.next();
      if (roll < 0.15) copy[key] = rng.pick(ODD_VALUES);
      else if (roll < 0.2) delete copy[key];
      else if (roll < 0.5) copy[key] = mutate(copy[key], rng);
    }
    if (rng.next() < 0.1) copy[rng.pick(['extra', 'kind', 'ms', 'source', '__proto__'])] = rng.pick(ODD_VALUES);
    return copy;
  }
  return rng.next() < 0.3 ? rng.pick(ODD_VALUES) : value;
}

describe("the readers' beacon, checked by hand on the serving loop (issue 24)", () => {
  it('takes what the viewer sends, exactly as the schema gives it', () => {
    const beacon = { uuid: '0b4c1a7e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', reads: [open, time] };
    expect(plainReadingBeacon(beacon)).toEqual(readingBeaconSchema.parse(beacon));
    // unknown keys are left out, as the schema strips them
    expect(plainReadingBeacon({ ...beacon, extra: 1, reads: [{ ...open, extra: 2 }] })).toEqual({
      uuid: beacon.uuid,
      reads: [open],
    });
  });

  it('never takes a value the schema refuses, nor gives one the schema would give otherwise (20,000 generated beacons)', () => {
    const rng = random(24);
    let taken = 0;
    let refused = 0;
    const wrong: unknown[] = [];
    for (let index = 0; index < 20_000; index++) {
      const value = mutate(
        {
          uuid: rng.pick(['0b4c1a7e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', 'u', 'x'.repeat(64)]),
          reads: [open, time, open].slice(0, 1 + (index % 3)),
        },
        rng,
      );
      const plain = plainReadingBeacon(value);
      const parsed = readingBeaconSchema.safeParse(value);
      if (plain !== null) {
        taken++;
        // the same values, in the same order (the schema's key order)
        if (!parsed.success || JSON.stringify(plain) !== JSON.stringify(parsed.data)) wrong.push(value);
      } else if (!parsed.success) {
        refused++;
      }
    }
    expect(wrong.slice(0, 5).map((value) => JSON.stringify(value))).toEqual([]);
    // both sides were exercised
    expect(taken).toBeGreaterThan(1000);
    expect(refused).toBeGreaterThan(1000);
  });

  it('knows a real instant in toISOString form from the rest', () => {
    expect(isCanonicalInstant('2024-02-29T23:59:59.999Z')).toBe(true);
    expect(isCanonicalInstant('2000-02-29T00:00:00.000Z')).toBe(true);
    for (const at of [
      '1900-02-29T00:00:00.000Z',
      '2026-02-29T00:00:00.000Z',
      '2026-04-31T00:00:00.000Z',
      '2026-01-01T24:00:00.000Z',
      '2026-01-01T00:00:00Z',
      '2026-01-01T00:00:00.000+09:00',
    ]) {
      expect(isCanonicalInstant(at), at).toBe(false);
    }
  });
});

/**
 * The fold as first written, one read at a time, each read a new copy of the day: the specification the projector's
 * fold (one copy of a day per event, issue 24: a seventh of the CPU) is held to.
 */
function referenceDayAfter(doc: ReadingDayDoc | null, recorded: ReadingEvent, id: string): ReadingDayDoc {
  const scopes = [
    ['guidebook', recorded.data.guidebookId],
    ['owner', recorded.data.ownerId],
    ['site', '*'],
  ] as const;
  const [scope, key] = scopes.find(([s, k]) => id.startsWith(`${s}:${k}:`))!;
  const day = id.slice(`${scope}:${key}:`.length);
  let next: ReadingDayDoc = doc ?? {
    id,
    scope,
    key,
    day,
    readers: 0,
    sessions: 0,
    opens: 0,
    offline: 0,
    sources: { qr: 0, link: 0, gallery: 0, kakao: 0, other: 0 },
    devices: { phone: 0, tablet: 0, desktop: 0 },
    pages: {},
  };
  for (const read of recorded.data.reads) {
    if (koreanDay(read.at) !== day) continue;
    const copy: ReadingDayDoc = {
      ...next,
      sources: { ...next.sources },
      devices: { ...next.devices },
      pages: { ...next.pages },
    };
    const page =
      scope === 'guidebook'
        ? (copy.pages[read.page] ?? { opens: 0, timed: 0, timeBuckets: TIME_BUCKETS_MS.map(() => 0).concat(0) })
        : null;
    if (read.kind === 'open') {
      copy.opens += 1;
      if (read.first) copy.sessions += 1;
      if (read.newReader) copy.readers += 1;
      if (read.offline) copy.offline += 1;
      if (read.first) {
        copy.sources[read.source] += 1;
        copy.devices[read.device] += 1;
      }
      if (page) copy.pages[read.page] = { ...page, opens: page.opens + 1 };
    } else if (page) {
      const timeBuckets = [...page.timeBuckets];
      timeBuckets[timeBucketOf(read.ms)]! += 1;
      copy.pages[read.page] = { ...page, timed: page.timed + 1, timeBuckets };
    }
    next = copy;
  }
  return next;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

describe('folding reads into days (the reading-insights projector and the "as of" replay)', () => {
  it('gives what adding the reads one at a time gives, never changing the day or the event it is given (2,000 generated events)', () => {
    const { next, pick } = random(24);
    const pages = ['cover', 'p-1', 'p-2', 'p-3', 'p-4'];
    const sources = ['qr', 'link', 'gallery', 'kakao', 'other'] as const;
    const devices = ['phone', 'tablet', 'desktop'] as const;
    // instants around two Korean midnights (15:00 UTC), so one event's reads fall on up to three days
    const instants = [
      '2026-11-26T14:59:59.999Z',
      '2026-11-26T15:00:00.000Z',
      '2026-11-27T03:00:00.000Z',
      '2026-11-27T14:59:59.999Z',
      '2026-11-27T15:00:00.000Z',
      '2026-11-28T01:02:03.004Z',
    ];
    const docs = new Map<string, ReadingDayDoc>();
    const expected = new Map<string, ReadingDayDoc>();
    let folded = 0;
    for (let n = 0; n < 2000; n++) {
      const reads: RecordedRead[] = Array.from({ length: 1 + Math.floor(next() * 12) }, () =>
        next() < 0.5
          ? {
              kind: 'open',
              page: pick(pages),
              at: pick(instants),
              source: pick(sources),
              device: pick(devices),
              offline: next() < 0.2,
              first: next() < 0.5,
              newReader: next() < 0.5,
            }
          : {
              kind: 'time',
              page: pick(pages),
              at: pick(instants),
              ms: Math.floor(next() * 2_500_000),
              offline: next() < 0.2,
            },
      );
      const event: ReadingEvent = deepFreeze({
        type: 'GuidebookReadsRecorded',
        data: { guidebookId: pick(['g1', 'g2', 'g3']), ownerId: pick(['o1', 'o2']), reads },
      });
      const ids = readingDayIdsOf(event);
      expect(new Set(ids)).toEqual(
        new Set(
          reads.flatMap((read) =>
            [`guidebook:${event.data.guidebookId}`, `owner:${event.data.ownerId}`, 'site:*'].map(
              (scope) => `${scope}:${koreanDay(read.at)}`,
            ),
          ),
        ),
      );
      for (const id of ids) {
        // the day as it stands is frozen: a fold that changed it would throw
        const after = readingDayAfter(deepFreeze(docs.get(id) ?? null), event, id);
        const reference = referenceDayAfter(expected.get(id) ?? null, event, id);
        expect(after).toEqual(reference);
        docs.set(id, after!);
        expected.set(id, reference);
        folded += 1;
      }
      // a day the event has no read on is given back as it was
      const elsewhere = `guidebook:${event.data.guidebookId}:2026-11-30`;
      const untouched = deepFreeze(docs.get(`guidebook:${event.data.guidebookId}:2026-11-27`) ?? null);
      if (untouched)
        expect(readingDayAfter({ ...untouched, id: elsewhere, day: '2026-11-30' }, event, elsewhere)).toEqual({
          ...untouched,
          id: elsewhere,
          day: '2026-11-30',
        });
    }
    expect(folded).toBeGreaterThan(5000);
    expect([...docs.values()].some((doc) => Object.keys(doc.pages).length === pages.length)).toBe(true);
  });
});
