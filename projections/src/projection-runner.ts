import { matchesFilter, type EventStore, type RecordedEvent } from '@pocketguide/platform/event-store/event-store';
import type { Doc, ProjectionWrite, ReadStore } from '@pocketguide/platform/read-store/read-store';
import { pullBatches } from '@pocketguide/platform/event-store/pull-batches';
import type { DomainEvent, Logged } from './event-readers.ts';
import type { Projector } from './projector.ts';
import { watchLiveHeap, type LiveHeap } from './live-heap.ts';

/**
 * Runs the projectors in passes over the log. A pass reads each page of the log once and hands every event to each
 * of its member projectors whose filter matches; at the end of a batch it commits all members' document changes and
 * all their checkpoints in one read-store commit (one transaction on SQLite and PostgreSQL).
 *
 * - The main pass follows the head. A projector behind it (added later, rebuilt, or restarted after a failure)
 *   catches up in its own pass and joins the main pass once it has reached it.
 * - Checkpoints stay per projector: a member skips the events at or before its own checkpoint.
 * - Guards make a replay harmless: an event is not applied to a document that already carries its position or a
 *   later one.
 * - A pass that fails (the store, the subscription, or a subscription that ends by itself) is restarted from the
 *   committed checkpoints with exponential backoff; a projector that throws leaves its pass, keeps what it had
 *   committed, and is retried the same way. Meanwhile its status says `failed` with the error.
 * - The work yields to the event loop between batches and within long ones, so a server sharing the loop keeps
 *   answering during a catch-up or a rebuild.
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
  /** restarts after failures since the runner started */
  restarts?: number;
};

export type RebuildProgress = {
  /** events replayed so far */
  processed: number;
  /** position reached in the log */
  position: number;
  /** the head position when the rebuild started: where it stops */
  headPosition: number;
  eventsPerSecond: number;
};

export type RebuildResult = {
  name: string;
  events: number;
  seconds: number;
  eventsPerSecond: number;
  checkpoint: number | null;
  /** the write-behind's flushes (see WriteBehindLimits) */
  flushes?: { partial: number; full: number };
};

export type ProjectionErrorContext = { projector: string; position?: number };

export type RetryOptions = {
  /** the first restart waits this long; each further failure doubles it */
  initialMs: number;
  maxMs: number;
};

export type ProjectionRunnerOptions = {
  eventStore: EventStore;
  readStore: ReadStore;
  projectors: readonly Projector[];
  /** events folded in memory before a commit; a batch is also committed as soon as no event is waiting */
  batchSize?: number;
  retry?: RetryOptions;
  /** how long a rebuild keeps documents in memory between commits (the defaults suit a rebuild of millions) */
  rebuildWriteBehind?: WriteBehindLimits;
  onError?: (error: unknown, context: ProjectionErrorContext) => void;
};

/**
 * A rebuild folds documents in memory across batches and writes each one when it goes cold instead of once per
 * batch (a guidebook edited a hundred times is written once, not a hundred times).
 *
 * - Every `events` events, or as soon as `documents` are held, a *partial flush* writes the documents no event has
 *   touched since the flush before (an audit entry, a guidebook nobody edits any more) and forgets them. The hot
 *   ones stay in memory, unwritten, and are neither written nor read back again and again; when they alone are
 *   over three quarters of `documents`, the least recently touched go too, down to half of it.
 * - When the heap alive after a full collection reaches `heapBytes`, a partial flush also forgets half of the hot
 *   documents, least recently touched first.
 * - A *full flush* writes and forgets everything held, with the checkpoints: at the end, and when a projector fails.
 *
 * The checkpoints move at full flushes only: a partial flush leaves documents ahead of their checkpoint, which the
 * position guards make harmless (a replay from the checkpoint skips what a document already carries).
 */
export type WriteBehindLimits = {
  /** events folded between two cold flushes: how long a document may go untouched and still be held */
  events: number;
  /** documents held (all projectors of the pass together) */
  documents: number;
  /**
   * V8 heap alive after the last full garbage collection, in bytes: what bounds the memory whatever the size of the
   * documents (garbage not yet collected does not count, so a flush is never made for nothing)
   */
  heapBytes: number;
};

