import { decodeGuidebookEvent, guidebookStream, type GuidebookEvent } from '@pocketguide/contracts';
import type { EventStore, RecordedEvent } from '@pocketguide/platform/event-store/event-store';
import { NotFoundError } from '@pocketguide/platform/http/errors';
import { SNAPSHOT_EVENT_TYPE, type StoredSnapshot } from '../core/command-handler.ts';
import { guidebookDecider } from './guidebook-decider.ts';
import type { GuidebookState } from './guidebook-state.ts';

/**
 * A guidebook's past, read from its stream: the state at an earlier revision (from the nearest snapshot), one
 * earlier event, and the history of changes page by page. Nothing here writes.
 */

/** Bump when `GuidebookState` changes shape: older snapshots are then ignored and rebuilt (2: the daily growth count). */
export const GUIDEBOOK_SNAPSHOT_VERSION = 2;
export const GUIDEBOOK_SNAPSHOT_CATEGORY = 'guidebook_snapshot';
/** `guidebook-<id>` → `guidebook_snapshot-<id>`: another category, so guidebook projectors never see snapshots. */
export const guidebookSnapshotStream = (streamId: string): string =>
  `${GUIDEBOOK_SNAPSHOT_CATEGORY}-${streamId.slice(streamId.indexOf('-') + 1)}`;

export const toGuidebookEvent = (recorded: RecordedEvent): GuidebookEvent =>
  decodeGuidebookEvent(recorded.type, recorded.data, { metadata: recorded.metadata });

/** Who made a recorded change, as the history shows it. */
export type ChangeAuthor = { userId: string; name: string | null; role: string | null };

export function createGuidebookPast({
  eventStore,
  nameOf,
}: {
  eventStore: EventStore;
  nameOf: (userId: string) => Promise<{ name: string | null }>;
}) {
  async function eventAt(streamId: string, revision: number): Promise<GuidebookEvent> {
    for await (const recorded of eventStore.readStream(streamId, { fromRevision: revision, maxCount: 1 })) {
      if (recorded.revision === revision) return toGuidebookEvent(recorded);
    }
    throw new NotFoundError(`There is no revision ${revision}`);
  }

  /** The snapshot with the highest revision ≤ `revision`, found by bisecting the snapshot stream. */
  async function snapshotAtOrBefore(streamId: string, revision: number): Promise<StoredSnapshot | null> {
    const snapshotStream = guidebookSnapshotStream(streamId);
    const at = async (index: number): Promise<StoredSnapshot | null> => {
      for await (const recorded of eventStore.readStream(snapshotStream, { fromRevision: index, maxCount: 1 })) {
        const stored = recorded.data as StoredSnapshot;
        return recorded.type === SNAPSHOT_EVENT_TYPE && stored.version === GUIDEBOOK_SNAPSHOT_VERSION ? stored : null;
      }
      return null;
    };
    let last = -1;
    for await (const recorded of eventStore.readStream(snapshotStream, { direction: 'backwards', maxCount: 1 }))
      last = recorded.revision;
    let low = 0;
    let high = last;
    let found: StoredSnapshot | null = null;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const stored = await at(middle);
      if (stored === null) return null; // another version: fold from the start
      if (stored.revision <= revision) {
        found = stored;
        low = middle + 1;
      } else high = middle - 1;
    }
    return found;
  }

  /** The state as it was at `revision`: the nearest snapshot at or before it, then the events up to it. */
  async function stateAt(guidebookId: string, revision: number): Promise<{ state: GuidebookState; time: string }> {
    const streamId = guidebookStream(guidebookId);
    const snapshot = await snapshotAtOrBefore(streamId, revision);
    let state = snapshot ? (snapshot.state as GuidebookState) : guidebookDecider.initialState();
    let time = '';
    const from = snapshot ? snapshot.revision + 1 : 0;
    if (from <= revision) {
      for await (const recorded of eventStore.readStream(streamId, {
        fromRevision: from,
        maxCount: revision - from + 1,
      })) {
        state = guidebookDecider.evolve(state, toGuidebookEvent(recorded));
        time = recorded.recordedAt;
      }
    } else {
      for await (const recorded of eventStore.readStream(streamId, { fromRevision: revision, maxCount: 1 }))
        time = recorded.recordedAt;
    }
    if (state.status === 'none' || state.revision !== revision)
      throw new NotFoundError(`There is no revision ${revision}`);
    return { state, time };
  }

  /**
   * The changes after the creation, newest first, read backwards from the stream in pages (revision r is entry r,
   * so a page is one ranged read). `revision`: the guidebook's current one.
   */
  async function history(guidebookId: string, revision: number, page: number, pageSize: number) {
    const streamId = guidebookStream(guidebookId);
    const totalCount = revision;
    const newest = revision - (page - 1) * pageSize;
    const names = new Map<string, Promise<{ name: string | null }>>();
    const who = async (metadata: RecordedEvent['metadata']): Promise<ChangeAuthor> => {
      const userId = typeof metadata.userId === 'string' ? metadata.userId : 'unknown';
      if (!names.has(userId)) names.set(userId, userId === 'system' ? Promise.resolve({ name: null }) : nameOf(userId));
      const { name } = await names.get(userId)!;
      return { userId, name, role: typeof metadata.role === 'string' ? metadata.role : null };
    };
    const entries: Array<{ recorded: RecordedEvent; event: GuidebookEvent }> = [];
    if (newest >= 1) {
      const count = Math.min(pageSize, newest);
      for await (const recorded of eventStore.readStream(streamId, {
        direction: 'backwards',
        fromRevision: newest,
        maxCount: count,
      })) {
        if (recorded.revision < 1) break;
        entries.push({ recorded, event: toGuidebookEvent(recorded) });
      }
    }
    let created: { time: string; who: ChangeAuthor } = { time: '', who: { userId: 'unknown', name: null, role: null } };
    for await (const recorded of eventStore.readStream(streamId, { maxCount: 1 }))
      created = { time: recorded.recordedAt, who: await who(recorded.metadata) };
    return {
      revision,
      totalCount,
      created,
      entries: await Promise.all(
        entries.map(async ({ recorded, event }) => ({ recorded, event, who: await who(recorded.metadata) })),
      ),
    };
  }

  return { eventAt, stateAt, history };
}
