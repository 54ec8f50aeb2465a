import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newGuidebookDocument, userStream } from '@pocketguide/contracts';
import type { EventStore } from '@pocketguide/platform/event-store/event-store';
import { createSqliteEventStore } from '@pocketguide/platform/event-store/sqlite-event-store';
import type { CommandMetadata } from '../core/command-handler.ts';
import type { Actor } from './guidebook-state.ts';
import { createGuidebooks } from './guidebooks.ts';
import { appendTitleEdits } from '../testing/long-stream.ts';
import { registeredUserEvent } from '../testing/stored-user.ts';

/**
 * The first save of a long stream that has no snapshot folds every event of it. The fold gives the loop back every
 * few hundred events, so a server on the same loop keeps answering meanwhile instead of waiting for the save.
 */

let store: EventStore;
beforeAll(() => {
  store = createSqliteEventStore({
    path: resolve(import.meta.dirname, `../../../test-output/tmp/long-stream-${randomUUID()}.sqlite`),
  });
});
afterAll(() => store.close());

const meta = (actor: Actor): CommandMetadata => ({ commandId: randomUUID(), userId: actor.userId, role: 'user' });

describe('the first save of a long stream', () => {
  it(
    'folds 10,000 edits without a snapshot while an HTTP server on the same loop keeps answering',
    { timeout: 120_000 },
    async () => {
      let now = Date.parse('2026-11-22T09:00:00.000Z');
      const clock = { now: () => new Date(now) };
      // No snapshots and no kept state: the save folds the whole stream, as the first save after a restart would.
      const guidebooks = createGuidebooks({
        eventStore: store,
        clock,
        snapshotEvery: Number.MAX_SAFE_INTEGER,
        stateCacheSize: 0,
      });
      const userId = randomUUID();
      await store.appendToStream(userStream(userId), [
        registeredUserEvent(userId, {
          registeredAt: '2026-11-01T09:00:00.000Z',
          trialExpiresAt: '2026-11-30T09:00:00.000Z',
        }),
      ]);
      const author: Actor = { userId, isAdmin: false };
      const { guidebookId } = await guidebooks.create(
        author,
        newGuidebookDocument({ title: 'Jeju' }),
        'new',
        meta(author),
      );
      // 9,999 edits written straight to the store (the events the handler writes), on the days before the save.
      await appendTitleEdits(store, { guidebookId, userId, count: 9_999, editedAt: '2026-11-20T09:00:00.000Z' });
      now += 24 * 60 * 60_000;

      const server = createServer((_request, response) => response.end('ok'));
      server.listen(0, '127.0.0.1');
      await once(server, 'listening');
      const { port } = server.address() as AddressInfo;
      const answeredAt: number[] = [];
      let saving = true;
      const asking = (async () => {
        while (saving) {
          const response = await fetch(`http://127.0.0.1:${port}/`);
          await response.text();
          answeredAt.push(performance.now());
        }
      })();
      try {
        const startedAt = performance.now();
        const saved = await guidebooks.edit(
          guidebookId,
          author,
          [{ op: 'replace', path: ['title'], value: 'Jeju, at last' }],
          9_999,
          meta(author),
        );
        const endedAt = performance.now();
        saving = false;
        await asking;

        expect(saved.state.status === 'active' && saved.state.guidebook.document.title).toBe('Jeju, at last');
        expect(saved.revision).toBe(10_000);
        // Folded on a loop that never turned, the save would have let no request through until it ended.
        const during = answeredAt.filter((at) => at > startedAt && at < endedAt);
        expect(during.length).toBeGreaterThanOrEqual(3);
        console.log(
          `[fold] save over 10,000 events took ${Math.round(endedAt - startedAt)} ms; ${during.length} HTTP requests answered meanwhile`,
        );
      } finally {
        saving = false;
        await asking;
        server.close();
      }
    },
  );
});