export interface ProjectionRunner {
  start(): Promise<void>;
  stop(): Promise<void>;
  status(): Promise<ProjectorStatus[]>;
  /**
   * Drops the named read models and replays the log into them in one pass (all of them at once), up to the head as
   * it is when the rebuild starts, or up to `options.head` (rebuilds in several threads stop at the same event).
   */
  rebuild(
    names: string | readonly string[],
    onProgress?: (progress: RebuildProgress) => void,
    options?: { head?: number },
  ): Promise<RebuildResult>;
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
 * The projector reads the event through its `decode` (an event it does not read changes nothing). Throws whatever
 * the projector throws, a stored event that does not fit its schema included.
 */
export function evolveDocuments<D extends Doc, E extends DomainEvent>(
  projector: Projector<D, E>,
  recorded: RecordedEvent,
  current: (id: string) => ProjectedDocument<D>,
  /** the event decoded and its documents, when the caller has them already (the filter then matched) */
  known?: { event: Logged<E>; ids: readonly string[] },
): Array<{ id: string; doc: D | null }> {
  let event: Logged<E>;
  let ids: readonly string[];
  if (known) {
    ({ event, ids } = known);
  } else {
    if (!matchesFilter(recorded, projector.filter)) return [];
    const decoded = projector.decode(recorded);
    if (decoded === null) return [];
    event = decoded;
    ids = projector.documentIds(event);
  }
  const changes: Array<{ id: string; doc: D | null; before: D | null }> = [];
  for (const id of ids.length === 1 ? ids : new Set(ids)) {
    const { doc, position } = current(id);
    if (position !== null && position >= event.position) continue;
    const next = projector.evolve(doc, event, id);
    // Nothing to write for a document that neither existed nor came to exist.
    if (next !== null || doc !== null) changes.push({ id, doc: next, before: doc });
  }
  const summary = projector.summary;
  // Without a summary the changes go out as they are (their `before` along, unread): no copy per event.
  if (!summary || changes.length === 0) return changes;
  const result: Array<{ id: string; doc: D | null }> = changes.map(({ id, doc }) => ({ id, doc }));
  const { doc, position } = current(summary.id);
  if (position === null || position < event.position) {
    let next = doc;
    for (const change of changes)
      next = summary.evolve(next, { id: change.id, before: change.before, after: change.doc });
    result.push({ id: summary.id, doc: next });
  }
  return result;
}

const DEFAULT_BATCH_SIZE = 1000;
const DEFAULT_WRITE_BEHIND: WriteBehindLimits = { events: 25_000, documents: 120_000, heapBytes: 160 * 1024 * 1024 };
/** hot documents (seen since the last flush) over this share of the documents limit are cut down to KEEP_SHARE */
const HOT_SHARE = 0.75;
const KEEP_SHARE = 0.5;
/** writes per transaction while a rebuild flushes (the loop turns between two) */
const FLUSH_CHUNK = 2000;
const DEFAULT_RETRY: RetryOptions = { initialMs: 500, maxMs: 30_000 };
/** Longest stretch of projection work between two turns of the event loop. */
const SLICE_MS = 15;

/** Lets timers and I/O callbacks run: a macrotask turn, not a microtask. */
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

type Member = {
  projector: Projector;
  /** the committed checkpoint (null: nothing committed yet) */
  checkpoint: number | null;
  state: ProjectorState;
  lastError?: string;
  /** consecutive failures, for the backoff */
  failures: number;
  restarts: number;
  pass?: Pass;
  retryTimer?: NodeJS.Timeout;
  rebuilding: boolean;
};

type Pass = {
  kind: 'main' | 'catch-up' | 'rebuild';
  members: Set<Member>;
  /** members that joined while a batch was in flight; they take part from the next batch on */
  joining: Set<Member>;
  /** the last event position this pass has taken in hand (the last of the batch in flight) */
  position: number | null;
  live: boolean;
  abort: AbortController;
  /** the batch in flight, so a member can leave only once it has been committed */
  busy: Promise<void> | null;
  done?: Promise<void>;
  /** a rebuild's documents held across batches (absent: every batch commits what it touched) */
  writeBehind?: WriteBehind;
};

/** `seen`: a rebuild's count of events folded when the document was last loaded or folded (0 elsewhere) */
type TouchedDocument = ProjectedDocument & { dirty: boolean; seen: number };

type WriteBehind = {
  limits: WriteBehindLimits;
  /** per member, every document held: loaded or folded, and not forgotten by a flush since */
  documents: Map<Member, Map<string, TouchedDocument>>;
  /** per member, the last position folded and not yet committed */
  reached: Map<Member, number>;
  /** events folded since the last flush */
  events: number;
  /** events folded since the rebuild began */
  folded: number;
  /** `folded` at the last flush: a document not seen since is cold */
  flushedAt: number;
  heap: LiveHeap;
  /** full collections the heap had seen at the last flush the heap caused: its figure is new only after another */
  heapFlushedAtCollection: number;
  /** flushes made so far, for the tests and the curious */
  flushes: { partial: number; full: number };
};

/** A member's share of one batch: the documents it touched and the position it has reached. */
type MemberBatch = {
  member: Member;
  touched: Map<string, TouchedDocument>;
  reached: number | null;
  error?: { error: unknown; position: number };
  /** per event of the batch, what the projector reads of it (see projectBatch) */
  known: Array<KnownEvent | undefined>;
  /** the indexes of the events the projector reads (or fails to), in order: the ones its fold visits */
  reads: number[];
  /** a document as the fold sees it: held, or not there */
  current: (id: string) => ProjectedDocument;
};

const NOT_THERE: ProjectedDocument = Object.freeze({ doc: null, position: null });

const after = (position: number | null) => position ?? -1;

/** An event a projector reads, decoded, and the documents it touches: asked once per batch, kept for the fold. */
type KnownEvent = { event: Logged<DomainEvent>; ids: readonly string[] };
/** An event that is not the projector's (or is behind its checkpoint): nothing to fold. */
const SKIP: KnownEvent = Object.freeze({ event: Object.freeze({}) as Logged<DomainEvent>, ids: Object.freeze([]) });

export function createProjectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  const { eventStore, readStore } = options;
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const writeBehindLimits = options.rebuildWriteBehind ?? DEFAULT_WRITE_BEHIND;
  const retry = options.retry ?? DEFAULT_RETRY;
  const onError =
    options.onError ??
    ((error: unknown, context: ProjectionErrorContext) =>
      console.error(`[projections] ${context.projector} failed at position ${context.position ?? '?'}:`, error));

