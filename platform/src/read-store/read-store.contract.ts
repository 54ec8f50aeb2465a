/**
 * The one contract every read store adapter must pass. An adapter's test file calls it at the top level:
 * `await readStoreContract('SQLite', factory)`. The factory runs while tests are collected, because a skipped
 * engine must show up as a skipped block whose title carries the reason.
 */
import { afterAll, describe, expect, test } from 'vitest';
import type { Doc, Filter, ProjectionWrite, ReadStore } from './read-store.ts';

export type ReadStoreFactory = () => Promise<{ store: ReadStore; cleanup(): Promise<void> } | { skip: string }>;

type Place = Doc & {
  name: string;
  city?: string | null;
  rating?: number | null;
  visitedAt?: string;
  published?: boolean | number | null;
  address?: { country: string; zip?: string };
  tags?: string[];
};

const places: Place[] = [
  {
    id: 'p1',
    name: 'Gyeongbokgung Palace',
    city: 'Seoul',
    rating: 4.8,
    visitedAt: '2024-03-01T09:00:00.000Z',
    published: true,
    address: { country: 'KR', zip: '03045' },
  },
  {
    id: 'p2',
    name: '경복궁 야간 관람',
    city: 'Seoul',
    rating: 4.5,
    visitedAt: '2024-05-20T19:30:00.000Z',
    published: false,
    address: { country: 'KR' },
  },
  {
    id: 'p3',
    name: 'Haeundae BEACH',
    city: 'Busan',
    rating: 4.2,
    visitedAt: '2023-12-31T23:59:59.000Z',
    published: true,
    address: { country: 'KR', zip: '48094' },
  },
  {
    id: 'p4',
    name: 'Louvre 50% off_day',
    city: 'Paris',
    rating: 5,
    visitedAt: '2024-01-15T10:00:00.000Z',
    published: 1,
    address: { country: 'FR' },
  },
  { id: 'p5', name: '부산 자갈치 시장', city: null, rating: null, published: null, tags: ['market'] },
  { id: 'p6', name: 'Untitled draft', rating: 3 },
];

function ids(docs: readonly Doc[]): string[] {
  return docs.map((doc) => doc.id);
}

function write(
  collection: string,
  id: string,
  position: number,
  fields: Record<string, unknown> | null,
): ProjectionWrite {
  return { collection, id, position, doc: fields === null ? null : { id, ...fields } };
}

