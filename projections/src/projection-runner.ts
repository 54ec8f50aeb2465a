import {
  matchesFilter,
  type EventStore,
  type RecordedEvent,
} from '@pocketguide/platform/event-store/event-store';
import type { Doc, ProjectionWrite, ReadStore } from '@pocketguide/platform/read-store/read-store';
import { pullBatches } from '@pocketguide/platform/event-store/pull-batches';
import type { Projector } from './projector.ts';

/**
 * Runs the projectors: one catch-up subscription each, from its own checkpoint, folding events into batches that
 * are committed together with the checkpoint. Guards make a replay harmless: an event is not applied to a document
 * that already carries its position or a later one.
 */

export type ProjectorState = 'catching-up' | 'live' | 'stopped' | 'failed';

export type ProjectorStatus = {
  name: string;
  /** position of the last event committed (null before the first) */
  checkpoint: number | null;
  headPosition: number;
  /** head position minus checkpoint, in global-log position units */
  lag: number;
  /** `live` once the projector has reached the head and follows new events */
  state: ProjectorState;
  lastError?: string;
};

export type RebuildProgress = {
  /** events replayed so far */
  processed: number;
  /** events in the log up to the head when the rebuild started */
  total: number;
  eventsPerSecond: number;
};

export type RebuildResult = {
  name: string;
  events: number;
  seconds: number;
  eventsPerSecond: number;
  checkpoint: number | null;
};

export type ProjectionErrorContext = { projector: string; position?: number };

export type ProjectionRunnerOptions = {
  eventStore: EventStore;
  readStore: ReadStore;
  projectors: readonly Projector[];
  /** events folded in memory before a commit; a batch is also committed as soon as no event is waiting */
  batchSize?: number;
  onError?: (error: unknown, context: ProjectionErrorContext) => void;
};

export interface ProjectionRunner {
  start(): Promise<void>;
  stop(): Promise<void>;
  status(): Promise<ProjectorStatus[]>;
  rebuild(name: string, onProgress?: (progress: RebuildProgress) => void): Promise<RebuildResult>;
}

export class UnknownProjectorError extends Error {
  override readonly name = 'UnknownProjectorError';
  constructor(
    readonly projector: string,
    readonly known: readonly string[],
  ) {
    super(`Unknown projector "${projector}". Known projectors: ${known.join(', ') || '(none)'}`);
  }
}

/** A document as a projector sees it: its state and the position of the last event applied to it. */
export type ProjectedDocument<D extends Doc = Doc> = { doc: D | null; position: number | null };

/**
 * The pure core shared by the runner and the unit-test helper: the next state of every document the event
 * touches, leaving out documents that already carry this event's position or a later one (the idempotency guard).
 * Throws whatever the projector throws.
 */
export function evolveDocuments<D extends Doc>(
  projector: Projector<D>,
  event: RecordedEvent,
  current: (id: string) => ProjectedDocument<D>,
): Array<{ id: string; doc: D | null }> {
  if (!matchesFilter(event, projector.filter)) return [];
  const changes: Array<{ id: string; doc: D | null }> = [];
  for (const id of new Set(projector.documentIds(event))) {
    const { doc, position } = current(id);
    if (position !== null && position >= event.position) continue;
    const next = projector.evolve(doc, event, id);
    // Nothing to write for a document that neither existed nor came to exist.
    if (next !== null || doc !== null) changes.push({ id, doc: next });
  }
  return changes;
}

const DEFAULT_BATCH_SIZE = 1000;

/** The documents touched since the last commit, folded in memory, and the position the batch has reached. */
class ProjectionBatch {
  private readonly touched = new Map<string, ProjectedDocument & { dirty: boolean }>();
  lastPosition: number | null = null;

  constructor(
    private readonly projector: Projector,
    private readonly readStore: ReadStore,
  ) {}

  async apply(event: RecordedEvent): Promise<void> {
    if (matchesFilter(event, this.projector.filter)) {
      for (const id of this.projector.documentIds(event)) {
        if (this.touched.has(id)) continue;
        const stored = await this.readStore.getForProjection(this.projector.collection, id);
        this.touched.set(id, { doc: stored?.doc ?? null, position: stored?.position ?? null, dirty: false });
      }
      const changes = evolveDocuments(this.projector, event, (id) => this.touched.get(id) ?? { doc: null, position: null });
      // Changes are applied only once the whole event is evolved, so a throwing projector leaves the batch consistent.
      for (const { id, doc } of changes) this.touched.set(id, { doc, position: event.position, dirty: true });
    }
    this.lastPosition = event.position;
  }

  /** Commits the writes and the checkpoint together; false when there was nothing to commit. */
  async commit(): Promise<boolean> {
    if (this.lastPosition === null) return false;
    const writes: ProjectionWrite[] = [];
    for (const [id, entry] of this.touched) {
      if (entry.dirty && entry.position !== null) {
        writes.push({ collection: this.projector.collection, id, doc: entry.doc, position: entry.position });
      }
    }
    const checkpoint = this.lastPosition;
    await this.readStore.commitProjection({ projector: this.projector.name, checkpoint, writes });
    this.touched.clear();
    this.lastPosition = null;
    return true;
  }
}

type Slot = {
  projector: Projector;
  state: ProjectorState;
  lastError?: string;
  /** the running subscription loop, with the means to end it */
  run?: { abort: AbortController; done: Promise<void> };
  rebuilding: boolean;
};