  const members = new Map<string, Member>();
  for (const projector of options.projectors) {
    if (members.has(projector.name)) throw new Error(`Two projectors are named "${projector.name}"`);
    members.set(projector.name, {
      projector,
      checkpoint: null,
      state: 'stopped',
      failures: 0,
      restarts: 0,
      rebuilding: false,
    });
  }
  let started = false;
  let main: Pass | null = null;
  const passes = new Set<Pass>();
  /** restarts of a failed main pass, waiting */
  const retryTimers = new Set<NodeJS.Timeout>();

  function memberFor(name: string): Member {
    const member = members.get(name);
    if (!member) throw new UnknownProjectorError(name, [...members.keys()]);
    return member;
  }

  function newPass(kind: Pass['kind'], of: Iterable<Member>): Pass {
    const pass: Pass = {
      kind,
      members: new Set(),
      joining: new Set(),
      position: null,
      live: false,
      abort: new AbortController(),
      busy: null,
    };
    for (const member of of) {
      member.pass = pass;
      pass.members.add(member);
    }
    return pass;
  }

  function markFailed(member: Member, error: unknown, position?: number): void {
    member.state = 'failed';
    member.lastError = error instanceof Error ? error.message : String(error);
    member.failures += 1;
    onError(error, { projector: member.projector.name, ...(position === undefined ? {} : { position }) });
  }

  function backoff(failures: number): number {
    return Math.min(retry.maxMs, retry.initialMs * 2 ** Math.max(0, failures - 1));
  }

  /** A failed member waits, then catches up from its committed checkpoint in a pass of its own. */
  function scheduleRetry(member: Member): void {
    if (!started || member.rebuilding || member.retryTimer) return;
    member.retryTimer = setTimeout(() => {
      delete member.retryTimer;
      if (!started || member.rebuilding || member.pass) return;
      member.restarts += 1;
      void startCatchUp([member]);
    }, backoff(member.failures));
    member.retryTimer.unref?.();
  }

