import Database from 'better-sqlite3';
import { createSqliteEventStore } from '@pocketguide/platform/event-store/sqlite-event-store';
import { historyDays, scaleRates, SMALL_HISTORY_RATES } from '../dashboard/dashboard-history.ts';

/**
 * A made-up log for rebuild benches and tests: the history of accounts, subscriptions, payments and guidebooks
 * (dashboard-history.ts), with `editsPerEvent` edits of a living guidebook after each of its events (edits are
 * most of a real log). Deterministic for a seed. With `othersEvery`, one event of the read models that history does
 * not reach (icons, messages and the inbox, feedback, reads, password resets, billing notices, thumbnails) after
 * every that many of its events, in turn, so every read model of the registry gets documents.
 */
export type LogEvent = {
  streamId: string;
  revision: number;
  type: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  recordedAt: string;
};

export type HistoryLogOptions = {
  total: number;
  seed?: number;
  scale?: number;
  editsPerEvent?: number;
  othersEvery?: number;
};

export function* historyLog({
  total,
  seed = 42,
  scale = 250,
  editsPerEvent = 2,
  othersEvery,
}: HistoryLogOptions): Generator<LogEvent> {
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
  const others = othersEvery ? otherReadModelsEvents(random) : null;
  let sinceOther = 0;
  const days = historyDays({
    seed,
    from: new Date('2025-09-01T00:00:00+09:00'),
    days: 5_000,
    rates: scaleRates(SMALL_HISTORY_RATES, scale),
  });
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
      if (others) {
        others.saw(event.type, event.data);
        sinceOther += 1;
        if (sinceOther >= othersEvery! && written < total) {
          sinceOther = 0;
          const other = others.next(event.recordedAt);
          if (other) yield next(other.streamId, other.type, other.data, event.recordedAt);
        }
      }
      for (let k = 0; k < editsPerEvent && living.length > 0 && written < total; k += 1) {
        const id = living[Math.floor(random() * living.length)]!;
        const streamId = `guidebook-${id}`;
        const patches = [{ op: 'replace', path: ['title'], value: `Guide ${id} · ${written}` }];
        const data = {
          guidebookId: id,
          baseRevision: (revisions.get(streamId) ?? 1) - 1,
          patches,
          inversePatches: [],
          summary: [],
          kind: 'edit',
          editedAt: event.recordedAt,
        };
        yield next(streamId, 'GuidebookEdited', data, event.recordedAt);
      }
    }
  }
}

type OtherEvent = { streamId: string; type: string; data: Record<string, unknown> };

/**
 * Events of the read models the accounts' and guidebooks' history does not reach, about the accounts and published
 * guidebooks that history has made so far, one kind after the other.
 */