export async function readStoreContract(name: string, factory: ReadStoreFactory): Promise<void> {
  const setup = await factory();
  if ('skip' in setup) {
    describe.skip(`read store contract: ${name} (skipped: ${setup.skip})`, () => {
      test('the whole contract', () => {});
    });
    return;
  }
  const { store, cleanup } = setup;
  const names: string[] = [];
  /** A fresh collection (or checkpoint) name per test: tests never see each other's documents. */
  const fresh = (label: string): string => {
    const freshName = `${label}-${names.length + 1}`;
    names.push(freshName);
    return freshName;
  };

  async function seedPlaces(): Promise<string> {
    const collection = fresh('places');
    const handle = store.collection<Place>(collection);
    for (const place of places) await handle.upsert(place);
    return collection;
  }

  async function findIds(
    collection: string,
    filter: Filter,
    sort: Record<string, 1 | -1> = { id: 1 },
  ): Promise<string[]> {
    return ids(await store.collection(collection).find(filter, { sort }));
  }

  describe(`read store contract: ${name}`, () => {
    afterAll(async () => {
      // Leaves a shared engine (a MONGO_URL server) as it was found.
      try {
        for (const used of names) {
          await store.dropCollection(used);
          await store.deleteCheckpoint(used);
        }
      } finally {
        await cleanup();
      }
    });

    describe('documents', () => {
      test('upsert then get returns the document; an unknown id gives null', async () => {
        const docs = store.collection<Place>(fresh('docs'));
        const place = places[0] as Place;
        await docs.upsert(place);
        expect(await docs.get('p1')).toEqual(place);
        expect(await docs.get('nope')).toBeNull();
      });

      test('upsert replaces the whole document', async () => {
        const docs = store.collection(fresh('docs'));
        await docs.upsert({ id: 'a', title: 'first', extra: 1 });
        await docs.upsert({ id: 'a', title: 'second' });
        expect(await docs.get('a')).toEqual({ id: 'a', title: 'second' });
        expect(await docs.count()).toBe(1);
      });

      test('documents round-trip nested objects, arrays, unicode, numbers, booleans and null', async () => {
        const docs = store.collection(fresh('docs'));
        const doc = {
          id: 'guidebook-1',
          title: '서울 3박 4일 — Café crème ☕',
          pages: [{ blocks: [{ type: 'text', text: 'hello' }] }, { blocks: [] }],
          views: { count: 12, ratio: 0.25, negative: -3 },
          published: false,
          coverImage: null,
        };
        await docs.upsert(doc);
        expect(await docs.get(doc.id)).toEqual(doc);
      });

      test('delete removes a document; deleting an unknown id is fine', async () => {
        const docs = store.collection(fresh('docs'));
        await docs.upsert({ id: 'a' });
        await docs.upsert({ id: 'b' });
        await docs.delete('a');
        await docs.delete('never-there');
        expect(await docs.get('a')).toBeNull();
        expect(ids(await docs.find())).toEqual(['b']);
      });

      test('getMany returns documents in the order asked, leaving out missing ones', async () => {
        const collection = await seedPlaces();
        const docs = store.collection(collection);
        expect(ids(await docs.getMany(['p4', 'missing', 'p1', 'p3']))).toEqual(['p4', 'p1', 'p3']);
        expect(await docs.getMany([])).toEqual([]);
      });

      test('a collection never written to reads as empty', async () => {
        const docs = store.collection(fresh('empty'));
        expect(await docs.find()).toEqual([]);
        expect(await docs.count()).toBe(0);
        expect(await docs.get('x')).toBeNull();
      });
    });

    describe('find', () => {
      test('without a filter: every document, ordered by id', async () => {
        const collection = await seedPlaces();
        expect(ids(await store.collection(collection).find())).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6']);
      });

      test('equality on strings and numbers: a bare value means $eq', async () => {
        const collection = await seedPlaces();
        expect(await findIds(collection, { city: 'Seoul' })).toEqual(['p1', 'p2']);
        expect(await findIds(collection, { city: { $eq: 'Seoul' } })).toEqual(['p1', 'p2']);
        expect(await findIds(collection, { rating: 5 })).toEqual(['p4']);
        expect(await findIds(collection, { rating: 4.5 })).toEqual(['p2']);
        expect(await findIds(collection, { city: 'seoul' })).toEqual([]);
        expect(await findIds(collection, { city: 'Seoul', rating: 4.8 })).toEqual(['p1']);
      });

      test('the id is a field like any other', async () => {
        const collection = await seedPlaces();
        expect(await findIds(collection, { id: 'p3' })).toEqual(['p3']);
        expect(await findIds(collection, { id: { $in: ['p2', 'p6', 'zz'] } })).toEqual(['p2', 'p6']);
        expect(await findIds(collection, { id: { $gte: 'p5' } })).toEqual(['p5', 'p6']);
      });

      test('$in and $nin', async () => {
        const collection = await seedPlaces();
        expect(await findIds(collection, { city: { $in: ['Busan', 'Paris'] } })).toEqual(['p3', 'p4']);
        expect(await findIds(collection, { rating: { $in: [3, 5] } })).toEqual(['p4', 'p6']);
        expect(await findIds(collection, { city: { $in: [] } })).toEqual([]);
        // $nin, like $ne, matches documents where the field is null or missing
        expect(await findIds(collection, { city: { $nin: ['Seoul', 'Busan'] } })).toEqual(['p4', 'p5', 'p6']);
        expect(await findIds(collection, { city: { $nin: [] } })).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6']);
      });

      test('$ne matches every other value, and null or missing', async () => {
        const collection = await seedPlaces();
        expect(await findIds(collection, { city: { $ne: 'Seoul' } })).toEqual(['p3', 'p4', 'p5', 'p6']);
        expect(await findIds(collection, { rating: { $ne: 4.8 } })).toEqual(['p2', 'p3', 'p4', 'p5', 'p6']);
      });

      test('ranges on numbers', async () => {
        const collection = await seedPlaces();
        expect(await findIds(collection, { rating: { $gt: 4.5 } })).toEqual(['p1', 'p4']);
        expect(await findIds(collection, { rating: { $gte: 4.5 } })).toEqual(['p1', 'p2', 'p4']);
        expect(await findIds(collection, { rating: { $lt: 4.5 } })).toEqual(['p3', 'p6']);
        expect(await findIds(collection, { rating: { $gte: 4.2, $lte: 4.8 } })).toEqual(['p1', 'p2', 'p3']);
        expect(await findIds(collection, { rating: { $gt: 4, $lt: 4 } })).toEqual([]);
      });

      test('ranges on ISO date strings', async () => {
        const collection = await seedPlaces();
        expect(await findIds(collection, { visitedAt: { $gte: '2024-01-01T00:00:00.000Z' } })).toEqual([
          'p1',
          'p2',
          'p4',
        ]);
        expect(
          await findIds(collection, {
            visitedAt: { $gte: '2024-01-15T10:00:00.000Z', $lt: '2024-05-01T00:00:00.000Z' },
          }),
        ).toEqual(['p1', 'p4']);
        expect(await findIds(collection, { visitedAt: { $lt: '2024' } })).toEqual(['p3']);
      });

      test('ranges compare like with like: a number bound never matches strings, nor a string bound numbers', async () => {
        const docs = store.collection(fresh('mixed'));
        await docs.upsert({ id: 'n', value: 10 });
        await docs.upsert({ id: 's', value: 'ten' });
        await docs.upsert({ id: 'b', value: true });
        expect(ids(await docs.find({ value: { $gt: 0 } }))).toEqual(['n']);
        expect(ids(await docs.find({ value: { $gt: '' } }))).toEqual(['s']);
        expect(ids(await docs.find({ value: { $lt: 'zzz' } }))).toEqual(['s']);
      });

      test('$contains is a case-insensitive substring match (English)', async () => {
        const collection = await seedPlaces();
        expect(await findIds(collection, { name: { $contains: 'beach' } })).toEqual(['p3']);
        expect(await findIds(collection, { name: { $contains: 'PALACE' } })).toEqual(['p1']);
        expect(await findIds(collection, { name: { $contains: 'a' } })).toEqual(['p1', 'p3', 'p4', 'p6']);
        expect(await findIds(collection, { name: { $contains: '' } })).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6']);
      });

      test('$contains finds Korean text', async () => {
        const collection = await seedPlaces();
        expect(await findIds(collection, { name: { $contains: '경복궁' } })).toEqual(['p2']);
        expect(await findIds(collection, { name: { $contains: '시장' } })).toEqual(['p5']);
        expect(await findIds(collection, { name: { $contains: '야간 관' } })).toEqual(['p2']);
        expect(await findIds(collection, { name: { $contains: '제주' } })).toEqual([]);
      });

      test('$contains matches wildcard and regex characters literally', async () => {
        const collection = await seedPlaces();
        expect(await findIds(collection, { name: { $contains: '50%' } })).toEqual(['p4']);
        expect(await findIds(collection, { name: { $contains: '%' } })).toEqual(['p4']);
        expect(await findIds(collection, { name: { $contains: '_' } })).toEqual(['p4']);
        expect(await findIds(collection, { name: { $contains: 'f_d' } })).toEqual(['p4']);
        expect(await findIds(collection, { name: { $contains: '.' } })).toEqual([]);
        expect(await findIds(collection, { name: { $contains: '.*' } })).toEqual([]);
        expect(await findIds(collection, { name: { $contains: '(' } })).toEqual([]);
      });

      test('$contains only matches strings', async () => {
        const docs = store.collection(fresh('contains'));
        await docs.upsert({ id: 'n', value: 123 });
        await docs.upsert({ id: 'o', value: { nested: '123' } });
        await docs.upsert({ id: 's', value: 'a123b' });
        expect(ids(await docs.find({ value: { $contains: '123' } }))).toEqual(['s']);
      });

      test('null and missing: null matches both; $exists means present and not null', async () => {
        const collection = await seedPlaces();
        // p5 has city null, p6 has no city
        expect(await findIds(collection, { city: null })).toEqual(['p5', 'p6']);
        expect(await findIds(collection, { city: { $eq: null } })).toEqual(['p5', 'p6']);
        expect(await findIds(collection, { city: { $ne: null } })).toEqual(['p1', 'p2', 'p3', 'p4']);
        expect(await findIds(collection, { city: { $exists: true } })).toEqual(['p1', 'p2', 'p3', 'p4']);
        expect(await findIds(collection, { city: { $exists: false } })).toEqual(['p5', 'p6']);
        expect(await findIds(collection, { city: { $in: [null, 'Paris'] } })).toEqual(['p4', 'p5', 'p6']);
        expect(await findIds(collection, { city: { $nin: [null, 'Paris'] } })).toEqual(['p1', 'p2', 'p3']);
        expect(await findIds(collection, { rating: { $gt: 0 } })).toEqual(['p1', 'p2', 'p3', 'p4', 'p6']);
        expect(await findIds(collection, { 'address.zip': { $exists: false } })).toEqual(['p2', 'p4', 'p5', 'p6']);
      });

      test('booleans match JSON booleans only, never 1 or 0', async () => {
        const collection = await seedPlaces();
        // p4 has published: 1 (a number), p5 null, p6 none
        expect(await findIds(collection, { published: true })).toEqual(['p1', 'p3']);
        expect(await findIds(collection, { published: false })).toEqual(['p2']);
        expect(await findIds(collection, { published: 1 })).toEqual(['p4']);
        expect(await findIds(collection, { published: { $ne: true } })).toEqual(['p2', 'p4', 'p5', 'p6']);
        expect(await findIds(collection, { published: { $in: [true, false] } })).toEqual(['p1', 'p2', 'p3']);
        expect(await findIds(collection, { published: { $nin: [false] } })).toEqual(['p1', 'p3', 'p4', 'p5', 'p6']);
      });

      test('numbers never equal strings', async () => {
        const docs = store.collection(fresh('types'));
        await docs.upsert({ id: 'n', code: 42 });
        await docs.upsert({ id: 's', code: '42' });
        expect(ids(await docs.find({ code: 42 }))).toEqual(['n']);
        expect(ids(await docs.find({ code: '42' }))).toEqual(['s']);
        expect(ids(await docs.find({ code: { $in: [42, '42'] } }))).toEqual(['n', 's']);
      });

      test('nested fields by dotted path', async () => {
        const collection = await seedPlaces();
        expect(await findIds(collection, { 'address.country': 'FR' })).toEqual(['p4']);
        expect(await findIds(collection, { 'address.country': { $ne: 'KR' } })).toEqual(['p4', 'p5', 'p6']);
        expect(await findIds(collection, { 'address.zip': { $gte: '40000' } })).toEqual(['p3']);
        const docs = store.collection(fresh('deep'));
        await docs.upsert({ id: 'a', stats: { views: { count: 7 } } });
        await docs.upsert({ id: 'b', stats: { views: { count: 70 } } });
        await docs.upsert({ id: 'c', stats: {} });
        expect(ids(await docs.find({ 'stats.views.count': { $gte: 10 } }))).toEqual(['b']);
        expect(ids(await docs.find({}, { sort: { 'stats.views.count': -1 } }))).toEqual(['b', 'a', 'c']);
      });

      test('$or holds when any of its filters does, combined with the other fields', async () => {
        const collection = await seedPlaces();
        expect(await findIds(collection, { $or: [{ city: 'Busan' }, { rating: { $gte: 4.8 } }] })).toEqual([
          'p1',
          'p3',
          'p4',
        ]);
        expect(
          await findIds(collection, { published: true, $or: [{ city: 'Busan' }, { name: { $contains: 'palace' } }] }),
        ).toEqual(['p1', 'p3']);
        expect(
          await findIds(collection, {
            $or: [{ city: 'Paris' }, { $or: [{ rating: 3 }, { city: null, rating: null }] }],
          }),
        ).toEqual(['p4', 'p5', 'p6']);
        expect(await findIds(collection, { $or: [] })).toEqual([]);
        expect(await findIds(collection, { $or: [{}] })).toHaveLength(places.length);
      });

      test('several operators on one field all hold', async () => {
        const collection = await seedPlaces();
        expect(await findIds(collection, { city: { $exists: true, $ne: 'Seoul', $nin: ['Paris'] } })).toEqual(['p3']);
        expect(await findIds(collection, { rating: { $gte: 4, $ne: 4.5, $in: [4.2, 4.5, 4.8, 5] } })).toEqual([
          'p1',
          'p3',
          'p4',
        ]);
      });

      test('field names other than dotted identifiers are refused', async () => {
        const collection = await seedPlaces();
        const docs = store.collection(collection);
        for (const field of ["name') OR 1=1 --", 'name"', 'a..b', '.a', 'a b', '$where', '$and', 'a[0]', 'a.0', '']) {
          await expect(docs.find({ [field]: 'x' }), field).rejects.toThrow(/field/);
        }
        await expect(docs.find({}, { sort: { 'name; DROP TABLE x': 1 } })).rejects.toThrow(/field/);
        await expect(docs.find({ name: { $regex: 'x' } as never })).rejects.toThrow(/operator/);
      });

      test('collection names are checked', () => {
        for (const bad of ['', 'a b', 'x"; DROP TABLE checkpoints; --', '_private', 'a.b', 'checkpoints']) {
          expect(() => store.collection(bad), bad).toThrow(/collection/);
        }
      });
    });

    describe('sort, skip, limit, count', () => {
      test('sort ascending and descending on one field', async () => {
        const collection = await seedPlaces();
        const docs = store.collection(collection);
        const withRating = { rating: { $exists: true } };
        expect(ids(await docs.find(withRating, { sort: { rating: 1 } }))).toEqual(['p6', 'p3', 'p2', 'p1', 'p4']);
        expect(ids(await docs.find(withRating, { sort: { rating: -1 } }))).toEqual(['p4', 'p1', 'p2', 'p3', 'p6']);
        expect(ids(await docs.find({ visitedAt: { $exists: true } }, { sort: { visitedAt: -1 } }))).toEqual([
          'p2',
          'p1',
          'p4',
          'p3',
        ]);
      });

      test('null and missing sort first ascending, last descending', async () => {
        const collection = await seedPlaces();
        const docs = store.collection(collection);
        // p5 has city null, p6 has none: equal to each other, ordered by id
        expect(ids(await docs.find({}, { sort: { city: 1 } }))).toEqual(['p5', 'p6', 'p3', 'p4', 'p1', 'p2']);
        expect(ids(await docs.find({}, { sort: { city: -1 } }))).toEqual(['p1', 'p2', 'p4', 'p3', 'p5', 'p6']);
        expect(ids(await docs.find({}, { sort: { rating: -1 } }))).toEqual(['p4', 'p1', 'p2', 'p3', 'p6', 'p5']);
      });

      test('sort on two fields', async () => {
        const docs = store.collection(fresh('sorted'));
        const rows = [
          { id: 'a', city: 'Seoul', rating: 3 },
          { id: 'b', city: 'Busan', rating: 5 },
          { id: 'c', city: 'Seoul', rating: 5 },
          { id: 'd', city: 'Busan', rating: 4 },
          { id: 'e', city: 'Seoul', rating: 4 },
        ];
        for (const row of rows) await docs.upsert(row);
        expect(ids(await docs.find({}, { sort: { city: 1, rating: -1 } }))).toEqual(['b', 'd', 'c', 'e', 'a']);
        expect(ids(await docs.find({}, { sort: { city: -1, rating: 1 } }))).toEqual(['a', 'e', 'c', 'd', 'b']);
        expect(ids(await docs.find({}, { sort: { rating: -1, city: 1 } }))).toEqual(['b', 'c', 'd', 'e', 'a']);
      });

      test('ties keep a stable order, so pages never overlap', async () => {
        const docs = store.collection(fresh('ties'));
        for (const id of ['e', 'b', 'd', 'a', 'c']) await docs.upsert({ id, group: 1 });
        const first = await docs.find({}, { sort: { group: 1 }, limit: 2 });
        const second = await docs.find({}, { sort: { group: 1 }, skip: 2, limit: 2 });
        const third = await docs.find({}, { sort: { group: 1 }, skip: 4, limit: 2 });
        expect([...ids(first), ...ids(second), ...ids(third)]).toEqual(['a', 'b', 'c', 'd', 'e']);
      });

      test('skip and limit', async () => {
        const collection = await seedPlaces();
        const docs = store.collection(collection);
        const sort = { id: -1 } as const;
        expect(ids(await docs.find({}, { sort, limit: 2 }))).toEqual(['p6', 'p5']);
        expect(ids(await docs.find({}, { sort, skip: 4 }))).toEqual(['p2', 'p1']);
        expect(ids(await docs.find({}, { sort, skip: 1, limit: 3 }))).toEqual(['p5', 'p4', 'p3']);
        expect(ids(await docs.find({}, { sort, skip: 10, limit: 3 }))).toEqual([]);
        expect(ids(await docs.find({}, { sort, limit: 0 }))).toEqual([]);
        expect(ids(await docs.find({ city: 'Seoul' }, { sort, skip: 1, limit: 5 }))).toEqual(['p1']);
        await expect(docs.find({}, { limit: -1 })).rejects.toThrow(/limit/);
        await expect(docs.find({}, { skip: 1.5 })).rejects.toThrow(/skip/);
      });

      test('count with and without filters', async () => {
        const collection = await seedPlaces();
        const docs = store.collection(collection);
        expect(await docs.count()).toBe(6);
        expect(await docs.count({ city: 'Seoul' })).toBe(2);
        expect(await docs.count({ city: null })).toBe(2);
        expect(await docs.count({ published: true, rating: { $gt: 4.5 } })).toBe(1);
        expect(await docs.count({ $or: [{ city: 'Paris' }, { name: { $contains: '부산' } }] })).toBe(2);
      });
    });

    describe('indexes and collections', () => {
      test('a unique index rejects a second document with the same value', async () => {
        const collection = fresh('users');
        const users = store.collection(collection);
        await store.ensureIndexes(collection, [{ fields: { email: 1 }, unique: true }]);
        await users.upsert({ id: 'u1', email: 'a@example.com' });
        await users.upsert({ id: 'u2', email: 'b@example.com' });
        await expect(users.upsert({ id: 'u3', email: 'a@example.com' })).rejects.toThrow();
        // the same document may keep its value
        await users.upsert({ id: 'u1', email: 'a@example.com', name: 'A' });
        // documents without the field do not collide
        await users.upsert({ id: 'u4' });
        await users.upsert({ id: 'u5' });
        expect(ids(await users.find())).toEqual(['u1', 'u2', 'u4', 'u5']);
      });

      test('a unique index over two fields, with nested paths', async () => {
        const collection = fresh('slugs');
        const docs = store.collection(collection);
        await store.ensureIndexes(collection, [{ fields: { 'owner.id': 1, slug: 1 }, unique: true }]);
        await docs.upsert({ id: 'a', owner: { id: 'u1' }, slug: 'seoul' });
        await docs.upsert({ id: 'b', owner: { id: 'u2' }, slug: 'seoul' });
        await expect(docs.upsert({ id: 'c', owner: { id: 'u1' }, slug: 'seoul' })).rejects.toThrow();
      });

      test('ensureIndexes is idempotent and leaves results unchanged', async () => {
        const collection = await seedPlaces();
        const indexes = [
          { fields: { city: 1, rating: -1 } },
          { fields: { 'address.country': 1 } },
          { fields: { published: 1 } },
        ] as const;
        const before = await findIds(collection, { city: 'Seoul', published: { $ne: true } }, { rating: -1 });
        await store.ensureIndexes(collection, indexes);
        await store.ensureIndexes(collection, indexes);
        expect(await findIds(collection, { city: 'Seoul', published: { $ne: true } }, { rating: -1 })).toEqual(before);
        expect(await findIds(collection, { published: true }, { city: 1 })).toEqual(['p3', 'p1']);
        expect(await findIds(collection, { 'address.country': 'KR' })).toEqual(['p1', 'p2', 'p3']);
      });

      test('dropCollection removes every document; the collection can be used again', async () => {
        const collection = await seedPlaces();
        await store.dropCollection(collection);
        expect(await store.collection(collection).count()).toBe(0);
        await store.collection(collection).upsert({ id: 'again' });
        expect(ids(await store.collection(collection).find())).toEqual(['again']);
        await store.dropCollection(fresh('never-created'));
      });

      test('dropCollection drops its indexes too', async () => {
        const collection = fresh('reindexed');
        await store.ensureIndexes(collection, [{ fields: { email: 1 }, unique: true }]);
        await store.collection(collection).upsert({ id: 'a', email: 'x' });
        await store.dropCollection(collection);
        await store.collection(collection).upsert({ id: 'a', email: 'x' });
        await store.collection(collection).upsert({ id: 'b', email: 'x' });
        expect(await store.collection(collection).count()).toBe(2);
      });
    });

    describe('fields kept as columns', () => {
      const columns = ['city', 'rating', 'visitedAt'] as const;
      const filters: Filter[] = [
        { city: 'Seoul' },
        { city: null },
        { city: { $ne: 'Seoul' } },
        { city: { $in: ['Busan', 'Paris', null] } },
        { city: { $nin: ['Seoul'] } },
        { city: { $contains: 'SE' } },
        { city: { $exists: true } },
        { city: { $exists: false } },
        { rating: { $gt: 4.4 } },
        { rating: 5 },
        { rating: { $gte: 'a' } },
        { visitedAt: { $gte: '2024-01-01', $lt: '2024-04-01' } },
        { $or: [{ city: 'Paris' }, { rating: { $lte: 3 } }] },
      ];
      const answers = async (collection: string) =>
        Promise.all([
          ...filters.map((filter) => findIds(collection, filter, { id: -1 })),
          findIds(collection, {}, { city: 1 }),
          findIds(collection, {}, { rating: -1, city: 1 }),
          store.collection(collection).count({ city: 'Seoul' }),
        ]);

      test('filters, sorts and counts answer as they do on the documents, declared before the first write', async () => {
        const plain = await seedPlaces();
        const kept = fresh('columns');
        await store.declareColumns?.(kept, columns);
        await store.ensureIndexes(kept, [{ fields: { city: 1, id: -1 } }, { fields: { rating: 1 } }]);
        for (const place of places) await store.collection<Place>(kept).upsert(place);
        await store.commitProjections({
          checkpoints: [],
          writes: [write(kept, 'p7', 3, { name: 'Jeju', city: 'Jeju', rating: 4 })],
        });
        await store.commitProjections({
          checkpoints: [],
          writes: [write(plain, 'p7', 3, { name: 'Jeju', city: 'Jeju', rating: 4 })],
        });
        expect(await answers(kept)).toEqual(await answers(plain));
        // a later write replaces the kept value, a delete takes it away
        await store.commitProjections({
          checkpoints: [],
          writes: [write(kept, 'p7', 4, { name: 'Jeju', city: 'Seogwipo' }), write(kept, 'p6', 5, null)],
        });
        expect(await findIds(kept, { city: 'Jeju' })).toEqual([]);
        expect(await findIds(kept, { city: 'Seogwipo', rating: null })).toEqual(['p7']);
        expect(await findIds(kept, { rating: 3 })).toEqual([]);
      });

      test('declared over documents already written and indexed: the same answers, the indexes made again', async () => {
        const plain = await seedPlaces();
        const kept = await seedPlaces();
        const indexes = [{ fields: { city: 1, id: -1 } }, { fields: { visitedAt: 1 } }] as const;
        await store.ensureIndexes(kept, indexes);
        await store.declareColumns?.(kept, columns);
        await store.declareColumns?.(kept, columns);
        await store.ensureIndexes(kept, indexes);
        expect(await answers(kept)).toEqual(await answers(plain));
      });
    });

    describe('checkpoints', () => {
      test('get, save, overwrite and delete', async () => {
        const checkpoint = fresh('projector');
        expect(await store.getCheckpoint(checkpoint)).toBeNull();
        await store.saveCheckpoint(checkpoint, 42);
        expect(await store.getCheckpoint(checkpoint)).toBe(42);
        await store.saveCheckpoint(checkpoint, 1_000_000_007);
        expect(await store.getCheckpoint(checkpoint)).toBe(1_000_000_007);
        // a rebuild may move a checkpoint back
        await store.saveCheckpoint(checkpoint, 0);
        expect(await store.getCheckpoint(checkpoint)).toBe(0);
        await store.deleteCheckpoint(checkpoint);
        expect(await store.getCheckpoint(checkpoint)).toBeNull();
        await store.deleteCheckpoint(checkpoint);
      });

      test('checkpoints are independent by name', async () => {
        const a = fresh('projector');
        const b = fresh('relay');
        await store.saveCheckpoint(a, 5);
        await store.saveCheckpoint(b, 9);
        await store.deleteCheckpoint(a);
        expect(await store.getCheckpoint(a)).toBeNull();
        expect(await store.getCheckpoint(b)).toBe(9);
      });

      test('ping answers', async () => {
        await expect(store.ping()).resolves.toBeUndefined();
      });
    });

    describe('projections', () => {
      test("commitProjections commits several projectors' writes and checkpoints together, guarded; loadForProjection reads positions", async () => {
        const list = fresh('list');
        const audit = fresh('audit');
        const [first, second] = [fresh('projector'), fresh('projector')];
        await store.commitProjections({
          checkpoints: [
            { projector: first, checkpoint: 20 },
            { projector: second, checkpoint: 18 },
          ],
          writes: [
            write(list, 'g1', 15, { title: 'Seoul' }),
            write(audit, 'e1', 15, { kind: 'edit' }),
            write(list, 'g2', 18, { title: 'Busan' }),
          ],
        });
        expect(await store.getCheckpoint(first)).toBe(20);
        expect(await store.getCheckpoint(second)).toBe(18);
        const loaded = await store.loadForProjection(list, ['g2', 'missing', 'g1']);
        expect([...loaded.keys()].sort()).toEqual(['g1', 'g2']);
        expect(loaded.get('g1')).toEqual({ doc: { id: 'g1', title: 'Seoul' }, position: 15 });
        expect(loaded.get('g2')?.position).toBe(18);
        expect((await store.loadForProjection(list, [])).size).toBe(0);

        // A replayed batch (older positions) changes no document; a newer one lands.
        await store.commitProjections({
          checkpoints: [{ projector: second, checkpoint: 19 }],
          writes: [
            write(list, 'g1', 14, { title: 'stale' }),
            write(list, 'g2', 19, null),
            write(audit, 'e1', 15, { kind: 'stale' }),
          ],
        });
        expect(await store.collection(list).get('g1')).toEqual({ id: 'g1', title: 'Seoul' });
        expect(await store.collection(list).get('g2')).toBeNull();
        expect(await store.collection(audit).get('e1')).toEqual({ id: 'e1', kind: 'edit' });
        expect(await store.getCheckpoint(second)).toBe(19);
        await expect(
          store.commitProjections({ checkpoints: [{ projector: first, checkpoint: -1 }], writes: [] }),
        ).rejects.toThrow();
      });

      test('commitProjection writes documents, deletes, and moves the checkpoint', async () => {
        const list = fresh('list');
        const detail = fresh('detail');
        const projector = fresh('projector');
        await store.collection(list).upsert({ id: 'gone', title: 'old' });
        await store.commitProjection({
          projector,
          checkpoint: 12,
          writes: [
            write(list, 'g1', 10, { title: 'Seoul' }),
            write(detail, 'g1', 10, { title: 'Seoul', pages: [] }),
            write(list, 'g2', 11, { title: 'Busan' }),
            write(list, 'gone', 12, null),
          ],
        });
        expect(ids(await store.collection(list).find())).toEqual(['g1', 'g2']);
        expect(await store.collection(detail).get('g1')).toEqual({ id: 'g1', title: 'Seoul', pages: [] });
        expect(await store.getCheckpoint(projector)).toBe(12);
      });

      test('getForProjection returns the document and the position of its last event', async () => {
        const list = fresh('list');
        const projector = fresh('projector');
        expect(await store.getForProjection(list, 'g1')).toBeNull();
        await store.commitProjection({ projector, checkpoint: 7, writes: [write(list, 'g1', 7, { title: 'x' })] });
        expect(await store.getForProjection(list, 'g1')).toEqual({ doc: { id: 'g1', title: 'x' }, position: 7 });
      });

      test('an empty batch just moves the checkpoint', async () => {
        const projector = fresh('projector');
        await store.commitProjection({ projector, checkpoint: 99, writes: [] });
        expect(await store.getCheckpoint(projector)).toBe(99);
      });

      test('replaying a batch changes nothing: older writes and deletes are ignored', async () => {
        const list = fresh('list');
        const projector = fresh('projector');
        const batch = {
          projector,
          checkpoint: 10,
          writes: [write(list, 'g1', 10, { title: 'new' }), write(list, 'g2', 9, { title: 'kept' })],
        };
        await store.commitProjection(batch);
        // an older state of the same documents arrives late (position 5): ignored, upsert and delete alike
        await store.commitProjection({
          projector,
          checkpoint: 10,
          writes: [write(list, 'g1', 5, { title: 'old' }), write(list, 'g2', 5, null)],
        });
        expect(await store.getForProjection(list, 'g1')).toEqual({ doc: { id: 'g1', title: 'new' }, position: 10 });
        expect(await store.getForProjection(list, 'g2')).toEqual({ doc: { id: 'g2', title: 'kept' }, position: 9 });
        // the very same batch again is harmless
        await store.commitProjection(batch);
        expect(await store.collection(list).find()).toEqual([
          { id: 'g1', title: 'new' },
          { id: 'g2', title: 'kept' },
        ]);
        expect(await store.getCheckpoint(projector)).toBe(10);
      });

      test('racing first inserts of one document: the newer position wins, whichever inserts first', async () => {
        const list = fresh('list');
        for (let round = 0; round < 5; round += 1) {
          const id = `race-${round}`;
          await Promise.all([
            store.commitProjection({
              projector: fresh('projector'),
              checkpoint: 4,
              writes: [write(list, id, 4, { n: 'older' })],
            }),
            store.commitProjection({
              projector: fresh('projector'),
              checkpoint: 9,
              writes: [write(list, id, 9, { n: 'newer' })],
            }),
          ]);
          expect(await store.getForProjection(list, id)).toEqual({ doc: { id, n: 'newer' }, position: 9 });
        }
      });

      test("a late batch does not move a projector's checkpoint back", async () => {
        const projector = fresh('projector');
        await store.commitProjection({ projector, checkpoint: 20, writes: [] });
        await store.commitProjection({ projector, checkpoint: 12, writes: [] });
        expect(await store.getCheckpoint(projector)).toBe(20);
      });

      test('newer writes and deletes land', async () => {
        const list = fresh('list');
        const projector = fresh('projector');
        await store.commitProjection({
          projector,
          checkpoint: 3,
          writes: [write(list, 'a', 2, { n: 1 }), write(list, 'b', 3, { n: 1 })],
        });
        await store.commitProjection({
          projector,
          checkpoint: 8,
          writes: [write(list, 'a', 7, { n: 2 }), write(list, 'b', 8, null)],
        });
        expect(await store.getForProjection(list, 'a')).toEqual({ doc: { id: 'a', n: 2 }, position: 7 });
        expect(await store.collection(list).get('b')).toBeNull();
      });

      test('a document written outside a projection is replaced by any projected write', async () => {
        const list = fresh('list');
        await store.collection(list).upsert({ id: 'a', source: 'manual' });
        expect(await store.getForProjection(list, 'a')).toEqual({ doc: { id: 'a', source: 'manual' }, position: 0 });
        await store.commitProjection({
          projector: fresh('projector'),
          checkpoint: 1,
          writes: [write(list, 'a', 1, { source: 'event' })],
        });
        expect(await store.collection(list).get('a')).toEqual({ id: 'a', source: 'event' });
      });

      test('several writes to one document in a batch: the latest wins', async () => {
        const list = fresh('list');
        const projector = fresh('projector');
        await store.commitProjection({
          projector,
          checkpoint: 6,
          writes: [
            write(list, 'a', 4, { step: 1 }),
            write(list, 'a', 5, { step: 2 }),
            write(list, 'a', 5, { step: 3 }),
            write(list, 'b', 4, { step: 1 }),
            write(list, 'b', 5, null),
            write(list, 'b', 6, { step: 3 }),
            write(list, 'c', 6, { step: 9 }),
            write(list, 'c', 3, { step: 1 }),
          ],
        });
        expect(await store.getForProjection(list, 'a')).toEqual({ doc: { id: 'a', step: 3 }, position: 5 });
        expect(await store.getForProjection(list, 'b')).toEqual({ doc: { id: 'b', step: 3 }, position: 6 });
        expect(await store.getForProjection(list, 'c')).toEqual({ doc: { id: 'c', step: 9 }, position: 6 });
      });

      test('a batch that fails leaves the checkpoint where it was', async () => {
        const users = fresh('users');
        const projector = fresh('projector');
        await store.ensureIndexes(users, [{ fields: { email: 1 }, unique: true }]);
        await store.commitProjection({ projector, checkpoint: 1, writes: [write(users, 'u1', 1, { email: 'a@x' })] });
        await expect(
          store.commitProjection({
            projector,
            checkpoint: 3,
            writes: [write(users, 'u2', 2, { email: 'b@x' }), write(users, 'u3', 3, { email: 'a@x' })],
          }),
        ).rejects.toThrow();
        expect(await store.getCheckpoint(projector)).toBe(1);
        expect(await store.collection(users).get('u3')).toBeNull();
      });

      test('a write whose document id differs from its id is refused', async () => {
        await expect(
          store.commitProjection({
            projector: fresh('projector'),
            checkpoint: 1,
            writes: [{ collection: fresh('list'), id: 'a', position: 1, doc: { id: 'b' } }],
          }),
        ).rejects.toThrow(/id/);
      });

      test('a projector killed between its writes and its checkpoint loses nothing and applies nothing twice', async () => {
        const totals = fresh('totals');
        const projector = fresh('projector');
        // The log: each event adds its amount to one running total.
        const log = Array.from({ length: 12 }, (_, i) => ({ position: (i + 1) * 10, amount: i + 1 }));
        const expected = log.reduce((sum, event) => sum + event.amount, 0);

        /** A projector run: from the stored checkpoint, in batches, each write guarded by the document's position. */
        async function run(options: {
          batchSize: number;
          until?: number;
          crashBeforeCheckpointAt?: number;
        }): Promise<void> {
          const from = (await store.getCheckpoint(projector)) ?? 0;
          const pending = log.filter((event) => event.position > from && event.position <= (options.until ?? Infinity));
          for (let start = 0; start < pending.length; start += options.batchSize) {
            const events = pending.slice(start, start + options.batchSize);
            const staged = new Map<string, { doc: Doc; position: number }>();
            for (const event of events) {
              const current = staged.get('total') ?? (await store.getForProjection(totals, 'total'));
              if (current && current.position >= event.position) continue; // applied already
              const value = (typeof current?.doc.value === 'number' ? current.doc.value : 0) + event.amount;
              staged.set('total', { doc: { id: 'total', value }, position: event.position });
            }
            const last = events.at(-1)?.position ?? from;
            const checkpointBefore = await store.getCheckpoint(projector);
            await store.commitProjection({
              projector,
              checkpoint: last,
              writes: [...staged.values()].map(({ doc, position }) => ({
                collection: totals,
                id: doc.id,
                doc,
                position,
              })),
            });
            if (options.crashBeforeCheckpointAt !== undefined && last >= options.crashBeforeCheckpointAt) {
              // The documents landed, the checkpoint did not: what MongoDB can leave behind after a crash.
              if (checkpointBefore === null) await store.deleteCheckpoint(projector);
              else await store.saveCheckpoint(projector, checkpointBefore);
              return;
            }
          }
        }

        await run({ batchSize: 4, until: 40 });
        expect(await store.getCheckpoint(projector)).toBe(40);
        await run({ batchSize: 4, until: 80, crashBeforeCheckpointAt: 80 });
        expect(await store.getCheckpoint(projector)).toBe(40);
        expect((await store.collection(totals).get('total'))?.value).toBe(1 + 2 + 3 + 4 + 5 + 6 + 7 + 8);
        // restart from the old checkpoint: events 50..80 come again and are skipped; the rest apply once
        await run({ batchSize: 3 });
        expect(await store.getCheckpoint(projector)).toBe(120);
        expect(await store.getForProjection(totals, 'total')).toEqual({
          doc: { id: 'total', value: expected },
          position: 120,
        });
        // and a full replay from scratch, with a store that already holds the result, changes nothing
        await store.deleteCheckpoint(projector);
        await run({ batchSize: 5 });
        expect(await store.getForProjection(totals, 'total')).toEqual({
          doc: { id: 'total', value: expected },
          position: 120,
        });
      });
    });
  });
}