  /** Removes a member from its pass once the batch in flight (which may include it) is committed. */
  async function leave(member: Member): Promise<void> {
    if (member.retryTimer) {
      clearTimeout(member.retryTimer);
      delete member.retryTimer;
    }
    const pass = member.pass;
    if (!pass) return;
    delete member.pass;
    pass.members.delete(member);
    pass.joining.delete(member);
    if (pass.members.size === 0 && pass.joining.size === 0 && pass !== main) pass.abort.abort();
    await pass.busy;
  }

  /** Hands a catch-up pass's members to the main pass once they have reached it. */
  function tryJoin(pass: Pass): boolean {
    if (pass.kind !== 'catch-up' || !main || main === pass) return false;
    if (after(pass.position) < after(main.position)) return false;
    for (const member of pass.members) {
      member.pass = main;
      member.state = main.live ? 'live' : 'catching-up';
      main.joining.add(member);
    }
    pass.members.clear();
    return true;
  }

  /** Loads, folds and commits one batch for the pass's members; returns the events it covered. */
  async function projectBatch(pass: Pass, events: readonly RecordedEvent[]): Promise<void> {
    for (const member of pass.joining) pass.members.add(member);
    pass.joining.clear();
    const last = events.at(-1);
    if (!last) return;
    pass.position = Math.max(after(pass.position), last.position);

    const held = pass.writeBehind;
    const batches: MemberBatch[] = [...pass.members].map((member) => {
      let touched = held?.documents.get(member);
      if (!touched) {
        touched = new Map();
        held?.documents.set(member, touched);
      }
      const documents = touched;
      return {
        member,
        touched,
        reached: null,
        known: new Array<KnownEvent | undefined>(events.length),
        reads: [],
        current: (id: string) => documents.get(id) ?? NOT_THERE,
      };
    });
    const pending = (batch: MemberBatch, event: RecordedEvent) => event.position > after(batch.member.checkpoint);
    const seen = held ? held.folded : 0;

    // Every document the batch touches and does not hold yet, loaded in one query per collection. Each event is
    // decoded and its documents asked for once: kept for the fold (SKIP: the event is not the projector's; undefined:
    // decoding or asking threw, and the fold meets the same error at the same event and fails the projector there).
    // `reads` lists, in order, the events the fold must see: the others only move the checkpoint.
    for (const batch of batches) {
      const { projector } = batch.member;
      const perEvent = batch.known;
      const reads = batch.reads;
      // A rebuild's collection starts empty and holds only what the rebuild wrote: a document made by one event
      // alone was never written before that event, so there is nothing to load.
      const fresh = held !== undefined && projector.oneEventPerDocument === true;
      const ids = new Set<string>();
      for (let index = 0; index < events.length; index += 1) {
        const event = events[index]!;
        if (!pending(batch, event) || !matchesFilter(event, projector.filter)) {
          perEvent[index] = SKIP;
          continue;
        }
        try {
          const decoded = projector.decode(event);
          if (decoded === null) {
            perEvent[index] = SKIP;
            continue;
          }
          const eventIds = projector.documentIds(decoded);
          perEvent[index] = { event: decoded, ids: eventIds };
          reads.push(index);
          if (fresh) continue;
          for (const id of eventIds) {
            const holding = batch.touched.get(id);
            if (holding) holding.seen = seen;
            else ids.add(id);
          }
        } catch {
          perEvent[index] = undefined;
          reads.push(index);
        }
      }
      if (ids.size === 0) continue;
      // The summary folds whatever the batch changes: it must be loaded as it stands, never taken as empty.
      if (projector.summary && !batch.touched.has(projector.summary.id)) ids.add(projector.summary.id);
      const stored = await readStore.loadForProjection(projector.collection, [...ids]);
      for (const id of ids) {
        const found = stored.get(id);
        batch.touched.set(id, { doc: found?.doc ?? null, position: found?.position ?? null, dirty: false, seen });
      }
    }

    // Each member folds the events it reads, in order; members share no documents, so one member's events go
    // before the next member's (the events each skips are never visited: they only move its checkpoint).
    let sliceStart = performance.now();
    for (const batch of batches) {
      const firstPending = events.findIndex((event) => pending(batch, event));
      for (const index of batch.reads) {
        const event = events[index]!;
        try {
          const changes = evolveDocuments(batch.member.projector, event, batch.current, batch.known[index]);
          // Applied only once the whole event is evolved, so a throwing projector leaves its batch consistent.
          // The runner's own entries are changed in place (nothing outside it holds them): no object per change.
          for (const { id, doc } of changes) {
            const entry = batch.touched.get(id);
            if (entry === undefined) batch.touched.set(id, { doc, position: event.position, dirty: true, seen });
            else {
              entry.doc = doc;
              entry.position = event.position;
              entry.dirty = true;
              entry.seen = seen;
            }
          }
        } catch (error) {
          batch.error = { error, position: event.position };
          // what came before the failing event is the member's, skipped events included
          if (index > firstPending) batch.reached = events[index - 1]!.position;
          break;
        }
        if (performance.now() - sliceStart > SLICE_MS) {
          await yieldToLoop();
          sliceStart = performance.now();
        }
      }
      if (!batch.error && firstPending !== -1) batch.reached = last.position;
    }

    if (held) {
      held.events += events.length;
      held.folded += events.length;
      for (const batch of batches) if (batch.reached !== null) held.reached.set(batch.member, batch.reached);
      // A failing member leaves the pass with what came before its failing event, committed.
      const needed = batches.some((batch) => batch.error) ? 'all' : flushNeeded(held);
      if (needed) await flush(pass, needed);
      else await writeMadeOnce(batches);
    } else {
      const writes: ProjectionWrite[] = [];
      const checkpoints: Array<{ projector: string; checkpoint: number }> = [];
      for (const batch of batches) {
        if (batch.reached === null) continue;
        collectDirty(batch.member, batch.touched, writes);
        checkpoints.push({ projector: batch.member.projector.name, checkpoint: batch.reached });
      }
      if (checkpoints.length > 0) await readStore.commitProjections({ checkpoints, writes });
      for (const batch of batches) if (batch.reached !== null) batch.member.checkpoint = batch.reached;
    }
    for (const batch of batches) {
      if (batch.error) {
        // Keeps what came before the failing event; leaves the pass and is retried after a pause.
        pass.members.delete(batch.member);
        delete batch.member.pass;
        markFailed(batch.member, batch.error.error, batch.error.position);
        scheduleRetry(batch.member);
      } else if (batch.member.failures > 0 && batch.reached !== null) {
        batch.member.failures = 0;
        delete batch.member.lastError;
      }
    }
  }

