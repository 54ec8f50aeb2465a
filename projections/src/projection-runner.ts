import {
  matchesFilter,
  type EventStore,
  type RecordedEvent,
} from '@pocketguide/platform/event-store/event-store';
import type { Doc, ProjectionWrite, ReadStore } from '@pocketguide/platform/read-store/read-store';
import { pullBatches } from '@pocketguide/platform/event-store/pull-batches';
import type { DomainEvent } from './event-readers.ts';
import type { Projector } from './projector.ts';

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
 * A rebuild folds documents in memory across batches and writes each one once per flush instead of once per batch
 * (a guidebook edited a hundred times is written once, not a hundred times). A flush writes every held document,
 * then the checkpoints, and happens when any limit is reached and at the end.
 */
export type WriteBehindLimits = {
  /** events folded since the last flush */
  events: number;
  /** documents held (all projectors of the pass together) */
  documents: number;
  /** V8 heap in use, in bytes: what bounds the memory whatever the size of the documents */
  heapBytes: number;
};

export interface ProjectionRunner {
  start(): Promise<void>;
  stop(): Promise<void>;
  status(): Promise<ProjectorStatus[]>;
  /** Drops the named read models and replays the log into them in one pass (all of them at once). */
  rebuild(names: string | readonly string[], onProgress?: (progress: RebuildProgress) => void): Promise<RebuildResult>;
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
): Array<{ id: string; doc: D | null }> {
  if (!matchesFilter(recorded, projector.filter)) return [];
  const event = projector.decode(recorded);
  if (event === null) return [];
  const changes: Array<{ id: string; doc: D | null; before: D | null }> = [];
  for (const id of new Set(projector.documentIds(event))) {
    const { doc, position } = current(id);
    if (position !== null && position >= event.position) continue;
    const next = projector.evolve(doc, event, id);
    // Nothing to write for a document that neither existed nor came to exist.
    if (next !== null || doc !== null) changes.push({ id, doc: next, before: doc });
  }
  const result: Array<{ id: string; doc: D | null }> = changes.map(({ id, doc }) => ({ id, doc }));
  const summary = projector.summary;
  if (summary && changes.length > 0) {
    const { doc, position } = current(summary.id);
    if (position === null || position < event.position) {
      let next = doc;
      for (const change of changes) next = summary.evolve(next, { id: change.id, before: change.before, after: change.doc });
      result.push({ id: summary.id, doc: next });
    }
  }
  return result;
}

const DEFAULT_BATCH_SIZE = 1000;
const DEFAULT_WRITE_BEHIND: WriteBehindLimits = { events: 100_000, documents: 120_000, heapBytes: 192 * 1024 * 1024 };
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

type TouchedDocument = ProjectedDocument & { dirty: boolean };

type WriteBehind = {
  limits: WriteBehindLimits;
  /** per member, every document loaded or folded since the last flush */
  documents: Map<Member, Map<string, TouchedDocument>>;
  /** per member, the last position folded and not yet committed */
  reached: Map<Member, number>;
  events: number;
};

/** A member's share of one batch: the documents it touched and the position it has reached. */
type MemberBatch = {
  member: Member;
  touched: Map<string, TouchedDocument>;
  reached: number | null;
  error?: { error: unknown; position: number };
};

