import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventStore } from '@pocketguide/platform/event-store/event-store';
import { createSqliteEventStore } from '@pocketguide/platform/event-store/sqlite-event-store';
import { RevisionMismatchError, ValidationError } from '@pocketguide/platform/http/errors';
import { createCommandHandler } from './command-handler.ts';
import type { Decider } from './decider.ts';

type Added = { type: 'Added'; data: { amount: number } };
type Add = { type: 'Add'; amount: number };
/** A tiny decider: a total that refuses to go over 100. */
const total: Decider<number, Add, Added> = {
  initialState: () => 0,
  evolve: (sum, event) => sum + event.data.amount,
  decide(command, sum) {
    if (command.amount === 0) return [];
    if (sum + command.amount > 100) throw new ValidationError('Total may not exceed 100');
    return [{ type: 'Added', data: { amount: command.amount } }];
  },
};

let store: EventStore;
beforeAll(() => {
  store = createSqliteEventStore({ path: resolve(import.meta.dirname, `../../../test-output/tmp/handler-${randomUUID()}.sqlite`) });
});
afterAll(() => store.close());

const handle = () => createCommandHandler(store, total);
const meta = (commandId: string = randomUUID()) => ({ commandId, userId: 'u1', correlationId: 'c1', causationId: 'c1' });
const stream = () => `total-${randomUUID()}`;

async function eventsOf(streamId: string) {
  const events = [];
  for await (const e of store.readStream(streamId)) events.push(e);
  return events;
}

describe('the generic command handler', () => {
  it('loads, decides and appends with the expected revision, recording the metadata', async () => {
    const id = stream();
    const first = await handle()(id, { type: 'Add', amount: 10 }, { metadata: meta() });
    const second = await handle()(id, { type: 'Add', amount: 5 }, { metadata: meta('cmd-two') });
    expect(first).toMatchObject({ state: 10, revision: 0, alreadyHandled: false });
    expect(second).toMatchObject({ state: 15, revision: 1, alreadyHandled: false });
    expect(second.position).toBeGreaterThan(first.position);
    const events = await eventsOf(id);
    expect(events.map((e) => e.data)).toEqual([{ amount: 10 }, { amount: 5 }]);
    expect(events[1]?.metadata).toMatchObject({ commandId: 'cmd-two', userId: 'u1', correlationId: 'c1', causationId: 'c1' });
  });

  it('a command id seen before appends nothing and answers as the first time', async () => {
    const id = stream();
    const metadata = meta();
    const first = await handle()(id, { type: 'Add', amount: 10 }, { metadata });
    const again = await handle()(id, { type: 'Add', amount: 10 }, { metadata });
    expect(again).toMatchObject({ alreadyHandled: true, position: first.position, state: 10 });
    expect(await eventsOf(id)).toHaveLength(1);
  });

  it('the same command sent twice at once is stored once', async () => {
    const id = stream();
    const metadata = meta();
    const results = await Promise.all([
      handle()(id, { type: 'Add', amount: 7 }, { metadata }),
      handle()(id, { type: 'Add', amount: 7 }, { metadata }),
    ]);
    expect(new Set(results.map((r) => r.position)).size).toBe(1);
    expect(await eventsOf(id)).toHaveLength(1);
  });

  it('refused commands append nothing', async () => {
    const id = stream();
    await handle()(id, { type: 'Add', amount: 90 }, { metadata: meta() });
    await expect(handle()(id, { type: 'Add', amount: 20 }, { metadata: meta() })).rejects.toBeInstanceOf(ValidationError);
    expect(await eventsOf(id)).toHaveLength(1);
  });

  it('a command that changes nothing appends nothing', async () => {
    const id = stream();
    const result = await handle()(id, { type: 'Add', amount: 0 }, { metadata: meta() });
    expect(result).toMatchObject({ events: [], revision: -1 });
    expect(await eventsOf(id)).toHaveLength(0);
  });

  it('a stale If-Match revision is refused with 412 and the current revision', async () => {
    const id = stream();
    await handle()(id, { type: 'Add', amount: 1 }, { metadata: meta() });
    await handle()(id, { type: 'Add', amount: 1 }, { metadata: meta() });
    const error = await handle()(id, { type: 'Add', amount: 1 }, { metadata: meta(), expectedRevision: 0 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RevisionMismatchError);
    expect((error as RevisionMismatchError).extra.currentRevision).toBe(1);
    expect((error as RevisionMismatchError).status).toBe(412);
    expect(await eventsOf(id)).toHaveLength(2);
  });

  it('concurrent different commands: without retry one loses with 412; with retry both land', async () => {
    const id = stream();
    await handle()(id, { type: 'Add', amount: 1 }, { metadata: meta() });
    const noRetry = await Promise.allSettled([
      handle()(id, { type: 'Add', amount: 2 }, { metadata: meta() }),
      handle()(id, { type: 'Add', amount: 3 }, { metadata: meta() }),
    ]);
    const rejected = noRetry.filter((r) => r.status === 'rejected');
    // both loaded revision 0; the store lets exactly one append at that revision
    expect(rejected).toHaveLength(1);
    expect((rejected[0] as PromiseRejectedResult).reason).toBeInstanceOf(RevisionMismatchError);

    const withRetry = await Promise.all([
      handle()(id, { type: 'Add', amount: 4 }, { metadata: meta(), retryOnConflict: true }),
      handle()(id, { type: 'Add', amount: 5 }, { metadata: meta(), retryOnConflict: true }),
    ]);
    expect(withRetry.map((r) => r.revision).sort()).toEqual([2, 3]);
    const events = await eventsOf(id);
    const winner = noRetry[0]?.status === 'fulfilled' ? 2 : 3;
    expect(events.map((e) => (e.data as { amount: number }).amount)).toEqual([1, winner, ...[...withRetry].sort((a, b) => a.revision - b.revision).map((r) => (r.events[0]?.data as { amount: number }).amount)]);
  });
});