  function collectDirty(
    member: Member,
    touched: ReadonlyMap<string, TouchedDocument>,
    writes: ProjectionWrite[],
  ): void {
    for (const [id, entry] of touched) {
      if (entry.dirty && entry.position !== null)
        writes.push({ collection: member.projector.collection, id, doc: entry.doc, position: entry.position });
    }
  }

  /**
   * A rebuild writes the documents of a projector whose documents are each made by one event (the audit timeline's
   * entries) at the end of the batch that made them: no later event changes them, and held until a flush they
   * would outlive the young generation and be collected again in full collections. The checkpoints move at the
   * flushes only, as for any partial flush.
   */
  async function writeMadeOnce(batches: readonly MemberBatch[]): Promise<void> {
    const writes: ProjectionWrite[] = [];
    for (const batch of batches) {
      if (batch.member.projector.oneEventPerDocument !== true) continue;
      collectDirty(batch.member, batch.touched, writes);
      batch.touched.clear();
    }
    if (writes.length > 0) await readStore.commitProjections({ checkpoints: [], writes });
  }

  function heldDocuments(held: WriteBehind): number {
    let documents = 0;
    for (const touched of held.documents.values()) documents += touched.size;
    return documents;
  }

  function flushNeeded(held: WriteBehind): 'limits' | 'heap' | null {
    const live = held.heap.live();
    if (live !== null && live.bytes >= held.limits.heapBytes && live.collections > held.heapFlushedAtCollection) {
      held.heapFlushedAtCollection = live.collections;
      return 'heap';
    }
    if (held.events >= held.limits.events || heldDocuments(held) >= held.limits.documents) return 'limits';
    return null;
  }

