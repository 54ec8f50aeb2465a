import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createLeaseRunner, type LeaseStore } from './lease.ts';

export type LeaseStoreContractFactory = () => Promise<
  | { skip: string }
  | {
      /** a new connection to the same leases, as another replica would open */
      open(): LeaseStore;
      close(): Promise<void>;
    }
>;

async function until(condition: () => boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function untilAsync(condition: () => Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export function leaseStoreContract(name: string, factory: LeaseStoreContractFactory): void {
  describe(`lease store contract: ${name}`, async () => {
    const created = await factory();
    if ('skip' in created) {
      describe.skip(`${name} skipped: ${created.skip}`, () => {
        it('runs the lease store contract', () => {});
      });
      return;
    }
    const opened: LeaseStore[] = [];
    const open = () => {
      const store = created.open();
      opened.push(store);
      return store;
    };
    afterAll(async () => {
      for (const store of opened) await store.close().catch(() => undefined);
      await created.close();
    });

    it('one holder at a time; the holder renews; release frees it', async () => {
      const [a, b] = [open(), open()];
      const lease = `lease-${randomUUID()}`;
      expect(await a.tryAcquire(lease, 'a', 60_000)).toBe(true);
      expect(await b.tryAcquire(lease, 'b', 60_000)).toBe(false);
      expect(await a.tryAcquire(lease, 'a', 60_000)).toBe(true);
      expect(await b.holderOf(lease)).toBe('a');
      await b.release(lease, 'b'); // not the holder: no effect
      expect(await b.holderOf(lease)).toBe('a');
      await a.release(lease, 'a');
      expect(await a.holderOf(lease)).toBeNull();
      expect(await b.tryAcquire(lease, 'b', 60_000)).toBe(true);
    });

    it('an expired lease is taken over', async () => {
      const [a, b] = [open(), open()];
      const lease = `lease-${randomUUID()}`;
      // long enough that a loaded machine still answers b's first try before it expires
      expect(await a.tryAcquire(lease, 'a', 2_000)).toBe(true);
      expect(await b.tryAcquire(lease, 'b', 60_000)).toBe(false);
      await untilAsync(async () => (await a.holderOf(lease)) === null, 'the lease to expire');
      expect(await b.tryAcquire(lease, 'b', 60_000)).toBe(true);
      expect(await a.tryAcquire(lease, 'a', 60_000)).toBe(false);
    });

    it('the fencing token rises each time the lease changes hands, never on a renewal or back after a release', async () => {
      const [a, b] = [open(), open()];
      const lease = `lease-${randomUUID()}`;
      expect(await a.fencingToken(lease, 'a')).toBeNull();
      expect(await a.tryAcquire(lease, 'a', 60_000)).toBe(true);
      const first = await a.fencingToken(lease, 'a');
      expect(first).not.toBeNull();
      expect(await b.fencingToken(lease, 'b')).toBeNull(); // not the holder
      expect(await a.tryAcquire(lease, 'a', 60_000)).toBe(true); // a renewal keeps it
      expect(await b.fencingToken(lease, 'a')).toBe(first);
      await a.release(lease, 'a');
      expect(await a.fencingToken(lease, 'a')).toBeNull();
      expect(await b.tryAcquire(lease, 'b', 60_000)).toBe(true);
      const second = await b.fencingToken(lease, 'b');
      expect(second).toBeGreaterThan(first!);
      await b.release(lease, 'b');
      expect(await a.tryAcquire(lease, 'a', 60_000)).toBe(true);
      expect(await a.fencingToken(lease, 'a')).toBeGreaterThan(second!);

      // taken over on expiry: the paused holder's token is older than the new holder's
      const expiring = `lease-${randomUUID()}`;
      expect(await a.tryAcquire(expiring, 'a', 2_000)).toBe(true);
      const paused = await a.fencingToken(expiring, 'a');
      await untilAsync(() => b.tryAcquire(expiring, 'b', 60_000), 'the expired lease to be taken over');
      expect(await b.fencingToken(expiring, 'b')).toBeGreaterThan(paused!);
      expect(await a.fencingToken(expiring, 'a')).toBeNull();
    });

    it('of many contenders at once exactly one wins', async () => {
      const stores = Array.from({ length: 6 }, () => open());
      const lease = `lease-${randomUUID()}`;
      const won = await Promise.all(stores.map((store, i) => store.tryAcquire(lease, `h${i}`, 60_000)));
      expect(won.filter(Boolean)).toHaveLength(1);
      const tokens = await Promise.all(stores.map((store, i) => store.fencingToken(lease, `h${i}`)));
      expect(tokens.filter((token) => token !== null)).toHaveLength(1);
    });

    it('two runners at once: only one runs the task, the other takes over when the first dies', async () => {
      const lease = `worker-${randomUUID()}`;
      const running = new Set<string>();
      let overlaps = 0;
      const runner = (holder: string, store: LeaseStore) =>
        createLeaseRunner({
          store,
          name: lease,
          holder,
          ttlMs: 300,
          intervalMs: 50,
          start: async () => {
            running.add(holder);
            if (running.size > 1) overlaps += 1;
          },
          stop: async () => void running.delete(holder),
        });
      const storeA = open();
      const first = runner('first', storeA);
      const second = runner('second', open());
      await Promise.all([first.start(), second.start()]);
      expect(running.size).toBe(1);
      const winner = first.status().held ? 'first' : 'second';
      expect(running.has(winner)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 400)); // several renewals: still the same one
      expect([...running]).toEqual([winner]);

      // the holder dies without releasing (its store connection is gone): the other takes over after the ttl
      const [dying, survivor] = winner === 'first' ? [first, second] : [second, first];
      const survivorName = winner === 'first' ? 'second' : 'first';
      if (winner === 'first') await storeA.close();
      else await opened[opened.length - 1]!.close();
      await until(() => !dying.status().held, 'the dead holder to notice it lost its store');
      await until(() => survivor.status().held, 'the survivor to take over');
      expect([...running]).toEqual([survivorName]);
      expect(overlaps).toBe(0);
      await survivor.stop();
      await dying.stop();
      expect(running.size).toBe(0);
    });
  });
}
