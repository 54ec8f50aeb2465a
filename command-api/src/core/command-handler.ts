import {
  WrongExpectedRevisionError,
  type EventMetadata,
  type EventStore,
  type RecordedEvent,
} from '@pocketguide/platform/event-store/event-store';
import { RevisionMismatchError } from '@pocketguide/platform/http/errors';
import type { Decider, DomainEvent } from './decider.ts';
import { deriveEventId } from './ids.ts';

export type CommandMetadata = EventMetadata & { commandId: string };

export type HandleOptions = {
  metadata: CommandMetadata;
  /**
   * The revision the caller saw (`If-Match`). When given, a stream at any other revision refuses the command
   * with 412 and the current revision, and the command is never retried.
   */
  expectedRevision?: number | 'no_stream';
  /** retry once on a lost race (the stream moved between load and append); only for commands whose decision
   *  does not depend on what the caller saw */
  retryOnConflict?: boolean;
};

export type CommandResult<State> = {
  state: State;
  /** the events this command produced (on a repeated command id: the ones it produced the first time) */
  events: AcceptedEvent[];
  /** revision of the stream's last event after the command (-1: the stream does not exist) */
  revision: number;
  /** global position to wait for when reading your own write (the stream's last position when nothing changed) */
  position: number;
  /** true when this command id had already been handled: nothing was appended */
  alreadyHandled: boolean;
};

export type AcceptedEvent = Pick<RecordedEvent, 'id' | 'type' | 'data' | 'revision'>;

type Loaded<State> = { state: State; revision: number; position: number; earlier: RecordedEvent[] };

/**
 * The generic write path: load the stream, fold it, decide, append with the expected revision.
 * Idempotent by command id: events carry the command id in their metadata and ids derived from it, so a retried
 * command (same id) finds its earlier events and appends nothing, and a concurrent duplicate is absorbed by the
 * store's idempotent append.
 */
export function createCommandHandler<State, Command, Event extends DomainEvent>(
  eventStore: EventStore,
  decider: Decider<State, Command, Event>,
  toEvent: (recorded: RecordedEvent) => Event = (recorded) => ({ type: recorded.type, data: recorded.data }) as Event,
) {
  async function load(streamId: string, commandId: string): Promise<Loaded<State>> {
    let state = decider.initialState();
    let revision = -1;
    let position = 0;
    const earlier: RecordedEvent[] = [];
    for await (const recorded of eventStore.readStream(streamId)) {
      state = decider.evolve(state, toEvent(recorded));
      revision = recorded.revision;
      position = recorded.position;
      if (recorded.metadata.commandId === commandId) earlier.push(recorded);
    }
    return { state, revision, position, earlier };
  }

  return async function handle(streamId: string, command: Command, options: HandleOptions): Promise<CommandResult<State>> {
    const { metadata } = options;
    for (let attempt = 0; ; attempt++) {
      const loaded = await load(streamId, metadata.commandId);
      if (loaded.earlier.length > 0) {
        const last = loaded.earlier[loaded.earlier.length - 1]!;
        return { state: loaded.state, events: loaded.earlier, revision: loaded.revision, position: last.position, alreadyHandled: true };
      }
      const seen = options.expectedRevision === 'no_stream' ? -1 : options.expectedRevision;
      if (seen !== undefined && seen !== loaded.revision) throw new RevisionMismatchError(loaded.revision);

      const decided = decider.decide(command, loaded.state);
      if (decided.length === 0) {
        return { state: loaded.state, events: [], revision: loaded.revision, position: loaded.position, alreadyHandled: false };
      }
      const newEvents = decided.map((event, index) => ({
        id: deriveEventId(metadata.commandId, index),
        type: event.type,
        data: event.data,
        metadata,
      }));
      try {
        const appended = await eventStore.appendToStream(streamId, newEvents, {
          expectedRevision: loaded.revision === -1 ? 'no_stream' : loaded.revision,
        });
        const state = decided.reduce(decider.evolve, loaded.state);
        const firstRevision = appended.nextExpectedRevision - decided.length + 1;
        const accepted = newEvents.map(({ id, type, data }, index) => ({ id, type, data, revision: firstRevision + index }));
        return { state, events: accepted, revision: appended.nextExpectedRevision, position: appended.position, alreadyHandled: false };
      } catch (error) {
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        const mayRetry = options.retryOnConflict === true && seen === undefined && attempt === 0;
        if (!mayRetry) throw new RevisionMismatchError(error.actual === 'no_stream' ? -1 : error.actual);
      }
    }
  };
}

export type CommandHandler<State, Command> = (
  streamId: string,
  command: Command,
  options: HandleOptions,
) => Promise<CommandResult<State>>;