export function createProjectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  const { eventStore, readStore } = options;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const onError =
    options.onError ??
    ((error: unknown, context: ProjectionErrorContext) =>
      console.error(`[projections] ${context.projector} failed at position ${context.position ?? '?'}:`, error));

  const slots = new Map<string, Slot>();
  for (const projector of options.projectors) {
    if (slots.has(projector.name)) throw new Error(`Two projectors are named "${projector.name}"`);
    slots.set(projector.name, { projector, state: 'stopped', rebuilding: false });
  }
  let started = false;

  function slotFor(name: string): Slot {
    const slot = slots.get(name);
    if (!slot) throw new UnknownProjectorError(name, [...slots.keys()]);
    return slot;
  }

  function fail(slot: Slot, error: unknown, position?: number): void {
    slot.state = 'failed';
    slot.lastError = error instanceof Error ? error.message : String(error);
    onError(error, { projector: slot.projector.name, position });
  }

  /**
   * Folds events into batches committed with their checkpoint: when a batch is full, when the source has nothing
   * at hand (so live events land within milliseconds), and when it ends. On a projector error the events before
   * the failing one are still committed. Returns the number of events processed.
   */
  async function project(
    slot: Slot,
    source: AsyncIterable<RecordedEvent>,
    hooks: { onCaughtUp?: () => void; onCommitted?: (processed: number) => void; until?: number } = {},
  ): Promise<number> {
    const batch = new ProjectionBatch(slot.projector, readStore);
    let processed = 0;
    let position: number | undefined;
    try {
      pulling: for await (const { events, caughtUp } of pullBatches(source, batchSize)) {
        for (const event of events) {
          if (hooks.until !== undefined && event.position > hooks.until) break pulling;
          position = event.position;
          await batch.apply(event);
          processed += 1;
        }
        if (await batch.commit()) hooks.onCommitted?.(processed);
        if (caughtUp) hooks.onCaughtUp?.();
      }
      if (await batch.commit()) hooks.onCommitted?.(processed);
      return processed;
    } catch (error) {
      // Keep the progress made up to the failing event; if the store itself is failing this fails too.
      await batch.commit().catch(() => undefined);
      fail(slot, error, position);
      throw error;
    }
  }

  async function startSlot(slot: Slot): Promise<void> {
    if (slot.run) return;
    const { projector } = slot;
    slot.state = 'catching-up';
    delete slot.lastError;
    const abort = new AbortController();
    const done = (async () => {
      try {
        if (projector.indexes?.length) await readStore.ensureIndexes(projector.collection, projector.indexes);
        const checkpoint = await readStore.getCheckpoint(projector.name);
        // Unfiltered on purpose: events the projector ignores still move its checkpoint, which read-your-writes
        // waits on.
        const subscription = eventStore.subscribeToAll({ after: checkpoint ?? undefined, signal: abort.signal });
        await project(slot, subscription, {
          onCaughtUp: () => {
            if (slot.state === 'catching-up') slot.state = 'live';
          },
        });
        if (slot.state !== 'failed') slot.state = 'stopped';
      } catch (error) {
        if (slot.state !== 'failed') fail(slot, error);
      } finally {
        delete slot.run;
      }
    })();
    slot.run = { abort, done };
  }

  async function stopSlot(slot: Slot): Promise<void> {
    const run = slot.run;
    if (!run) return;
    run.abort.abort();
    await run.done;
  }

  async function countEvents(until: number): Promise<number> {
    let count = 0;
    for await (const event of eventStore.readAll()) {
      if (event.position > until) break;
      count += 1;
    }
    return count;
  }

  return {
    async start() {
      if (started) return;
      started = true;
      for (const slot of slots.values()) if (!slot.rebuilding) await startSlot(slot);
    },

    async stop() {
      started = false;
      await Promise.all([...slots.values()].map(stopSlot));
    },

    async status() {
      const headPosition = await eventStore.headPosition();
      return Promise.all(
        [...slots.values()].map(async (slot): Promise<ProjectorStatus> => {
          const checkpoint = await readStore.getCheckpoint(slot.projector.name);
          return {
            name: slot.projector.name,
            checkpoint,
            headPosition,
            lag: Math.max(0, headPosition - (checkpoint ?? 0)),
            state: slot.state,
            ...(slot.lastError === undefined ? {} : { lastError: slot.lastError }),
          };
        }),
      );
    },

    async rebuild(name, onProgress) {
      const slot = slotFor(name);
      if (slot.rebuilding) throw new Error(`Projector "${name}" is already being rebuilt`);
      slot.rebuilding = true;
      try {
        await stopSlot(slot);
        const { projector } = slot;
        slot.state = 'catching-up';
        delete slot.lastError;
        await readStore.dropCollection(projector.collection);
        await readStore.deleteCheckpoint(projector.name);
        if (projector.indexes?.length) await readStore.ensureIndexes(projector.collection, projector.indexes);

        const head = await eventStore.headPosition();
        const total = await countEvents(head);
        const startedAt = performance.now();
        const rate = (processed: number) => {
          const seconds = (performance.now() - startedAt) / 1000;
          return seconds > 0 ? Math.round(processed / seconds) : 0;
        };
        onProgress?.({ processed: 0, total, eventsPerSecond: 0 });
        const events = await project(slot, eventStore.readAll(), {
          until: head,
          onCommitted: (processed) => onProgress?.({ processed, total, eventsPerSecond: rate(processed) }),
        });
        const seconds = (performance.now() - startedAt) / 1000;
        slot.state = 'stopped';
        if (started) await startSlot(slot);
        return {
          name,
          events,
          seconds,
          eventsPerSecond: rate(events),
          checkpoint: await readStore.getCheckpoint(projector.name),
        };
      } finally {
        slot.rebuilding = false;
      }
    },
  };
}
