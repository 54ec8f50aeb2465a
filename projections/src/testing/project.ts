import { expect } from 'vitest';
import type { RecordedEvent } from '@pocketguide/platform/event-store/event-store';
import type { Doc } from '@pocketguide/platform/read-store/read-store';
import { evolveDocuments, type ProjectedDocument } from '../projection-runner.ts';
import type { Projector } from '../projector.ts';

/**
 * Pure helpers for projector unit tests. They fold events exactly as the runner does (same filter, same position
 * guard, through the same `evolveDocuments`), with an in-memory map in place of the read store. As in the read
 * store, deleting a document forgets its position.
 */

type ProjectionState<D extends Doc> = Map<string, { doc: D; position: number }>;

function applyEvent<D extends Doc>(projector: Projector<D>, state: ProjectionState<D>, event: RecordedEvent): void {
  const current = (id: string): ProjectedDocument<D> => state.get(id) ?? { doc: null, position: null };
  for (const { id, doc } of evolveDocuments(projector, event, current)) {
    if (doc === null) state.delete(id);
    else state.set(id, { doc, position: event.position });
  }
}

function documentsOf<D extends Doc>(state: ProjectionState<D>): Map<string, D> {
  return new Map([...state].map(([id, { doc }]) => [id, doc]));
}

/** The documents the projector builds from these events, by id. */
export function projectEvents<D extends Doc>(
  projector: Projector<D>,
  events: readonly RecordedEvent[],
): Map<string, D> {
  const state: ProjectionState<D> = new Map();
  for (const event of events) applyEvent(projector, state, event);
  return documentsOf(state);
}

/**
 * Asserts that delivering events again changes nothing: each event applied twice in a row, and the whole log
 * replayed after it was applied once, both give the documents of a single pass. Returns those documents.
 */
export function expectIdempotent<D extends Doc>(
  projector: Projector<D>,
  events: readonly RecordedEvent[],
): Map<string, D> {
  const once = projectEvents(projector, events);

  const eachTwice: ProjectionState<D> = new Map();
  for (const event of events) {
    applyEvent(projector, eachTwice, event);
    applyEvent(projector, eachTwice, event);
  }
  expect(documentsOf(eachTwice), `${projector.name}: every event applied twice`).toEqual(once);

  const replayed: ProjectionState<D> = new Map();
  for (const event of [...events, ...events]) applyEvent(projector, replayed, event);
  expect(documentsOf(replayed), `${projector.name}: the whole log replayed`).toEqual(once);

  return once;
}

/** Builds RecordedEvents for projector tests: positions follow the order given, revisions count per stream. */
export function recordedEvents(
  events: ReadonlyArray<{ streamId: string; type: string; data: unknown; recordedAt?: string; id?: string }>,
): RecordedEvent[] {
  const revisions = new Map<string, number>();
  return events.map((event, index) => {
    const revision = revisions.get(event.streamId) ?? 0;
    revisions.set(event.streamId, revision + 1);
    return {
      id: event.id ?? `00000000-0000-4000-8000-${String(index + 1).padStart(12, '0')}`,
      type: event.type,
      data: event.data,
      metadata: {},
      streamId: event.streamId,
      revision,
      position: index + 1,
      recordedAt: event.recordedAt ?? new Date(Date.UTC(2025, 0, 1, 0, 0, index)).toISOString(),
    };
  });
}