  /**
   * Writes and forgets documents a rebuild holds. `all`: every one, with the checkpoints (at the end, and when a
   * projector failed). Otherwise the cold ones (not seen since the last flush) go, and then, least recently seen
   * first, as many more as it takes to come down to KEEP_SHARE of the documents limit (when the hot ones are over
   * HOT_SHARE of it) or to half of what was held (when the live heap is over its limit). Writes go in transactions
   * of FLUSH_CHUNK with a turn of the loop between two; the checkpoints go with the last.
   */
  async function flush(pass: Pass, reason: 'limits' | 'heap' | 'all'): Promise<void> {
    const held = pass.writeBehind;
    if (!held) return;
    const writes: ProjectionWrite[] = [];
    const all = reason === 'all';
    const forget = (member: Member, touched: Map<string, TouchedDocument>, id: string, entry: TouchedDocument) => {
      if (entry.dirty && entry.position !== null)
        writes.push({ collection: member.projector.collection, id, doc: entry.doc, position: entry.position });
      touched.delete(id);
    };
    if (all) {
      for (const [member, touched] of held.documents) collectDirty(member, touched, writes);
      held.documents.clear();
    } else {
      let kept = 0;
      for (const [member, touched] of held.documents) {
        for (const [id, entry] of touched) {
          if (entry.seen >= held.flushedAt) kept += 1;
          else forget(member, touched, id, entry);
        }
      }
      const target =
        reason === 'heap'
          ? Math.floor(kept / 2)
          : kept > held.limits.documents * HOT_SHARE
            ? Math.floor(held.limits.documents * KEEP_SHARE)
            : kept;
      if (kept > target) {
        // The least recently seen go first: the cut is the `seen` below which `kept - target` documents lie.
        const seen: number[] = [];
        for (const touched of held.documents.values()) for (const entry of touched.values()) seen.push(entry.seen);
        seen.sort((a, b) => a - b);
        const cut = seen[kept - target - 1]!;
        for (const [member, touched] of held.documents) {
          for (const [id, entry] of touched) if (entry.seen <= cut) forget(member, touched, id, entry);
        }
      }
    }
    const checkpoints = all
      ? [...held.reached].map(([member, checkpoint]) => ({ projector: member.projector.name, checkpoint }))
      : [];
    held.events = 0;
    held.flushedAt = held.folded;
    held.flushes[all ? 'full' : 'partial'] += 1;
    for (let start = 0; start < writes.length || (start === 0 && checkpoints.length > 0); start += FLUSH_CHUNK) {
      const last = start + FLUSH_CHUNK >= writes.length;
      await readStore.commitProjections({
        checkpoints: last ? checkpoints : [],
        writes: writes.slice(start, start + FLUSH_CHUNK),
      });
      if (!last) await yieldToLoop();
    }
    if (all) {
      for (const [member, checkpoint] of held.reached) member.checkpoint = checkpoint;
      held.reached.clear();
    }
  }

  /**
   * Pulls the source in batches for the pass until it ends, is aborted, reaches `until`, or (a catch-up pass)
   * joins the main pass. Returns the number of events read.
   */
  async function runPass(
    pass: Pass,
    source: AsyncIterable<RecordedEvent>,
    hooks: { until?: number; onCommitted?: (processed: number, position: number) => void } = {},
  ): Promise<number> {
    let processed = 0;
    for await (const { events, caughtUp } of pullBatches(source, batchSize)) {
      if (pass.abort.signal.aborted) break;
      const until = hooks.until;
      const inRange = until === undefined ? events : events.filter((event) => event.position <= until);
      const run = projectBatch(pass, inRange);
      pass.busy = run;
      try {
        await run;
      } finally {
        pass.busy = null;
      }
      processed += inRange.length;
      if (pass.position !== null && inRange.length > 0) hooks.onCommitted?.(processed, pass.position);
      if (hooks.until !== undefined && (inRange.length < events.length || after(pass.position) >= hooks.until)) break;
      if (caughtUp && !pass.live) {
        pass.live = true;
        if (pass.kind === 'main')
          for (const member of pass.members) if (member.state === 'catching-up') member.state = 'live';
      }
      if (tryJoin(pass)) break;
      if (pass.kind !== 'main' && pass.members.size === 0 && pass.joining.size === 0) break;
      await yieldToLoop();
    }
    return processed;
  }

  /** Loads the committed checkpoints of the members (a failed commit may have left the in-memory ones ahead). */
  async function reloadCheckpoints(of: Iterable<Member>): Promise<void> {
    for (const member of of) member.checkpoint = await readStore.getCheckpoint(member.projector.name);
  }

