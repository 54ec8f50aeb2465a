import { Transform, type TransformCallback } from 'node:stream';
import type { EventStoreDBClient } from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import type { ReadAllOptions } from './event-store.ts';
import { EventStoreDbEventStore } from './eventstoredb-event-store.ts';

/**
 * No EventStoreDB server can run here (the contract suite runs the filtered reads against a real one where Docker
 * runs), so this models the calls a filtered `readAll` makes, with the server's documented behaviour: `$all` holds
 * our events and system records at byte-offset positions; `readAll` reads from a position inclusively; a filtered
 * `subscribeToAll` starts after its position, sends only the records its prefix filter matches, a checkpoint every
 * `checkpointInterval` × 32 records considered, and at the end of its catch-up a checkpoint at the end of the log
 * and then `caughtUp` (servers before 23.10 send no `caughtUp`).
 */
type Stored = { id: string; streamId: string; type: string; position: bigint };

function serverModel(records: Stored[], { caughtUp = true } = {}) {
  const wire = { subscriptionEvents: 0, readAllEvents: 0, subscriptions: 0, unsubscribed: 0 };
  const endOfLog = (records.at(-1)?.position ?? 0n) + 100n;
  const resolved = (record: Stored) => ({
    event: {
      id: record.id,
      type: record.type,
      streamId: record.streamId,
      revision: 0n,
      data: {},
      metadata: {},
      position: { commit: record.position, prepare: record.position },
      created: new Date(0),
      isJson: true,
      contentType: 'application/json',
    },
  });
  const client = {
    readAll(options: { direction?: string; fromPosition?: unknown; maxCount?: number }) {
      const backwards = options.direction === 'backwards';
      const from = options.fromPosition;
      let list = backwards ? [...records].reverse() : [...records];
      if (typeof from === 'object' && from !== null) {
        const at = (from as { commit: bigint }).commit;
        list = list.filter((record) => (backwards ? record.position <= at : record.position >= at));
      }
      list = list.slice(0, options.maxCount ?? list.length);
      const items = async function* () {
        for (const record of list) {
          wire.readAllEvents += 1;
          yield resolved(record);
        }
      };
      return Object.assign(items(), { cancel: async () => undefined });
    },
    subscribeToAll(options: {
      fromPosition?: unknown;
      filter?: {
        filterOn: string;
        prefixes: string[];
        checkpointInterval: number;
        checkpointReached?: (subscription: unknown, position: { commit: bigint; prepare: bigint }) => void;
      };
    }) {
      wire.subscriptions += 1;
      const filter = options.filter;
      if (!filter) throw new Error('the model only serves filtered subscriptions');
      const after =
        typeof options.fromPosition === 'object' ? (options.fromPosition as { commit: bigint }).commit : -1n;
      const matches = (record: Stored) =>
        filter.prefixes.some((prefix) =>
          (filter.filterOn === 'streamName' ? record.streamId : record.type).startsWith(prefix),
        );
      type Response = { event: Stored } | { checkpoint: bigint } | { caughtUp: true };
      const subscription = new (class extends Transform {
        override _transform(response: Response, _encoding: BufferEncoding, next: TransformCallback): void {
          if ('caughtUp' in response) this.emit('caughtUp');
          if ('checkpoint' in response)
            filter.checkpointReached?.(this, { commit: response.checkpoint, prepare: response.checkpoint });
          if ('event' in response) {
            wire.subscriptionEvents += 1;
            return next(null, resolved(response.event));
          }
          next();
        }
        async unsubscribe(): Promise<void> {
          wire.unsubscribed += 1;
        }
      })({ objectMode: true });
      const responses: Response[] = [];
      let considered = 0;
      for (const record of records.filter((r) => r.position > after)) {
        if (matches(record)) responses.push({ event: record });
        considered += 1;
        if (considered % (filter.checkpointInterval * 32) === 0) responses.push({ checkpoint: record.position });
      }
      responses.push({ checkpoint: endOfLog });
      if (caughtUp) responses.push({ caughtUp: true });
      // the server answers over the network, after the caller has its subscription in hand
      setImmediate(() => {
        for (const response of responses) subscription.write(response);
      });
      return subscription;
    },
  };
  return { store: new EventStoreDbEventStore(client as unknown as EventStoreDBClient), wire };
}

