import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_PUBLISHED,
  decodeGuidebookEvent,
  guidebookStream,
  newContentPage,
  newGuidebookDocument,
  newSectionItem,
  publisherStream,
  richParagraph,
  userStream,
  type GuidebookDocument,
} from '@pocketguide/contracts';
import type { EventStore, NewEvent as StoreEvent } from '@pocketguide/platform/event-store/event-store';
import { createSqliteEventStore } from '@pocketguide/platform/event-store/sqlite-event-store';
import { ConflictError, RevisionMismatchError } from '@pocketguide/platform/http/errors';
import { createStreamLoader, type CommandMetadata } from '../core/command-handler.ts';
import type { Clock } from '../core/ids.ts';
import { PublishLimitError, SubscriptionRequiredError } from './guidebook-errors.ts';
import { GROWTH_QUOTA_MESSAGE, guidebookDecider } from './guidebook-decider.ts';
import type { Actor } from './guidebook-state.ts';
import { guidebookSnapshotStream } from './guidebook-past.ts';
import { createGuidebooks, type Guidebooks } from './guidebooks.ts';
import { appendTitleEdits } from '../testing/long-stream.ts';
import { registeredUserEvent } from '../testing/stored-user.ts';

let store: EventStore;
beforeAll(() => {
  store = createSqliteEventStore({
    path: resolve(import.meta.dirname, `../../../test-output/tmp/guidebooks-${randomUUID()}.sqlite`),
  });
});
afterAll(() => store.close());

/** A clock the tests move by hand. */
function testClock(start = '2026-11-22T09:00:00.000Z'): Clock & { advance(ms: number): void } {
  let now = Date.parse(start);
  return { now: () => new Date(now), advance: (ms) => (now += ms) };
}
const meta = (actor: Actor): CommandMetadata => ({
  commandId: randomUUID(),
  userId: actor.userId,
  role: actor.isAdmin ? 'admin' : 'user',
});

/** A user stream as the account side writes it: registered, and subscribed when asked. */
async function person(options: { subscribed?: boolean; admin?: boolean } = {}): Promise<Actor> {
  const userId = randomUUID();
  const events: StoreEvent[] = [
    registeredUserEvent(userId, {
      registeredAt: '2026-11-01T09:00:00.000Z',
      trialExpiresAt: '2026-11-15T09:00:00.000Z',
      admin: options.admin === true,
    }),
  ];
  if (options.subscribed) {
    events.push({
      id: randomUUID(),
      type: 'UserSubscribed',
      data: {
        userId,
        plan: 'standard',
        billingCycle: 'month',
        expiresAt: '2026-12-22T09:00:00.000Z',
        subscribedAt: '2026-11-22T08:00:00.000Z',
      },
    });
  }
  await store.appendToStream(userStream(userId), events);
  return { userId, isAdmin: options.admin ?? false };
}

function documentWithPages(): GuidebookDocument {
  let n = 0;
  const ids = { newId: () => `p${n++}` };
  const attractions = newContentPage('attractions', ids);
  return {
    ...newGuidebookDocument({ title: 'Jeju' }),
    contents: [
      { ...attractions, sections: [{ ...attractions.sections[0]!, items: [newSectionItem('text', ids)] }] },
      { ...newContentPage('itinerary', ids) },
    ],
  };
}

async function newGuidebook(guidebooks: Guidebooks, actor: Actor): Promise<string> {
  const { guidebookId } = await guidebooks.create(actor, documentWithPages(), 'new', meta(actor));
  return guidebookId;
}

async function streamLength(streamId: string): Promise<number> {
  let count = 0;
  for await (const _ of store.readStream(streamId)) count++;
  return count;
}

const retitle = (title: string) => [{ op: 'replace' as const, path: ['title'], value: title }];

