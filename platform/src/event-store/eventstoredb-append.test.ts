import { randomUUID } from 'node:crypto';
import {
  MaxAppendSizeExceededError,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type EventStoreDBClient,
} from '@eventstore/db-client';
import { describe, expect, it } from 'vitest';
import { AppendTooLargeError, type NewEvent } from './event-store.ts';
import { EventStoreDbEventStore, appendSizeOf } from './eventstoredb-event-store.ts';

/**
 * No EventStoreDB server can run here, so this models the two calls the append path makes, with the server's
 * documented semantics: an append whose expected revision is the stream's current one is a normal append (event ids
 * are checked only against an older expected revision), and an append over MaxAppendSize is refused.
 */
function serverModel(maxAppendSize = 1_048_576) {
  type Stored = { id: string; type: string; data: unknown; metadata: unknown; revision: bigint; position: bigint };
  const streams = new Map<string, Stored[]>();
  let position = 1000n;
  let appends = 0;
  const client = {
    async appendToStream(
      streamId: string,
      events: { id: string; type: string; data: unknown; metadata: unknown }[],
      options: { expectedRevision: unknown },
    ) {
      appends += 1;
      const size = events.reduce(
        (sum, e) => sum + Buffer.byteLength(JSON.stringify(e.data)) + Buffer.byteLength(JSON.stringify(e.metadata)),
        0,
      );
      if (size > maxAppendSize) throw new MaxAppendSizeExceededError(undefined, maxAppendSize);
      const stream = streams.get(streamId) ?? [];
      const current = BigInt(stream.length) - 1n;
      const expected = options.expectedRevision;
      if (typeof expected === 'bigint' && expected !== current) {
        // idempotent only for an older expected revision whose following events are this batch
        const following = stream.slice(Number(expected) + 1, Number(expected) + 1 + events.length);
        if (
          expected < current &&
          following.length === events.length &&
          following.every((s, i) => s.id === events[i]!.id)
        ) {
          const last = following.at(-1)!;
          return { success: true, nextExpectedRevision: last.revision, position: undefined };
        }
        throw new WrongExpectedVersionError(undefined, {
          streamName: streamId,
          expected,
          current: stream.length === 0 ? 'no_stream' : current,
        } as never);
      }
      for (const event of events) {
        position += 137n; // byte offsets, not dense
        stream.push({ ...event, revision: BigInt(stream.length), position });
      }
      streams.set(streamId, stream);
      const last = stream.at(-1)!;
      return {
        success: true,
        nextExpectedRevision: last.revision,
        position: { commit: last.position, prepare: last.position },
      };
    },
    readStream(streamId: string, options: { direction: string; fromRevision: unknown; maxCount?: number }) {
      const stream = streams.get(streamId);
      const items = async function* () {
        if (!stream) throw new StreamNotFoundError(undefined as never, streamId);
        const backwards = options.direction === 'backwards';
        let list = backwards ? [...stream].reverse() : [...stream];
        if (typeof options.fromRevision === 'bigint') {
          const from = options.fromRevision;
          list = list.filter((e) => (backwards ? e.revision <= from : e.revision >= from));
        }
        for (const e of list.slice(0, options.maxCount ?? list.length)) {
          yield {
            event: {
              id: e.id,
              type: e.type,
              data: e.data,
              metadata: e.metadata,
              streamId,
              revision: e.revision,
              position: { commit: e.position, prepare: e.position },
              created: new Date(0),
              isJson: true,
              contentType: 'application/json',
            },
          };
        }
      };
      return Object.assign(items(), { cancel: async () => undefined });
    },
  };
  return { client: client as unknown as EventStoreDBClient, streams, appends: () => appends };
}

const newEvent = (data: unknown = {}): NewEvent => ({ id: randomUUID(), type: 'GuidebookSaved', data });

describe('EventStoreDB appends', () => {
  it('a retry whose expected revision is the current one (its own batch is the tail) is stored once', async () => {
    const server = serverModel();
    const store = new EventStoreDbEventStore(server.client);
    const first = await store.appendToStream('guidebook-1', [newEvent()], { expectedRevision: 'no_stream' });
    const batch = [newEvent(), newEvent()];
    const original = await store.appendToStream('guidebook-1', batch, { expectedRevision: first.nextExpectedRevision });
    // the retry: the command handler reloaded the stream (or a snapshot) and now expects the batch's last revision
    const retry = await store.appendToStream('guidebook-1', batch, { expectedRevision: original.nextExpectedRevision });
    expect(retry).toEqual(original);
    expect(server.streams.get('guidebook-1')).toHaveLength(3);
  });

  it('an append at the current revision with new ids is appended as usual', async () => {
    const server = serverModel();
    const store = new EventStoreDbEventStore(server.client);
    const first = await store.appendToStream('guidebook-1', [newEvent()], { expectedRevision: 'no_stream' });
    const next = await store.appendToStream('guidebook-1', [newEvent()], {
      expectedRevision: first.nextExpectedRevision,
    });
    expect(next.nextExpectedRevision).toBe(1);
    expect(server.streams.get('guidebook-1')).toHaveLength(2);
  });

  it('a document near the limit is stored; one over it is refused with AppendTooLargeError before the server', async () => {
    const limit = 2_200_000;
    const server = serverModel(limit);
    const store = new EventStoreDbEventStore(server.client, { maxAppendBytes: limit });
    const near = newEvent({ html: 'x'.repeat(2_000_000) });
    expect(appendSizeOf([near])).toBeLessThan(limit);
    await store.appendToStream('guidebook-1', [near], { expectedRevision: 'no_stream' });
    const over = newEvent({ html: 'x'.repeat(limit) });
    const appendsBefore = server.appends();
    await expect(store.appendToStream('guidebook-1', [over], { expectedRevision: 0 })).rejects.toBeInstanceOf(
      AppendTooLargeError,
    );
    expect(server.appends()).toBe(appendsBefore);
  });

  it("the server's own MaxAppendSize refusal (a server with a lower limit) becomes AppendTooLargeError, not a 500", async () => {
    const server = serverModel(1_048_576);
    const store = new EventStoreDbEventStore(server.client, { maxAppendBytes: 8_388_608 });
    const error = await store
      .appendToStream('guidebook-1', [newEvent({ html: 'x'.repeat(1_500_000) })])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppendTooLargeError);
    expect((error as AppendTooLargeError).maxBytes).toBe(1_048_576);
  });
});

describe('EventStoreDB ping', () => {
  it('a server that never answers fails the ping at its deadline instead of hanging health', async () => {
    let cancelled = false;
    const hung = {
      readAll: () =>
        Object.assign(
          (async function* () {
            await new Promise<never>(() => {});
            yield undefined;
          })(),
          { cancel: async () => void (cancelled = true) },
        ),
    } as unknown as EventStoreDBClient;
    const store = new EventStoreDbEventStore(hung);
    await expect(store.ping(50)).rejects.toThrow(/did not answer within 50 ms/);
    expect(cancelled).toBe(true);
  });
});