function otherReadModelsEvents(random: () => number) {
  const users: string[] = [];
  const deletedUsers = new Set<string>();
  const owners = new Map<string, string>();
  const published = new Set<string>();
  const icons: Array<{ iconId: string; userId: string }> = [];
  const resets: Array<{ userId: string; resetId: string; tokenHash: string }> = [];
  const sent: Array<{ messageId: string; recipients: string[] }> = [];
  let count = 0;
  let turn = 0;
  const pick = <T>(list: readonly T[]): T | undefined => list[Math.floor(random() * list.length)];
  const aliveUser = () => {
    for (let tries = 0; tries < 5; tries += 1) {
      const user = pick(users);
      if (user && !deletedUsers.has(user)) return user;
    }
    return undefined;
  };
  const content = (n: number) => ({
    title: `Notice ${n}`,
    message: `Maintenance ${n}`,
    type: 'information',
    users: 'all',
    messageDate: '2026-11-30',
    notification: n % 2 === 0,
  });
  const kinds: Array<(at: string) => OtherEvent | null> = [
    (at) => {
      const userId = aliveUser();
      if (!userId) return null;
      const iconId = `i${(count += 1)}`;
      icons.push({ iconId, userId });
      return {
        streamId: `icon-library-${userId}`,
        type: 'IconUploaded',
        data: { iconId, userId, url: `/media/icons/${userId}/${iconId}.png`, bytes: 800, uploadedAt: at },
      };
    },
    (at) => ({
      streamId: `message-m${turn}`,
      type: 'MessageSaved',
      data: { messageId: `m${turn}`, ...content(turn), savedAt: at },
    }),
    (at) => {
      const recipients = [...new Set([aliveUser(), aliveUser()].filter((user): user is string => user !== undefined))];
      const messageId = `m${(count += 1)}`;
      sent.push({ messageId, recipients });
      return {
        streamId: `message-${messageId}`,
        type: 'MessageSent',
        data: { messageId, ...content(count), recipients, sentAt: at },
      };
    },
    (at) => {
      const message = sent.at(-1);
      const userId = message?.recipients[0];
      if (!message || !userId) return null;
      return {
        streamId: `inbox-${userId}`,
        type: 'MessageDismissed',
        data: { userId, messageId: message.messageId, dismissedAt: at },
      };
    },
    (at) => {
      const feedbackId = `f${(count += 1)}`;
      const userId = count % 3 === 0 ? undefined : aliveUser();
      return {
        streamId: `feedback-${feedbackId}`,
        type: 'FeedbackSubmitted',
        data: {
          feedbackId,
          title: 'Map zoom',
          feedback: 'Please let me zoom the map.',
          url: 'https://pocketguide.example/guidebooks',
          userAgent: 'Mozilla/5.0',
          clientTimestamp: at,
          submittedAt: at,
          ...(userId ? { userId } : {}),
        },
      };
    },
    (at) => {
      const guidebookId = pick([...published]);
      if (!guidebookId) return null;
      const reads = [
        {
          kind: 'open',
          page: 'cover',
          at,
          source: 'qr',
          device: 'phone',
          offline: false,
          first: true,
          newReader: true,
        },
        { kind: 'time', page: 'cover', at, ms: 1000 + Math.floor(random() * 60_000), offline: false },
      ];
      return {
        streamId: `reading-${guidebookId}`,
        type: 'GuidebookReadsRecorded',
        data: { guidebookId, ownerId: owners.get(guidebookId) ?? 'u1', reads },
      };
    },
    (at) => {
      const userId = aliveUser();
      if (!userId) return null;
      const reset = { userId, resetId: `r${(count += 1)}`, tokenHash: count.toString(16).padStart(64, '0') };
      resets.push(reset);
      const expiresAt = new Date(Date.parse(at) + 3_600_000).toISOString();
      return {
        streamId: `user-${userId}`,
        type: 'PasswordResetRequested',
        data: { ...reset, link: 'https://pocketguide.example/reset-password', requestedAt: at, expiresAt },
      };
    },
    (at) => {
      const userId = aliveUser();
      if (!userId) return null;
      const key = `renewal-upcoming-${(count += 1)}`;
      return {
        streamId: `user-${userId}`,
        type: 'BillingNoticeSent',
        data: {
          userId,
          kind: 'renewal-upcoming',
          key,
          sentAt: at,
          title: 'Renewal',
          message: 'Your plan renews soon.',
        },
      };
    },
    (at) => {
      const guidebookId = pick([...published]);
      const userId = guidebookId ? owners.get(guidebookId) : undefined;
      if (!guidebookId || !userId) return null;
      return {
        streamId: `thumbnail_requests-${userId}`,
        type: 'ThumbnailsRequested',
        data: {
          requestId: `t${(count += 1)}`,
          userId,
          via: 'user',
          priority: 'high',
          guidebookIds: [guidebookId],
          skipped: [],
          requestedAt: at,
        },
      };
    },
    (at) => {
      const guidebookId = pick([...published]);
      if (!guidebookId) return null;
      return {
        streamId: `guidebook-${guidebookId}`,
        type: 'GuidebookThumbnailRecorded',
        data: {
          guidebookId,
          thumbnailUrl: `/media/thumbnails/${guidebookId}/${turn}.webp`,
          generatedAt: at,
          renderMs: 900,
        },
      };
    },
    (at) => {
      const guidebookId = pick([...published]);
      if (!guidebookId) return null;
      return {
        streamId: `thumbnail-${guidebookId}`,
        type: 'ThumbnailRenderFailed',
        data: { guidebookId, requestedAt: at, reason: 'timeout', failedAt: at },
      };
    },
    (at) => {
      const icon = icons.shift();
      return icon
        ? { streamId: `icon-library-${icon.userId}`, type: 'IconDeleted', data: { ...icon, deletedAt: at } }
        : null;
    },
    (at) => {
      const reset = resets.shift();
      if (!reset) return null;
      return {
        streamId: `user-${reset.userId}`,
        type: 'PasswordResetCompleted',
        data: { userId: reset.userId, resetId: reset.resetId, completedAt: at, closedTokenHashes: [reset.tokenHash] },
      };
    },
    (at) => {
      const message = sent.shift();
      if (!message) return null;
      const type = (count += 1) % 2 === 0 ? 'MessageUnsent' : 'MessageDeleted';
      return {
        streamId: `message-${message.messageId}`,
        type,
        data: {
          messageId: message.messageId,
          recipients: message.recipients,
          [type === 'MessageUnsent' ? 'unsentAt' : 'deletedAt']: at,
        },
      };
    },
  ];
  return {
    saw(type: string, data: Record<string, unknown>) {
      const guidebookId = typeof data.guidebookId === 'string' ? data.guidebookId : null;
      if (type === 'UserRegistered' && typeof data.userId === 'string') users.push(data.userId);
      else if (type === 'UserDeleted' && typeof data.userId === 'string') deletedUsers.add(data.userId);
      else if (type === 'GuidebookCreated' && guidebookId && typeof data.ownerId === 'string')
        owners.set(guidebookId, data.ownerId);
      else if (type === 'GuidebookPublished' && guidebookId) published.add(guidebookId);
      else if ((type === 'GuidebookUnpublished' || type === 'GuidebookDeleted') && guidebookId)
        published.delete(guidebookId);
    },
    /** the next kind that has something to say, or null when none has yet */
    next(at: string): OtherEvent | null {
      for (let tries = 0; tries < kinds.length; tries += 1) {
        const kind = kinds[turn % kinds.length]!;
        turn += 1;
        const event = kind(at);
        if (event) return event;
      }
      return null;
    },
  };
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
    const insert = db.prepare(
      'INSERT INTO events (id, stream_id, category, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    let count = 0;
    db.transaction(() => {
      for (const event of events) {
        const category = event.streamId.slice(0, event.streamId.indexOf('-'));
        insert.run(
          crypto.randomUUID(),
          event.streamId,
          category,
          event.revision,
          event.type,
          JSON.stringify(event.data),
          JSON.stringify(event.metadata),
          event.recordedAt,
        );
        count += 1;
      }
    })();
    return count;
  } finally {
    db.close();
  }
}