describe('publishing under the limit of 10', () => {
  it('20 concurrent publishes by one subscribed user: exactly 10 published, the rest refused with the spec text', async () => {
    const guidebooks = createGuidebooks({ eventStore: store, clock: testClock(), slotRetryPauseMs: 2 });
    const author = await person({ subscribed: true });
    const ids = await Promise.all(Array.from({ length: 20 }, () => newGuidebook(guidebooks, author)));
    const outcomes = await Promise.allSettled(ids.map((id) => guidebooks.publish(id, author, meta(author))));
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(MAX_PUBLISHED);
    expect(refused).toHaveLength(20 - MAX_PUBLISHED);
    for (const { reason } of refused) {
      expect(reason).toBeInstanceOf(PublishLimitError);
      expect((reason as Error).message).toBe(
        'You already have 10 published guidebooks. Please unpublish one of the guidebooks.',
      );
    }
    const states = await Promise.all(ids.map((id) => guidebooks.load(id)));
    const publishedCount = states.filter(
      (s) => s.state.status === 'active' && s.state.guidebook.settings.published,
    ).length;
    expect(publishedCount).toBe(MAX_PUBLISHED);
  });

  it("an unsubscribed user is refused with the spec's text and nothing is appended; an administrator may publish", async () => {
    const guidebooks = createGuidebooks({ eventStore: store, clock: testClock() });
    const author = await person();
    const id = await newGuidebook(guidebooks, author);
    const head = await store.headPosition();
    const refusal = await guidebooks.publish(id, author, meta(author)).catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(SubscriptionRequiredError);
    expect((refusal as Error).message).toBe('You need to subscribe to publish this guidebook');
    expect(await store.headPosition()).toBe(head);

    const admin = await person({ admin: true });
    const result = await guidebooks.publish(id, admin, meta(admin));
    expect(result.state.status === 'active' && result.state.guidebook.settings.published).toBe(true);
    // the slot is the owner's
    expect(await streamLength(publisherStream(author.userId))).toBe(1);
  });

  it('gallery guidebooks do not count; leaving the gallery at the limit is refused; unpublishing frees a slot', async () => {
    const guidebooks = createGuidebooks({ eventStore: store, clock: testClock() });
    const author = await person({ subscribed: true });
    const ids = await Promise.all(Array.from({ length: 12 }, () => newGuidebook(guidebooks, author)));
    for (const id of ids.slice(0, 10)) await guidebooks.publish(id, author, meta(author));
    await expect(guidebooks.publish(ids[10]!, author, meta(author))).rejects.toBeInstanceOf(PublishLimitError);

    await guidebooks.setPublicGallery(ids[0]!, author, true, meta(author));
    await guidebooks.publish(ids[10]!, author, meta(author));
    await expect(guidebooks.setPublicGallery(ids[0]!, author, false, meta(author))).rejects.toBeInstanceOf(
      PublishLimitError,
    );
    const gallery = await guidebooks.load(ids[0]!);
    expect(gallery.state.status === 'active' && gallery.state.guidebook.settings).toMatchObject({
      published: true,
      isPublicGallery: true,
    });

    await guidebooks.unpublish(ids[1]!, author, meta(author));
    await guidebooks.setPublicGallery(ids[0]!, author, false, meta(author));
    await expect(guidebooks.publish(ids[11]!, author, meta(author))).rejects.toBeInstanceOf(PublishLimitError);
    await guidebooks.remove(ids[2]!, author, meta(author));
    await guidebooks.publish(ids[11]!, author, meta(author));
  });

  it('when the second append fails the slot is given back; a slot left by a crash is reclaimed after a minute', async () => {
    // An event store that fails the next GuidebookPublished append, as a crash or a full disk would.
    let failNextPublish = true;
    const flaky: EventStore = {
      ...store,
      appendToStream: (streamId, events, options) => {
        if (failNextPublish && events.some((e) => e.type === 'GuidebookPublished')) {
          failNextPublish = false;
          return Promise.reject(new Error('disk full'));
        }
        return store.appendToStream(streamId, events, options);
      },
      readStream: (streamId, options) => store.readStream(streamId, options),
    };
    const clock = testClock();
    const guidebooks = createGuidebooks({ eventStore: flaky, clock });
    const author = await person({ subscribed: true });
    const id = await newGuidebook(guidebooks, author);
    await expect(guidebooks.publish(id, author, meta(author))).rejects.toThrow('disk full');
    const slots = [];
    for await (const e of store.readStream(publisherStream(author.userId))) slots.push(e.type);
    expect(slots).toEqual(['PublishSlotTaken', 'PublishSlotReleased']);

    // a crash right after taking slots: ten slots held, nothing published
    const ids = await Promise.all(Array.from({ length: 11 }, () => newGuidebook(guidebooks, author)));
    for (const leaked of ids.slice(0, 10)) {
      await store.appendToStream(publisherStream(author.userId), [
        {
          id: randomUUID(),
          type: 'PublishSlotTaken',
          data: { userId: author.userId, guidebookId: leaked, reason: 'publish', at: clock.now().toISOString() },
        },
      ]);
    }
    await expect(guidebooks.publish(ids[10]!, author, meta(author))).rejects.toBeInstanceOf(PublishLimitError);
    clock.advance(2 * 60_000);
    const result = await guidebooks.publish(ids[10]!, author, meta(author));
    expect(result.state.status === 'active' && result.state.guidebook.settings.published).toBe(true);
  });

  it('unpublish all unpublishes every published guidebook of the caller, gallery ones too', async () => {
    const guidebooks = createGuidebooks({ eventStore: store, clock: testClock() });
    const author = await person({ subscribed: true });
    const ids = await Promise.all(Array.from({ length: 3 }, () => newGuidebook(guidebooks, author)));
    for (const id of ids) await guidebooks.publish(id, author, meta(author));
    await guidebooks.setPublicGallery(ids[0]!, author, true, meta(author));
    await guidebooks.unpublish(ids[2]!, author, meta(author));
    const { unpublished } = await guidebooks.unpublishAll(author, meta(author));
    expect(unpublished.sort()).toEqual([ids[0]!, ids[1]!].sort());
    for (const id of ids) {
      const { state } = await guidebooks.load(id);
      expect(state.status === 'active' && state.guidebook.settings.published).toBe(false);
    }
  });
});

