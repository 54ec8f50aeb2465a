import { describe, expect, it } from 'vitest';
import { isCanonicalInstant, plainReadingBeacon, readingBeaconSchema } from './reading.ts';

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
