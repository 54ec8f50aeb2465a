import type { EventFilter, RecordedEvent } from '@pocketguide/platform/event-store/event-store';
import type { Doc, IndexSpec } from '@pocketguide/platform/read-store/read-store';
import type { DomainEvent, Logged } from './event-readers.ts';

/**
 * A projector builds one read model from the log. It is pure: `evolve` gets the document as it stands (or null)
 * and one event, and returns the next document (or null to delete it). No clock, no ids, no I/O.
 *
 * It is typed by the events it reads, `E`: `decode` turns a recorded event into one of them (decoded with its
 * schema and upcast, see `event-readers.ts`) or says it is none of them, and `documentIds` and `evolve` only ever
 * get what `decode` gave.
 */
export interface Projector<D extends Doc = Doc, E extends DomainEvent = DomainEvent> {
  /** the read model's name and the projector's checkpoint key, e.g. `guidebook-list` */
  name: string;
  /** the read-store collection it owns */
  collection: string;
  indexes?: readonly IndexSpec[];
  /** events it cares about; the others only move its checkpoint */
  filter?: EventFilter;
  /**
   * The event as this read model reads it, or null when it is none of its events (it then only moves the
   * checkpoint). Throws when a stored event does not fit its schema: the read model stops there, never misreads.
   */
  decode(recorded: RecordedEvent): Logged<E> | null;
  /** the documents an event touches (usually one) */
  documentIds(event: Logged<E>): readonly string[];
  /** `id` says which of the event's documents is being built, for events that touch several */
  evolve(doc: D | null, event: Logged<E>, id: string): D | null;
  /**
   * One document kept beside the others that folds every change of theirs (the state before and after an event),
   * so a read of totals is one document however many entities there are. Written in the same batch as the changes
   * it folds, guarded by position like any document.
   */
  summary?: {
    id: string;
    evolve(summary: D | null, change: { id: string; before: D | null; after: D | null }): D;
  };
}

/**
 * A projector's fold over recorded events, each read through its `decode` (an event it does not read leaves the
 * document as it is): for replays outside the runner, such as a guidebook as it was at an instant.
 */
export const recordedFold =
  <D extends Doc, E extends DomainEvent>(projector: Projector<D, E>) =>
  (doc: D | null, recorded: RecordedEvent, id: string): D | null => {
    const event = projector.decode(recorded);
    return event === null ? doc : projector.evolve(doc, event, id);
  };
