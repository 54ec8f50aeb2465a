import {
  AppendTooLargeError,
  WrongExpectedRevisionError,
  streamCategory,
  type EventMetadata,
  type EventStore,
  type RecordedEvent,
} from '@pocketguide/platform/event-store/event-store';
import type { EventDecoder } from '@pocketguide/contracts/event-decoding';
import { RevisionMismatchError } from '@pocketguide/platform/http/errors';
import type { Decider, DomainEvent } from './decider.ts';
import { deriveEventId, deriveId } from './ids.ts';
import type { SnapshotCounts } from './snapshot-counts.ts';

export type CommandMetadata = EventMetadata & { commandId: string };

/**
 * A step of a request that runs several commands (on several streams): its own command id, derived from the
 * request's, so each step is idempotent when the request is retried.
 */
export function commandStep(metadata: CommandMetadata, name: string): CommandMetadata {
  return { ...metadata, commandId: deriveId(`${metadata.commandId}:${name}`), causationId: metadata.commandId };
}

export type HandleOptions<State = unknown> = {
  metadata: CommandMetadata;
  /**
   * Refusals that do not depend on the revision (unknown 404, not yours 403), checked on the loaded state before
   * `expectedRevision`, so a stale `If-Match` on someone else's stream answers 403, not 412.
   */
  guard?: (state: State) => void;
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

/**
 * Optional snapshots: a long stream (a guidebook with thousands of saved edits) loads from its latest snapshot plus
 * the events after it, instead of from revision 0.
 *
 * A snapshot is a cache, never the truth: it lives in its own stream, whose category must differ from the
 * aggregate's (`guidebook_snapshot-<id>` beside `guidebook-<id>`) so projectors filtering on the category never
 * see it; a lost, failed or outdated (other `version`) snapshot only makes the next load longer.
 *
 * Idempotency by command id then only looks at the events after the snapshot. A retry that arrives after `every`
 * further events is decided again; when it decides the same events, their ids (derived from the command id) make
 * the store answer with the original append instead of storing them twice.
 */
export type SnapshotPolicy<State> = {
  /** the snapshot stream of an aggregate stream */
  streamOf(streamId: string): string;
  /** a snapshot is appended after a command once this many events have followed the last one */
  every: number;
  /** bump when the state's shape changes: snapshots of another version are ignored */
  version: number;
  /** the stored form of the state (default: the state itself, which must then be plain JSON) */
  toSnapshot?(state: State): unknown;
  fromSnapshot?(stored: unknown): State;
  /** told when writing a snapshot failed (the command itself has succeeded); not for one skipped as too large */
  onError?(error: unknown, streamId: string): void;
  /**
   * The largest snapshot written: the byte length of its stored JSON. Default: the event store's `maxAppendBytes`
   * (none on SQLite). A larger one is skipped and counted, and so is one the store itself refuses as too large.
   */
  maxBytes?: number;
  /** counts written, skipped and failed snapshots, for /api/health */
  counts?: SnapshotCounts;
};

export type CommandHandlerOptions<State, Event extends DomainEvent> = {
  /**
   * How the stream's stored events are read: decoded with their schema and upcast to today's version, usually
   * `decodedWith(<the category's decoder>)`. An event that does not fit refuses the load (EventDecodeError).
   */
  toEvent: (recorded: RecordedEvent) => Event;
  snapshots?: SnapshotPolicy<State>;
  /**
   * Keeps the last folded state of up to this many streams in memory, keyed by revision (least recently used out),
   * so a command on a stream it handled before folds only the events appended since (usually none: one indexed read
   * that finds nothing) instead of reading, parsing and folding the snapshot again. The store stays the truth: every
   * load still reads the stream after the kept revision, so appends by other handlers or processes are folded in.
   * States must be immutable (deciders return new states), as they are shared between commands. 0 or absent: off.
   */
  stateCacheSize?: number;
};

/** Reads a recorded event with a category's decoder (contracts' `event-decoding.ts`), its metadata at hand for upcasters. */
export const decodedWith =
  <Event extends DomainEvent>(decoder: EventDecoder<Event>) =>
  (recorded: RecordedEvent): Event =>
    decoder.decode(recorded.type, recorded.data, { metadata: recorded.metadata });

/** Folding a long stream gives the event loop back this often, so other requests are answered meanwhile. */
export const FOLD_EVENTS_PER_TURN = 500;

/** What a snapshot event holds. */
export type StoredSnapshot = { version: number; revision: number; position: number; state: unknown };
export const SNAPSHOT_EVENT_TYPE = 'SnapshotTaken';

export type LoadedStream<State> = {
  state: State;
  /** revision of the stream's last event (-1: no stream) */
  revision: number;
  /** position of the stream's last event (0: no stream) */
  position: number;
  /** events of this command id found after the snapshot (empty without a command id) */
  earlier: RecordedEvent[];
  /** revision the snapshot used stood at (-1: none) and the snapshot stream's own revision */
  snapshot: { revision: number; streamRevision: number };
  /** how many events of the aggregate stream were read and folded */
  eventsRead: number;
};

/**
 * A stream's folded state kept between commands: the state at `revision`, the snapshot it was loaded with (for the
 * snapshot policy), and the command ids of the events since that snapshot (a command id among them is looked for
 * in the store, as the uncached load would find it).
 */
type KeptState<State> = { state: State; revision: number; position: number; snapshot: LoadedStream<State>['snapshot']; commandIds: Set<string> };

function createStateCache<State>(capacity: number) {
  const kept = new Map<string, KeptState<State>>();
  return {
    get(streamId: string): KeptState<State> | undefined {
      const entry = kept.get(streamId);
      if (entry) {
        kept.delete(streamId);
        kept.set(streamId, entry);
      }
      return entry;
    },
    set(streamId: string, entry: KeptState<State>): void {
      if (capacity <= 0) return;
      kept.delete(streamId);
      kept.set(streamId, entry);
      if (kept.size > capacity) kept.delete(kept.keys().next().value ?? '');
    },
    forget(streamId: string): void {
      kept.delete(streamId);
    },
    size: () => kept.size,
  };
}

/** Loads a stream's state: from its latest usable snapshot when the policy has one, then the events after it. */
export function createStreamLoader<State, Event extends DomainEvent>(
  eventStore: EventStore,
  decider: Pick<Decider<State, unknown, Event>, 'initialState' | 'evolve'>,
  options: CommandHandlerOptions<State, Event>,
) {
  const { toEvent } = options;
  const policy = options.snapshots;
  const cache = createStateCache<State>(options.stateCacheSize ?? 0);

  async function latestSnapshot(streamId: string): Promise<{ stored: StoredSnapshot | null; streamRevision: number }> {
    if (!policy) return { stored: null, streamRevision: -1 };
    for await (const recorded of eventStore.readStream(policy.streamOf(streamId), { direction: 'backwards', maxCount: 1 })) {
      const stored = recorded.data as Partial<StoredSnapshot>;
      const usable =
        recorded.type === SNAPSHOT_EVENT_TYPE &&
        stored.version === policy.version &&
        typeof stored.revision === 'number' &&
        typeof stored.position === 'number' &&
        'state' in stored;
      return { stored: usable ? (stored as StoredSnapshot) : null, streamRevision: recorded.revision };
    }
    return { stored: null, streamRevision: -1 };
  }

  /** Folds the events after `from` into it; gives the loop back every FOLD_EVENTS_PER_TURN events. */
  async function foldTail(streamId: string, from: KeptState<State>, commandId: string | undefined) {
    let { state, revision, position } = from;
    let eventsRead = 0;
    const earlier: RecordedEvent[] = [];
    for await (const recorded of eventStore.readStream(streamId, { fromRevision: revision + 1 })) {
      state = decider.evolve(state, toEvent(recorded));
      revision = recorded.revision;
      position = recorded.position;
      eventsRead += 1;
      if (typeof recorded.metadata.commandId === 'string') from.commandIds.add(recorded.metadata.commandId);
      if (commandId !== undefined && recorded.metadata.commandId === commandId) earlier.push(recorded);
      if (eventsRead % FOLD_EVENTS_PER_TURN === 0) await new Promise<void>((resolveTurn) => setImmediate(resolveTurn));
    }
    return { state, revision, position, earlier, eventsRead };
  }

  async function load(streamId: string, commandId?: string): Promise<LoadedStream<State>> {
    const kept = cache.get(streamId);
    // A command id seen since the snapshot: its events are looked for from the snapshot on, as without the cache.
    if (kept && (commandId === undefined || !kept.commandIds.has(commandId))) {
      const tail = await foldTail(streamId, kept, commandId);
      const entry = { ...kept, state: tail.state, revision: tail.revision, position: tail.position };
      cache.set(streamId, entry);
      return { ...tail, snapshot: kept.snapshot };
    }
    const { stored, streamRevision } = await latestSnapshot(streamId);
    const start: KeptState<State> = {
      state: stored ? (policy?.fromSnapshot ? policy.fromSnapshot(stored.state) : (stored.state as State)) : decider.initialState(),
      revision: stored ? stored.revision : -1,
      position: stored ? stored.position : 0,
      snapshot: { revision: stored ? stored.revision : -1, streamRevision },
      commandIds: new Set(),
    };
    const tail = await foldTail(streamId, start, commandId);
    if (tail.revision >= 0) cache.set(streamId, { ...start, state: tail.state, revision: tail.revision, position: tail.position });
    return { ...tail, snapshot: start.snapshot };
  }

  /**
   * After this handler appended: the state it computed becomes the kept one (so the next command folds nothing),
   * with the snapshot it wrote, if any. A snapshot it could not write makes the stream be loaded afresh next time.
   */
  function remember(
    streamId: string,
    after: { loadedRevision: number; state: State; revision: number; position: number; commandId: string; snapshot: LoadedStream<State>['snapshot'] | 'unknown' },
  ) {
    // a stream this command created has no earlier events: what is kept is complete
    const kept = cache.get(streamId) ?? (after.loadedRevision === -1 ? { revision: -1, snapshot: { revision: -1, streamRevision: -1 }, commandIds: new Set<string>() } : undefined);
    if (!kept || after.snapshot === 'unknown' || after.revision <= kept.revision) {
      cache.forget(streamId);
      return;
    }
    const snapshotMoved = after.snapshot.revision !== kept.snapshot.revision;
    const commandIds = snapshotMoved ? new Set<string>() : kept.commandIds;
    if (!snapshotMoved) commandIds.add(after.commandId);
    cache.set(streamId, { state: after.state, revision: after.revision, position: after.position, snapshot: after.snapshot, commandIds });
  }

  return Object.assign(load, { remember, forget: (streamId: string) => cache.forget(streamId), cachedStreams: () => cache.size() });
}

/**
 * The generic write path: load the stream, fold it, decide, append with the expected revision.
 * Idempotent by command id: events carry the command id in their metadata and ids derived from it, so a retried
 * command (same id) finds its earlier events and appends nothing, and a concurrent duplicate is absorbed by the
 * store's idempotent append.
 */
export function createCommandHandler<State, Command, Event extends DomainEvent>(
  eventStore: EventStore,
  decider: Decider<State, Command, Event>,
  options: CommandHandlerOptions<State, Event>,
) {
  const load = createStreamLoader(eventStore, decider, options);
  const policy = options.snapshots;
  const maxBytes = policy?.maxBytes ?? eventStore.maxAppendBytes;
  policy?.counts?.limit(maxBytes);

  /** The snapshot the stream has after this command: the loaded one, a new one, or 'unknown' (a write failed or raced). */
  async function takeSnapshot(
    streamId: string,
    loaded: LoadedStream<State>,
    state: State,
    revision: number,
    position: number,
  ): Promise<LoadedStream<State>['snapshot'] | 'unknown'> {
    if (!policy || revision - loaded.snapshot.revision < policy.every) return loaded.snapshot;
    const snapshotStream = policy.streamOf(streamId);
    const stored: StoredSnapshot = {
      version: policy.version,
      revision,
      position,
      state: policy.toSnapshot ? policy.toSnapshot(state) : state,
    };
    // Too large for the store: skipped before it is sent (the stream keeps its older snapshot and loads slower).
    // Measured on the whole of what is stored, so a snapshot at the limit is written and one byte over is not.
    if (maxBytes !== undefined) {
      const bytes = Buffer.byteLength(JSON.stringify(stored));
      if (bytes > maxBytes) {
        policy.counts?.tooLarge(streamId, bytes, maxBytes);
        return loaded.snapshot;
      }
    }
    try {
      // Expected at the revision seen on load: a concurrent newer snapshot wins and this one is dropped.
      await eventStore.appendToStream(
        snapshotStream,
        [{ id: deriveId(`snapshot:${streamId}:${policy.version}:${revision}`), type: SNAPSHOT_EVENT_TYPE, data: stored, metadata: { userId: 'system' } }],
        { expectedRevision: loaded.snapshot.streamRevision === -1 ? 'no_stream' : loaded.snapshot.streamRevision },
      );
      policy.counts?.written();
      return { revision, streamRevision: loaded.snapshot.streamRevision + 1 };
    } catch (error) {
      // the store counts an append's size its own way (type, metadata): its refusal is a skip too, not a failure
      if (error instanceof AppendTooLargeError) {
        policy.counts?.tooLarge(streamId, error.bytes, error.maxBytes);
        return loaded.snapshot;
      }
      if (!(error instanceof WrongExpectedRevisionError)) {
        policy.counts?.failed();
        policy.onError?.(error, streamId);
      }
      return 'unknown';
    }
  }

  async function handle(streamId: string, command: Command, handleOptions: HandleOptions<State>): Promise<CommandResult<State>> {
    const { metadata } = handleOptions;
    if (policy && streamCategory(policy.streamOf(streamId)) === streamCategory(streamId)) {
      throw new Error(`The snapshot stream of ${streamId} shares its category: projectors would see the snapshots`);
    }
    for (let attempt = 0; ; attempt++) {
      const loaded = await load(streamId, metadata.commandId);
      if (loaded.earlier.length > 0) {
        const last = loaded.earlier[loaded.earlier.length - 1]!;
        return { state: loaded.state, events: loaded.earlier, revision: loaded.revision, position: last.position, alreadyHandled: true };
      }
      handleOptions.guard?.(loaded.state);
      const seen = handleOptions.expectedRevision === 'no_stream' ? -1 : handleOptions.expectedRevision;
      if (seen !== undefined && seen !== loaded.revision) throw new RevisionMismatchError(loaded.revision);

      const decided = decider.decide(command, loaded.state);
      if (decided.length === 0) {
        return { state: loaded.state, events: [], revision: loaded.revision, position: loaded.position, alreadyHandled: false };
      }
      // The command's name goes with its events, for the audit trail ("through which command").
      const commandName = (command as { type?: unknown }).type;
      const eventMetadata = typeof commandName === 'string' ? { ...metadata, command: commandName } : metadata;
      const newEvents = decided.map((event, index) => ({
        id: deriveEventId(metadata.commandId, index),
        type: event.type,
        data: event.data,
        metadata: eventMetadata,
      }));
      try {
        const appended = await eventStore.appendToStream(streamId, newEvents, {
          expectedRevision: loaded.revision === -1 ? 'no_stream' : loaded.revision,
        });
        if (appended.nextExpectedRevision !== loaded.revision + decided.length) {
          // The store recognised the event ids: an exact retry of a command older than the snapshot.
          return { state: loaded.state, events: [], revision: loaded.revision, position: appended.position, alreadyHandled: true };
        }
        const state = decided.reduce(decider.evolve, loaded.state);
        const firstRevision = appended.nextExpectedRevision - decided.length + 1;
        const accepted = newEvents.map(({ id, type, data }, index) => ({ id, type, data, revision: firstRevision + index }));
        const snapshot = await takeSnapshot(streamId, loaded, state, appended.nextExpectedRevision, appended.position);
        load.remember(streamId, { loadedRevision: loaded.revision, state, revision: appended.nextExpectedRevision, position: appended.position, commandId: metadata.commandId, snapshot });
        return { state, events: accepted, revision: appended.nextExpectedRevision, position: appended.position, alreadyHandled: false };
      } catch (error) {
        load.forget(streamId);
        if (!(error instanceof WrongExpectedRevisionError)) throw error;
        const mayRetry = handleOptions.retryOnConflict === true && seen === undefined && attempt === 0;
        if (!mayRetry) throw new RevisionMismatchError(error.actual === 'no_stream' ? -1 : error.actual);
      }
    }
  }

  /** The handler, with `load` for routes that must look at the state before they build a command. */
  return Object.assign(handle, { load });
}

export type CommandHandler<State, Command> = (
  streamId: string,
  command: Command,
  options: HandleOptions<State>,
) => Promise<CommandResult<State>>;