describe('history, restore, undo and redo', () => {
  it('50 edits, restore revision 10: the document equals revision 10 and the history shows 51 entries', async () => {
    const guidebooks = createGuidebooks({ eventStore: store, clock: testClock(), snapshotEvery: 20 });
    const author = await person();
    const id = await newGuidebook(guidebooks, author);
    for (let i = 1; i <= 50; i++) {
      const patches =
        i % 5 === 0
          ? [{ op: 'replace' as const, path: ['contents', 1, 'title'], value: `Days ${i}` }]
          : retitle(`Jeju ${i}`);
      await guidebooks.edit(id, author, patches, i - 1, meta(author));
    }
    const atTen = await guidebooks.documentAt(id, author, 10);
    expect(atTen.document).toMatchObject({ title: 'Jeju 9', contents: [{}, { title: 'Days 10' }] });
    expect(atTen.currentRevision).toBe(50);

    const restored = await guidebooks.restore(id, author, 10, meta(author), 50);
    expect(restored.revision).toBe(51);
    const { state } = await guidebooks.load(id);
    expect(state.status === 'active' && state.guidebook.document).toEqual(atTen.document);
    // snapshots were taken on the way (every 20 events); each revision reads the same from any of them
    expect(await streamLength(guidebookSnapshotStream(guidebookStream(id)))).toBeGreaterThanOrEqual(2);
    for (const revision of [0, 19, 20, 21, 40, 41, 51]) {
      const fresh = createGuidebooks({ eventStore: store, clock: testClock(), snapshotEvery: 1_000_000 });
      expect((await guidebooks.documentAt(id, author, revision)).document).toEqual(
        (await fresh.documentAt(id, author, revision)).document,
      );
    }

    const history = await guidebooks.history(id, author, 1, 20);
    expect(history.totalCount).toBe(51);
    expect(history.entries.map((e) => e.recorded.revision)).toEqual(Array.from({ length: 20 }, (_, i) => 51 - i));
    expect(history.entries[0]?.event).toMatchObject({
      type: 'GuidebookEdited',
      data: { kind: 'restore', restoredRevision: 10 },
    });
    expect(history.entries[0]?.who).toEqual({ userId: author.userId, name: 'Kim Minji', role: 'user' });
    const lastPage = await guidebooks.history(id, author, 3, 20);
    expect(lastPage.entries.map((e) => e.recorded.revision)).toEqual(Array.from({ length: 11 }, (_, i) => 11 - i));
    const beyond = await guidebooks.history(id, author, 4, 20);
    expect(beyond.entries).toEqual([]);
  });

  it('undo and redo work across two handler instances (two sessions, two processes)', async () => {
    const sessionA = createGuidebooks({ eventStore: store, clock: testClock() });
    const sessionB = createGuidebooks({ eventStore: store, clock: testClock() });
    const author = await person();
    const id = await newGuidebook(sessionA, author);
    await sessionA.edit(id, author, retitle('One'), 0, meta(author));
    await sessionA.edit(
      id,
      author,
      [
        {
          op: 'add',
          path: ['contents', 0, 'sections', 0, 'items', 1],
          value: newSectionItem('button', { newId: () => 'btn-1' }),
        },
      ],
      1,
      meta(author),
    );
    await sessionA.deleteItem(id, (await documentOf(sessionA, id)).contents[0]!._id, 'btn-1', author, meta(author));

    const title = async (s: Guidebooks) => (await documentOf(s, id)).title;
    const items = async (s: Guidebooks) => (await documentOf(s, id)).contents[0]!.sections[0]!.items.length;
    await sessionB.undo(id, author, meta(author)); // the deletion
    expect(await items(sessionA)).toBe(2);
    await sessionA.undo(id, author, meta(author)); // the added button
    expect(await items(sessionB)).toBe(1);
    await sessionB.undo(id, author, meta(author)); // the title
    expect(await title(sessionA)).toBe('Jeju');
    await expect(sessionA.undo(id, author, meta(author))).rejects.toBeInstanceOf(ConflictError);

    await sessionA.redo(id, author, meta(author));
    expect(await title(sessionB)).toBe('One');
    await sessionB.redo(id, author, meta(author));
    expect(await items(sessionA)).toBe(2);
    // a new change ends the redo chain
    await sessionA.edit(id, author, retitle('Two'), (await sessionA.load(id)).revision, meta(author));
    await expect(sessionB.redo(id, author, meta(author))).rejects.toBeInstanceOf(ConflictError);
    await sessionB.undo(id, author, meta(author));
    expect(await title(sessionA)).toBe('One');
  });

  it('a stale If-Match is refused with the current revision and appends nothing', async () => {
    const guidebooks = createGuidebooks({ eventStore: store, clock: testClock() });
    const author = await person();
    const id = await newGuidebook(guidebooks, author);
    await guidebooks.edit(id, author, retitle('A'), 0, meta(author));
    const error = await guidebooks.edit(id, author, retitle('B'), 0, meta(author)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RevisionMismatchError);
    expect((error as RevisionMismatchError).extra.currentRevision).toBe(1);
    expect(await streamLength(guidebookStream(id))).toBe(2);
  });

  it('an If-Match older only by recorded thumbnails is not stale; one older by a person’s change still is', async () => {
    const guidebooks = createGuidebooks({ eventStore: store, clock: testClock() });
    const author = await person();
    const id = await newGuidebook(guidebooks, author);
    const causation = { eventId: randomUUID() };
    await guidebooks.recordThumbnail(
      id,
      '/media/thumbnails/a.webp',
      new Date('2026-11-22T09:00:01.000Z'),
      causation,
      900,
    );
    await guidebooks.recordThumbnail(
      id,
      '/media/thumbnails/b.webp',
      new Date('2026-11-22T09:00:02.000Z'),
      causation,
      900,
    );
    const edited = await guidebooks.edit(id, author, retitle('A'), 0, meta(author));
    expect(edited.revision).toBe(3);
    expect(decodeGuidebookEvent(edited.events[0]!.type, edited.events[0]!.data)).toMatchObject({
      type: 'GuidebookEdited',
      data: { baseRevision: 2 },
    });

    await guidebooks.recordThumbnail(
      id,
      '/media/thumbnails/c.webp',
      new Date('2026-11-22T09:00:03.000Z'),
      causation,
      900,
    );
    const error = await guidebooks.edit(id, author, retitle('B'), 2, meta(author)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RevisionMismatchError);
    expect((error as RevisionMismatchError).extra.currentRevision).toBe(4);
  });

  it('a guidebook of the first thread (version-1 GuidebookCreated) loads, upcast, and takes edits', async () => {
    const guidebooks = createGuidebooks({ eventStore: store, clock: testClock() });
    const author = await person();
    const id = randomUUID();
    const legacy: StoreEvent = {
      id: randomUUID(),
      type: 'GuidebookCreated',
      data: { guidebookId: id, uuid: 'abc123', title: '부산 여행', createdAt: '2026-11-01T00:00:00.000Z' },
      metadata: { userId: author.userId },
    };
    await store.appendToStream(guidebookStream(id), [legacy]);
    const result = await guidebooks.edit(id, author, retitle('부산 1박 2일'), 0, meta(author));
    expect(result.state.status === 'active' && result.state.guidebook).toMatchObject({
      ownerId: author.userId,
      document: { title: '부산 1박 2일' },
    });
  });
});