const after = (position: number | null) => position ?? -1;

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
    members.set(projector.name, { projector, checkpoint: null, state: 'stopped', failures: 0, restarts: 0, rebuilding: false });
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
    const pass: Pass = { kind, members: new Set(), joining: new Set(), position: null, live: false, abort: new AbortController(), busy: null };
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
      return { member, touched, reached: null };
    });
    const pending = (batch: MemberBatch, event: RecordedEvent) => event.position > after(batch.member.checkpoint);

    // Every document the batch touches and does not hold yet, loaded in one query per collection.
    for (const batch of batches) {
      const { projector } = batch.member;
      const ids = new Set<string>();
      for (const event of events) {
        if (!pending(batch, event) || !matchesFilter(event, projector.filter)) continue;
        try {
          const decoded = projector.decode(event);
          if (decoded) for (const id of projector.documentIds(decoded)) if (!batch.touched.has(id)) ids.add(id);
        } catch {
          // The fold below meets the same error at the same event and fails the projector there.
        }
      }
      if (ids.size === 0) continue;
      // The summary folds whatever the batch changes: it must be loaded as it stands, never taken as empty.
      if (projector.summary && !batch.touched.has(projector.summary.id)) ids.add(projector.summary.id);
      const stored = await readStore.loadForProjection(projector.collection, [...ids]);
      for (const id of ids) {
        const found = stored.get(id);
        batch.touched.set(id, { doc: found?.doc ?? null, position: found?.position ?? null, dirty: false });
      }
    }

    let sliceStart = performance.now();
    for (const event of events) {
      for (const batch of batches) {
        if (batch.error || !pending(batch, event)) continue;
        try {
          const changes = evolveDocuments(batch.member.projector, event, (id) => batch.touched.get(id) ?? { doc: null, position: null });
          // Applied only once the whole event is evolved, so a throwing projector leaves its batch consistent.
          for (const { id, doc } of changes) batch.touched.set(id, { doc, position: event.position, dirty: true });
          batch.reached = event.position;
        } catch (error) {
          batch.error = { error, position: event.position };
        }
      }
      if (performance.now() - sliceStart > SLICE_MS) {
        await yieldToLoop();
        sliceStart = performance.now();
      }
    }

    if (held) {
      held.events += events.length;
      for (const batch of batches) if (batch.reached !== null) held.reached.set(batch.member, batch.reached);
      // A failing member leaves the pass with what came before its failing event, committed.
      if (batches.some((batch) => batch.error) || overLimits(held)) await flush(pass);
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

  function collectDirty(member: Member, touched: ReadonlyMap<string, TouchedDocument>, writes: ProjectionWrite[]): void {
    for (const [id, entry] of touched) {
      if (entry.dirty && entry.position !== null) writes.push({ collection: member.projector.collection, id, doc: entry.doc, position: entry.position });
    }
  }

  function overLimits(held: WriteBehind): boolean {
    if (held.events >= held.limits.events) return true;
    let documents = 0;
    for (const touched of held.documents.values()) documents += touched.size;
    return documents >= held.limits.documents || process.memoryUsage().heapUsed >= held.limits.heapBytes;
  }

  /**
   * Writes every document a rebuild holds, in transactions of FLUSH_CHUNK writes with a turn of the loop between
   * two, and the checkpoints with the last: a crash in between leaves documents ahead of their checkpoint, which
   * the position guards make harmless. Then forgets them, so memory stays bounded.
   */
  async function flush(pass: Pass): Promise<void> {
    const held = pass.writeBehind;
    if (!held) return;
    const writes: ProjectionWrite[] = [];
    for (const [member, touched] of held.documents) collectDirty(member, touched, writes);
    const checkpoints = [...held.reached].map(([member, checkpoint]) => ({ projector: member.projector.name, checkpoint }));
    held.documents.clear();
    for (let start = 0; start < writes.length || (start === 0 && checkpoints.length > 0); start += FLUSH_CHUNK) {
      const last = start + FLUSH_CHUNK >= writes.length;
      await readStore.commitProjections({ checkpoints: last ? checkpoints : [], writes: writes.slice(start, start + FLUSH_CHUNK) });
      if (!last) await yieldToLoop();
    }
    for (const [member, checkpoint] of held.reached) member.checkpoint = checkpoint;
    held.reached.clear();
    held.events = 0;
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
        if (pass.kind === 'main') for (const member of pass.members) if (member.state === 'catching-up') member.state = 'live';
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

  async function ensureIndexes(of: Iterable<Member>): Promise<void> {
    for (const { projector } of of) if (projector.indexes?.length) await readStore.ensureIndexes(projector.collection, projector.indexes);
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
        const subscription = eventStore.subscribeToAll({ ...(from < 0 ? {} : { after: from }), signal: pass.abort.signal });
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

    async rebuild(names, onProgress) {
      const list = typeof names === 'string' ? [names] : [...names];
      const selected = list.map(memberFor);
      for (const member of selected) {
        if (member.rebuilding) throw new Error(`Projector "${member.projector.name}" is already being rebuilt`);
      }
      for (const member of selected) member.rebuilding = true;
      const pass = newPass('rebuild', []);
      pass.writeBehind = { limits: writeBehindLimits, documents: new Map(), reached: new Map(), events: 0 };
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
          member.checkpoint = null;
          member.pass = pass;
          pass.members.add(member);
        }

        const head = await eventStore.headPosition();
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
                onCommitted: (processed, position) => onProgress?.({ processed, position, headPosition: head, eventsPerSecond: rate(processed) }),
              });
        await flush(pass);
        // Indexes are built once the collections are full: one sort each instead of maintaining every expression
        // index on every write of the replay (the audit timeline alone has seven).
        await ensureIndexes(selected);
        const seconds = (performance.now() - startedAt) / 1000;
        const failed = selected.filter((member) => member.state === 'failed');
        if (failed.length > 0) {
          throw new Error(`Rebuild failed: ${failed.map((member) => `${member.projector.name}: ${member.lastError ?? '?'}`).join('; ')}`);
        }
        const checkpoints = await Promise.all(selected.map((member) => readStore.getCheckpoint(member.projector.name)));
        return {
          name: list.join(', '),
          events,
          seconds,
          eventsPerSecond: rate(events),
          checkpoint: checkpoints.length === 0 ? null : Math.min(...checkpoints.map((checkpoint) => checkpoint ?? 0)),
        };
      } finally {
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