  /** The fields kept as columns go first: on a collection made before them, their migration drops old indexes. */
  async function declareColumns(of: Iterable<Member>): Promise<void> {
    for (const { projector } of of)
      if (projector.columns?.length) await readStore.declareColumns?.(projector.collection, projector.columns);
  }

  async function ensureIndexes(of: Iterable<Member>): Promise<void> {
    await declareColumns(of);
    for (const { projector } of of)
      if (projector.indexes?.length) await readStore.ensureIndexes(projector.collection, projector.indexes);
  }

  /** Runs a subscription pass from the lowest checkpoint of its members; on failure, restarts it after a pause. */
  function launch(pass: Pass): void {
    passes.add(pass);
    pass.done = (async () => {
      try {
        for (const member of pass.members) member.state = 'catching-up';
        await reloadCheckpoints([...pass.members, ...pass.joining]);
        const all = [...pass.members, ...pass.joining];
        // Every member has seen every event up to the lowest checkpoint: the pass starts there.
        const from = all.length === 0 ? -1 : Math.min(...all.map((member) => after(member.checkpoint)));
        pass.position = from < 0 ? null : from;
        if (tryJoin(pass)) return;
        const subscription = eventStore.subscribeToAll({
          ...(from < 0 ? {} : { after: from }),
          signal: pass.abort.signal,
        });
        await runPass(pass, subscription);
        if (pass.abort.signal.aborted || (pass.kind === 'catch-up' && pass.members.size === 0)) return;
        throw new Error('The event subscription ended by itself');
      } catch (error) {
        if (pass.abort.signal.aborted) return;
        passFailed(pass, error);
      } finally {
        passes.delete(pass);
      }
    })();
  }

  /** Every member of a failed pass is marked failed; the pass restarts from committed checkpoints after a pause. */
  function passFailed(pass: Pass, error: unknown): void {
    const failed = [...pass.members, ...pass.joining];
    pass.members.clear();
    pass.joining.clear();
    for (const member of failed) {
      delete member.pass;
      markFailed(member, error, pass.position ?? undefined);
    }
    if (pass === main) {
      main = null;
      if (!started) return;
      const failures = Math.max(0, ...failed.map((member) => member.failures));
      const timer = setTimeout(() => {
        retryTimers.delete(timer);
        if (!started || main) return;
        const back = failed.filter((member) => !member.pass && !member.rebuilding);
        for (const member of back) member.restarts += 1;
        main = newPass('main', back);
        launch(main);
      }, backoff(failures));
      timer.unref?.();
      retryTimers.add(timer);
    } else {
      for (const member of failed) scheduleRetry(member);
    }
  }
  async function startCatchUp(of: readonly Member[]): Promise<void> {
    const pass = newPass('catch-up', of);
    for (const member of of) member.state = 'catching-up';
    await ensureIndexes(of).catch((error: unknown) => passFailed(pass, error));
    if (pass.members.size === 0) return;
    if (!started) {
      for (const member of of) {
        delete member.pass;
        member.state = 'stopped';
      }
      return;
    }
    launch(pass);
  }

