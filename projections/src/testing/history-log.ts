import Database from 'better-sqlite3';
import { createSqliteEventStore } from '@pocketguide/platform/event-store/sqlite-event-store';
import { historyDays, scaleRates, SMALL_HISTORY_RATES } from '../dashboard/dashboard-history.ts';

/**
 * A made-up log for rebuild benches and tests: the history of accounts, subscriptions, payments and guidebooks
 * (dashboard-history.ts), with `editsPerEvent` edits of a living guidebook after each of its events (edits are
 * most of a real log). Deterministic for a seed.
 */
export type LogEvent = {
  streamId: string;
  revision: number;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  recordedAt: string;
};

export type HistoryLogOptions = { total: number; seed?: number; scale?: number; editsPerEvent?: number };

export function* historyLog({ total, seed = 42, scale = 250, editsPerEvent = 2 }: HistoryLogOptions): Generator<LogEvent> {
  const revisions = new Map<string, number>();
  const living: string[] = [];
  const livingIndex = new Map<string, number>();
  let written = 0;
  let state = 7;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  const next = (streamId: string, type: string, data: Record<string, unknown>, recordedAt: string): LogEvent => {
    const revision = revisions.get(streamId) ?? 0;
    revisions.set(streamId, revision + 1);
    const metadata = { userId: 'system', role: 'system', commandId: `k${written}`, correlationId: `c${written}` };
    written += 1;
    return { streamId, revision, type, data, metadata, recordedAt };
  };
  const days = historyDays({ seed, from: new Date('2025-09-01T00:00:00+09:00'), days: 5_000, rates: scaleRates(SMALL_HISTORY_RATES, scale) });
  for (const day of days) {
    for (const event of day) {
      if (written >= total) return;
      yield next(event.streamId, event.type, event.data, event.recordedAt);
      const guidebookId = typeof event.data.guidebookId === 'string' ? event.data.guidebookId : null;
      if (event.type === 'GuidebookCreated' && guidebookId) {
        livingIndex.set(guidebookId, living.length);
        living.push(guidebookId);
      } else if (event.type === 'GuidebookDeleted' && guidebookId) {
        // swap-remove: deleted guidebooks are edited no more
        const at = livingIndex.get(guidebookId);
        const last = living.pop();
        if (at !== undefined && last !== undefined && last !== guidebookId) {
          living[at] = last;
          livingIndex.set(last, at);
        }
        livingIndex.delete(guidebookId);
      }
      for (let k = 0; k < editsPerEvent && living.length > 0 && written < total; k += 1) {
        const id = living[Math.floor(random() * living.length)]!;
        const streamId = `guidebook-${id}`;
        const patches = [{ op: 'replace', path: ['title'], value: `Guide ${id} · ${written}` }];
        const data = { guidebookId: id, baseRevision: (revisions.get(streamId) ?? 1) - 1, patches, inversePatches: [], summary: [], kind: 'edit', editedAt: event.recordedAt };
        yield next(streamId, 'GuidebookEdited', data, event.recordedAt);
      }
    }
  }
}

/**
 * Writes events straight into the SQLite event table, in one transaction (the append path, one fsync per append,
 * would take longer than the rebuild it prepares). Creates the store first if needed.
 */
export async function insertIntoSqliteLog(path: string, events: Iterable<LogEvent>): Promise<number> {
  await createSqliteEventStore({ path }).close();
  const db = new Database(path, { timeout: 5000 });
  try {
    db.pragma('journal_mode = WAL');
    const insert = db.prepare('INSERT INTO events (id, stream_id, category, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
    let count = 0;
    db.transaction(() => {
      for (const event of events) {
        const category = event.streamId.slice(0, event.streamId.indexOf('-'));
        insert.run(crypto.randomUUID(), event.streamId, category, event.revision, event.type, JSON.stringify(event.data), JSON.stringify(event.metadata), event.recordedAt);
        count += 1;
      }
    })();
    return count;
  } finally {
    db.close();
  }
}
