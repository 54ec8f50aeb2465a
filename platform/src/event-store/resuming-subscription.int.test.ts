import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSqliteEventStore } from './sqlite-event-store.ts';
import { createSqliteReadStore } from '../read-store/sqlite-read-store.ts';
import { droppingEventStore } from './dropping-event-store.ts';
import { resumingSubscription } from './resuming-source.ts';
import { createEmbeddedWorkerBus } from '../bus/embedded-worker-bus.ts';
import { createUserAccessCache, followUserAccessChanges, type UserAccessFollowerStatus } from '../auth/user-access.ts';
import type { RecordedEvent } from './event-store.ts';

const tmpRoot = resolve(import.meta.dirname, '../../../test-output/tmp');

function openDir(): string {
  const dir = join(tmpRoot, `resuming-${randomUUID()}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

async function appendNumbered(store: ReturnType<typeof createSqliteEventStore>, count: number, type = 'Numbered') {
  for (let i = 0; i < count; i += 1) {
    await store.appendToStream(`numbers-${i % 3}`, [{ id: randomUUID(), type, data: { userId: `user-${i}` } }]);
  }
}

async function until(condition: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('a dropped $all subscription resumes from its checkpoint, no event missed or doubled', () => {
  it('resumingSubscription over any store', async () => {
    const store = createSqliteEventStore({ path: join(openDir(), 'events.sqlite') });
    await appendNumbered(store, 25);
    const dropping = droppingEventStore(store, 4);
    const abort = new AbortController();
    const seen: RecordedEvent[] = [];
    const drops: number[] = [];
    const subscription = resumingSubscription(dropping, {
      signal: abort.signal,
      initialDelayMs: 1,
      onDrop: (report) => drops.push(report.after),
    });
    for await (const event of subscription) {
      seen.push(event);
      if (seen.length === 25) break;
    }
    const all: RecordedEvent[] = [];
    for await (const event of store.readAll()) all.push(event);
    expect(seen.map((event) => event.id)).toEqual(all.map((event) => event.id));
    expect(dropping.opened.length).toBeGreaterThanOrEqual(7);
    expect(drops[0]).toBe(all[3]!.position);
    abort.abort();
    await store.close();
  });

  it('the embedded worker bus handles every event once across drops', async () => {
    const dir = openDir();
    const store = createSqliteEventStore({ path: join(dir, 'events.sqlite') });
    const readStore = createSqliteReadStore({ path: join(dir, 'reads.sqlite') });
    const dropping = droppingEventStore(store, 3);
    const handled: string[] = [];
    const bus = createEmbeddedWorkerBus({ eventStore: dropping, readStore, retryDelayMs: 1, onError: () => undefined });
    await bus.start([{ name: 'counter', handle: async (event) => void handled.push(event.id) }]);
    await appendNumbered(store, 20);
    await until(() => handled.length >= 20, '20 handled events');
    const all: string[] = [];
    for await (const event of store.readAll()) all.push(event.id);
    expect(handled).toEqual(all);
    expect(dropping.opened.length).toBeGreaterThan(1);
    await bus.stop();
    await readStore.close();
    await store.close();
  });

  it('the user-access follower keeps invalidating after a drop', async () => {
    const store = createSqliteEventStore({ path: join(openDir(), 'events.sqlite') });
    await appendNumbered(store, 3);
    const dropping = droppingEventStore(store, 2);
    const invalidated: string[] = [];
    const cache = createUserAccessCache({ load: async () => null });
    const original = cache.invalidate.bind(cache);
    cache.invalidate = (userId) => {
      invalidated.push(userId);
      original(userId);
    };
    const status: UserAccessFollowerStatus = { position: null };
    const abort = new AbortController();
    const following = followUserAccessChanges(dropping, cache, abort.signal, { status, initialDelayMs: 1 });
    await until(() => dropping.opened.length === 1, 'the follower to subscribe');
    for (let i = 0; i < 7; i += 1) {
      await store.appendToStream(`user-${i}`, [
        { id: randomUUID(), type: 'UserHidden', data: { userId: `user-${i}` } },
      ]);
    }
    await until(() => invalidated.length >= 7, 'seven invalidations');
    expect(invalidated).toEqual(Array.from({ length: 7 }, (_, i) => `user-${i}`));
    expect(dropping.opened.length).toBeGreaterThanOrEqual(4);
    expect(status.position).toBe(await store.headPosition());
    abort.abort();
    await following;
    await store.close();
  });
});