async function documentOf(guidebooks: Guidebooks, id: string): Promise<GuidebookDocument> {
  const { state } = await guidebooks.load(id);
  if (state.status !== 'active') throw new Error('no guidebook');
  return state.guidebook.document;
}

describe('snapshots', () => {
  it('a guidebook with 10,000 saved edits loads reading fewer than 200 events, and its state is the full fold', async () => {
    const clock = testClock();
    const guidebooks = createGuidebooks({ eventStore: store, clock });
    const author = await person();
    const id = await newGuidebook(guidebooks, author);
    const streamId = guidebookStream(id);
    // 9,999 edits written straight to the store in batches (the same events the handler writes), then the rest
    // through the handler, which snapshots as it goes.
    await appendTitleEdits(store, {
      guidebookId: id,
      userId: author.userId,
      count: 9_999,
      editedAt: '2026-11-22T09:00:00.000Z',
    });
    // The stream gained its day's quota (GUIDEBOOK_EVENTS_PER_DAY) on 22 November: a further change waits for the next day.
    const head = await store.headPosition();
    await expect(guidebooks.edit(id, author, retitle('One too many'), 9_999, meta(author))).rejects.toThrow(
      GROWTH_QUOTA_MESSAGE,
    );
    expect(await store.headPosition()).toBe(head);
    clock.advance(24 * 60 * 60_000);
    await guidebooks.edit(
      id,
      author,
      [
        {
          op: 'replace',
          path: ['contents', 1, 'days'],
          value: [{ _id: 'd1', title: richParagraph('Day 1'), activities: [], meals: [] }],
        },
      ],
      9_999,
      meta(author),
    );
    for (let revision = 10_000; revision < 10_010; revision++)
      await guidebooks.edit(id, author, retitle(`Last ${revision}`), revision, meta(author));

    const loaded = await guidebooks.load(id);
    expect(loaded.revision).toBe(10_010);
    expect(loaded.eventsRead).toBeLessThan(200);
    const fullFold = createGuidebooks({
      eventStore: store,
      clock: testClock(),
      snapshotEvery: Number.MAX_SAFE_INTEGER,
    });
    const withoutSnapshots = createStreamLoader(store, guidebookDecider, {
      toEvent: (recorded) => decodeGuidebookEvent(recorded.type, recorded.data, { metadata: recorded.metadata }),
    });
    const snapshotless = await withoutSnapshots(streamId);
    expect(snapshotless.eventsRead).toBe(10_011);
    expect(loaded.state).toEqual(snapshotless.state);
    expect((await fullFold.documentAt(id, author, 5_000)).document.title).toBe('Jeju 5000');
  });
});