  return {
    async start() {
      if (started) return;
      started = true;
      const ready = [...members.values()].filter((member) => !member.rebuilding);
      await ensureIndexes(ready);
      await reloadCheckpoints(ready);
      // The main pass carries the projectors at the front; the others catch up together and join it.
      const front = Math.max(-1, ...ready.map((member) => after(member.checkpoint)));
      const leading = ready.filter((member) => after(member.checkpoint) === front);
      const behind = ready.filter((member) => after(member.checkpoint) < front);
      main = newPass('main', leading);
      launch(main);
      if (behind.length > 0) await startCatchUp(behind);
    },

    async stop() {
      started = false;
      for (const timer of retryTimers) clearTimeout(timer);
      retryTimers.clear();
      for (const member of members.values()) {
        if (member.retryTimer) clearTimeout(member.retryTimer);
        delete member.retryTimer;
      }
      const running = [...passes].filter((pass) => pass.kind !== 'rebuild');
      for (const pass of running) pass.abort.abort();
      await Promise.all(running.map((pass) => pass.done));
      for (const member of members.values()) {
        if (member.rebuilding) continue;
        delete member.pass;
        if (member.state !== 'failed') member.state = 'stopped';
      }
      main = null;
    },

    async status() {
      const headPosition = await eventStore.headPosition();
      return Promise.all(
        [...members.values()].map(async (member): Promise<ProjectorStatus> => {
          const checkpoint = await readStore.getCheckpoint(member.projector.name);
          return {
            name: member.projector.name,
            checkpoint,
            headPosition,
            lag: Math.max(0, headPosition - (checkpoint ?? 0)),
            state: member.state,
            ...(member.lastError === undefined ? {} : { lastError: member.lastError }),
            ...(member.restarts > 0 ? { restarts: member.restarts } : {}),
          };
        }),
      );
    },

    async rebuild(names, onProgress, options = {}) {
      const list = typeof names === 'string' ? [names] : [...names];
      const selected = list.map(memberFor);
      for (const member of selected) {
        if (member.rebuilding) throw new Error(`Projector "${member.projector.name}" is already being rebuilt`);
      }
      for (const member of selected) member.rebuilding = true;
      const pass = newPass('rebuild', []);
      const heap = watchLiveHeap();
      pass.writeBehind = {
        limits: writeBehindLimits,
        documents: new Map(),
        reached: new Map(),
        events: 0,
        folded: 0,
        flushedAt: 0,
        heap,
        heapFlushedAtCollection: 0,
        flushes: { partial: 0, full: 0 },
      };
      let bulk = false;
      try {
        for (const member of selected) await leave(member);
        for (const member of selected) {
          const { projector } = member;
          member.state = 'catching-up';
          delete member.lastError;
          member.failures = 0;
          await readStore.dropCollection(projector.collection);
          await readStore.deleteCheckpoint(projector.name);
          // made with its columns at its first write; its indexes come after the replay
          if (projector.columns?.length) await readStore.declareColumns?.(projector.collection, projector.columns);
          member.checkpoint = null;
          member.pass = pass;
          pass.members.add(member);
        }

        const head = options.head ?? (await eventStore.headPosition());
        await readStore.beginBulkWrites?.();
        bulk = true;
        const startedAt = performance.now();
        const rate = (processed: number) => {
          const seconds = (performance.now() - startedAt) / 1000;
          return seconds > 0 ? Math.round(processed / seconds) : 0;
        };
        onProgress?.({ processed: 0, position: 0, headPosition: head, eventsPerSecond: 0 });
        passes.add(pass);
        const events =
          head === 0
            ? 0
            : await runPass(pass, eventStore.readAll(), {
                until: head,
                onCommitted: (processed, position) =>
                  onProgress?.({ processed, position, headPosition: head, eventsPerSecond: rate(processed) }),
              });
        await flush(pass, 'all');
        // Indexes are built once the collections are full: one sort each instead of maintaining every expression
        // index on every write of the replay (the audit timeline alone has seven).
        await ensureIndexes(selected);
        const seconds = (performance.now() - startedAt) / 1000;
        const failed = selected.filter((member) => member.state === 'failed');
        if (failed.length > 0) {
          throw new Error(
            `Rebuild failed: ${failed.map((member) => `${member.projector.name}: ${member.lastError ?? '?'}`).join('; ')}`,
          );
        }
        const checkpoints = await Promise.all(selected.map((member) => readStore.getCheckpoint(member.projector.name)));
        return {
          name: list.join(', '),
          events,
          seconds,
          eventsPerSecond: rate(events),
          checkpoint: checkpoints.length === 0 ? null : Math.min(...checkpoints.map((checkpoint) => checkpoint ?? 0)),
          flushes: { ...pass.writeBehind.flushes },
        };
      } finally {
        heap.stop();
        if (bulk) await readStore.endBulkWrites?.();
        passes.delete(pass);
        for (const member of selected) {
          member.rebuilding = false;
          delete member.pass;
          if (member.state !== 'failed') member.state = 'stopped';
        }
        // It was running before, so it runs after: from its new checkpoint, joining the main pass at the head.
        if (started) {
          const back = selected.filter((member) => member.state !== 'failed');
          if (back.length > 0) await startCatchUp(back);
          for (const member of selected.filter((m) => m.state === 'failed')) scheduleRetry(member);
        }
      }
    },
  };
}
