import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent } from '@pocketguide/platform/event-store/event-store';
import type { Doc } from '@pocketguide/platform/read-store/read-store';
import { asStored } from '../event-readers.ts';
import type { Projector } from '../projector.ts';

/**
 * A projector that makes lost and doubled events visible, for the runner's tests: one document per `counter-…`
 * stream counting its events. `count` is exact only if every event was applied once; `outOfOrder` counts events
 * whose stream revision was not the next one expected.
 */
export type CounterDoc = Doc & { count: number; lastRevision: number; outOfOrder: number; total: number };

export const COUNTER_CATEGORY = 'counter';
export const COUNTED = 'Counted';

export function createCountingProjector(name = 'counting'): Projector<CounterDoc> {
  return {
    name,
    collection: name,
    indexes: [{ fields: { count: -1 } }],
    filter: { streamCategories: [COUNTER_CATEGORY], eventTypes: [COUNTED] },
    // the runner's tests count deliveries, whatever the data
    decode: asStored,
    documentIds: (event) => [event.streamId],
    evolve(doc, event) {
      const count = doc?.count ?? 0;
      const amount = (event.data as { amount?: unknown }).amount;
      return {
        id: event.streamId,
        count: count + 1,
        lastRevision: event.revision,
        outOfOrder: (doc?.outOfOrder ?? 0) + (event.revision === count ? 0 : 1),
        total: (doc?.total ?? 0) + (typeof amount === 'number' ? amount : 0),
      };
    },
  };
}

/** `Counted` events, `perStream` per stream, appended one stream at a time in concurrent waves (group commits). */
export async function appendCountedEvents(
  eventStore: EventStore,
  options: { streams: number; perStream: number; prefix?: string; type?: string },
): Promise<void> {
  const prefix = options.prefix ?? 'c';
  const appends: Array<() => Promise<unknown>> = [];
  for (let s = 0; s < options.streams; s += 1) {
    const events: NewEvent[] = Array.from({ length: options.perStream }, (_, i) => ({
      id: randomUUID(),
      type: options.type ?? COUNTED,
      data: { amount: i + 1 },
    }));
    appends.push(() => eventStore.appendToStream(`${COUNTER_CATEGORY}-${prefix}${s}`, events));
  }
  for (let i = 0; i < appends.length; i += 100) await Promise.all(appends.slice(i, i + 100).map((append) => append()));
}
