import { describe, expect, it } from 'vitest';
import type { Doc } from '@pocketguide/platform/read-store/read-store';
import { asStored } from '../event-readers.ts';
import type { Projector } from '../projector.ts';
import { COUNTED, createCountingProjector } from './counting-projector.ts';
import { expectIdempotent, projectEvents, recordedEvents } from './project.ts';

const events = recordedEvents([
  { streamId: 'counter-a', type: COUNTED, data: { amount: 2 } },
  { streamId: 'counter-b', type: COUNTED, data: { amount: 5 } },
  { streamId: 'other-x', type: COUNTED, data: { amount: 100 } },
  { streamId: 'counter-a', type: 'Renamed', data: {} },
  { streamId: 'counter-a', type: COUNTED, data: { amount: 3 } },
]);

describe('projector test helpers', () => {
  it('projectEvents folds the events the projector selects into documents by id', () => {
    const docs = projectEvents(createCountingProjector(), events);
    expect([...docs.keys()]).toEqual(['counter-a', 'counter-b']);
    expect(docs.get('counter-a')).toMatchObject({ count: 2, total: 5 });
    expect(docs.get('counter-b')).toMatchObject({ count: 1, total: 5 });
  });

  it('expectIdempotent passes for a pure projector and returns its documents', () => {
    expect(expectIdempotent(createCountingProjector(), events).get('counter-a')).toMatchObject({ count: 2 });
  });

  it('expectIdempotent catches a projector with hidden state', () => {
    let calls = 0;
    const impure: Projector = {
      name: 'impure',
      collection: 'impure',
      decode: asStored,
      documentIds: (event) => [event.streamId],
      evolve: (_doc, event): Doc => ({ id: event.streamId, calls: (calls += 1) }),
    };
    expect(() => expectIdempotent(impure, events)).toThrow(/impure/);
  });

  it('a deleted document forgets its position, as in the read store', () => {
    const deleting: Projector = {
      name: 'deleting',
      collection: 'deleting',
      decode: asStored,
      documentIds: (event) => [event.streamId],
      evolve: (doc, event) => (event.type === 'Renamed' ? null : { id: event.streamId, n: Number(doc?.n ?? 0) + 1 }),
    };
    const docs = expectIdempotent(deleting, events);
    expect(docs.get('counter-a')).toEqual({ id: 'counter-a', n: 1 });
  });
});