/** 200 records: a guidebook event every tenth, orders in between, system records, and a system record last. */
function log(): Stored[] {
  const records: Stored[] = [];
  for (let i = 0; i < 200; i++) {
    const position = BigInt(1000 + i * 137);
    if (i === 199) records.push({ id: `s${i}`, streamId: '$stats-node', type: '$statsCollected', position });
    else if (i % 10 === 3) records.push({ id: `g${i}`, streamId: `guidebook-${i}`, type: 'GuidebookSaved', position });
    else if (i % 10 === 7) records.push({ id: `l${i}`, streamId: `order-${i}`, type: 'OrderLineAdded', position });
    else records.push({ id: `o${i}`, streamId: `order-${i}`, type: 'OrderPlaced', position });
  }
  return records;
}

async function read(store: EventStoreDbEventStore, options: ReadAllOptions): Promise<string[]> {
  const ids: string[] = [];
  for await (const event of store.readAll(options)) ids.push(event.id);
  return ids;
}

const guidebookIds = log()
  .filter((record) => record.streamId.startsWith('guidebook-'))
  .map((record) => record.id);

describe('EventStoreDB readAll with a filter', () => {
  it('reads through a filtered subscription: only the matching events cross the wire, and it unsubscribes', async () => {
    const { store, wire } = serverModel(log());
    expect(await read(store, { filter: { streamCategories: ['guidebook'] } })).toEqual(guidebookIds);
    expect(wire).toMatchObject({ subscriptions: 1, unsubscribed: 1, subscriptionEvents: guidebookIds.length });
    // one record read back to find the end of the log, never the whole of $all
    expect(wire.readAllEvents).toBe(1);
  });

  it('ends on a server that never says caughtUp, also when nothing matches', async () => {
    const old = serverModel(log(), { caughtUp: false });
    expect(await read(old.store, { filter: { streamCategories: ['guidebook'] } })).toEqual(guidebookIds);
    expect(await read(old.store, { filter: { streamCategories: ['invoice'] } })).toEqual([]);
    expect(old.wire.unsubscribed).toBe(2);
  });

  it('`from` is inclusive and `after` exclusive, as on the other engines', async () => {
    const { store } = serverModel(log());
    const position = 1000 + 53 * 137; // g53
    expect((await read(store, { from: position, filter: { streamCategories: ['guidebook'] } }))[0]).toBe('g53');
    expect((await read(store, { after: position, filter: { streamCategories: ['guidebook'] } }))[0]).toBe('g63');
    expect(await read(store, { from: position, maxCount: 1, filter: { streamCategories: ['guidebook'] } })).toEqual([
      'g53',
    ]);
  });

  it('respects maxCount', async () => {
    const { store, wire } = serverModel(log());
    expect(await read(store, { maxCount: 3, filter: { streamCategories: ['guidebook'] } })).toEqual(
      guidebookIds.slice(0, 3),
    );
    expect(wire.unsubscribed).toBe(1);
  });

  it('a type prefix over-matches on the server (`OrderLine` sends `OrderLineAdded`); the final check keeps exact types', async () => {
    const { store, wire } = serverModel(log());
    expect(await read(store, { filter: { eventTypes: ['OrderLine'] } })).toEqual([]);
    expect(wire.subscriptionEvents).toBeGreaterThan(0);
    const placed = await read(store, { filter: { eventTypes: ['OrderPlaced'] } });
    expect(placed.length).toBeGreaterThan(0);
    expect(placed.every((id) => id.startsWith('o'))).toBe(true);
  });
});
