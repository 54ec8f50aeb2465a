import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventFilter, EventStore, RecordedEvent } from '../event-store/event-store.ts';
import type { Worker, WorkerBus, WorkerLag } from './worker-bus.ts';

/**
 * The contract every workers' bus passes (embedded and Kafka): each event reaches each interested worker, in order
 * per stream; a restarted worker resumes from its checkpoint; a failing handler is retried, never skipped; and
 * when the delivery path crashes before recording its progress, events come again and an idempotent handler
 * absorbs them.
 */
export type WorkerBusHarness = {
  eventStore: EventStore;
  /** a new bus over the same stores (and brokers), as a restarted process would build it */
  createBus(options: { retryDelayMs: number }): WorkerBus;
  /**
   * Simulates a crash of the delivery path after it delivered the events after `position` but before it recorded
   * that (embedded: the workers' checkpoints; Kafka: the relay's). Called while no bus is running.
   */
  forgetProgressAfter(position: number, workerNames: readonly string[]): Promise<void>;
  close(): Promise<void>;
};

export type WorkerBusContractOptions = {
  /** how long a test waits for deliveries (real brokers need longer) */
  deliveryTimeoutMs: number;
};

/** A worker whose handler is idempotent (its effect is a set of applied event ids) and records every call. */
export function recordingWorker(
  name: string,
  options: { filter?: EventFilter; failFirst?: { eventId: string; times: number } } = {},
) {
  const deliveries: RecordedEvent[] = [];
  const applied = new Set<string>();
  /** stream id → revisions in the order their effect was applied */
  const appliedOrder = new Map<string, number[]>();
  let failures = 0;
  const worker: Worker = {
    name,
    filter: options.filter,
    async handle(event) {
      deliveries.push(event);
      if (options.failFirst && event.id === options.failFirst.eventId && failures < options.failFirst.times) {
        failures += 1;
        throw new Error(`refusing ${event.id} (failure ${failures})`);
      }
      if (applied.has(event.id)) return; // idempotent: a duplicate changes nothing
      applied.add(event.id);
      const order = appliedOrder.get(event.streamId) ?? [];
      order.push(event.revision);
      appliedOrder.set(event.streamId, order);
    },
  };
  return {
    worker,
    deliveries,
    applied,
    appliedOrder,
    deliveriesOf: (id: string) => deliveries.filter((event) => event.id === id).length,
  };
}

/** Appends `rounds` events to each stream, round-robin, so streams interleave in the log. */
async function appendInterleaved(
  eventStore: EventStore,
  streams: readonly string[],
  rounds: number,
): Promise<RecordedEvent[]> {
  for (let round = 0; round < rounds; round += 1) {
    for (const streamId of streams) {
      await eventStore.appendToStream(streamId, [{ id: randomUUID(), type: 'Ticked', data: { round } }]);
    }
  }
  const all: RecordedEvent[] = [];
  for await (const event of eventStore.readAll()) all.push(event);
  return all;
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(10);
  }
}

function inOrder(revisions: readonly number[] | undefined, count: number): boolean {
  return JSON.stringify(revisions ?? []) === JSON.stringify(Array.from({ length: count }, (_, i) => i));
}

export function describeWorkerBusContract(
  suite: string,
  open: () => Promise<WorkerBusHarness>,
  options: WorkerBusContractOptions,
): void {
  const timeout = options.deliveryTimeoutMs;

  describe(`worker-bus contract: ${suite}`, () => {
    let harness: WorkerBusHarness;
    const buses: WorkerBus[] = [];
    const startBus = async (workers: Worker[], retryDelayMs = 20) => {
      const bus = harness.createBus({ retryDelayMs });
      buses.push(bus);
      await bus.start(workers);
      return bus;
    };
    const statusOf = async (bus: WorkerBus, name: string): Promise<WorkerLag | undefined> =>
      (await bus.status()).find((lag) => lag.name === name);

    beforeEach(async () => {
      harness = await open();
    });
    afterEach(async () => {
      for (const bus of buses.splice(0)) await bus.stop();
      await harness.close();
    });

    it('delivers every event to each interested worker, in order per stream, and reports no lag once done', async () => {
      const everything = recordingWorker('everything');
      const ordersOnly = recordingWorker('orders-only', { filter: { streamCategories: ['order'] } });
      const bus = await startBus([everything.worker, ordersOnly.worker]);
      const log = await appendInterleaved(harness.eventStore, ['order-1', 'invoice-1', 'order-2'], 15);

      await waitFor('every delivery', () => everything.applied.size === 45 && ordersOnly.applied.size === 30, timeout);
      expect(everything.applied).toEqual(new Set(log.map((event) => event.id)));
      for (const stream of ['order-1', 'invoice-1', 'order-2']) {
        expect(inOrder(everything.appliedOrder.get(stream), 15), `${stream} in order`).toBe(true);
      }
      expect(inOrder(ordersOnly.appliedOrder.get('order-1'), 15)).toBe(true);
      expect(inOrder(ordersOnly.appliedOrder.get('order-2'), 15)).toBe(true);
      expect(ordersOnly.deliveries.some((event) => event.streamId.startsWith('invoice-'))).toBe(false);

      await waitFor('no lag', async () => (await bus.status()).every((lag) => lag.lag === 0), timeout);
      expect((await bus.status()).map((lag) => lag.lastError)).toEqual([undefined, undefined]);
    });

    it('resumes a restarted worker from its checkpoint', async () => {
      const before = recordingWorker('resumer');
      const first = await startBus([before.worker]);
      const earlier = await appendInterleaved(harness.eventStore, ['task-1', 'task-2'], 5);
      await waitFor('the first events', () => before.applied.size === 10, timeout);
      await first.stop();

      await appendInterleaved(harness.eventStore, ['task-1', 'task-2'], 10);
      const after = recordingWorker('resumer');
      await startBus([after.worker]);
      await waitFor('the later events', () => after.applied.size === 20, timeout);
      await sleep(200); // room for any redelivery of the earlier events to show up
      expect(after.deliveries.filter((event) => earlier.some((e) => e.id === event.id))).toEqual([]);
      expect(after.appliedOrder.get('task-1')).toEqual(Array.from({ length: 10 }, (_, i) => 5 + i));
    });

    it('retries a failing handler on the same event and holds back the events after it', async () => {
      const poisonId = randomUUID();
      const flaky = recordingWorker('flaky', { failFirst: { eventId: poisonId, times: 3 } });
      const bus = await startBus([flaky.worker], 40);
      await appendInterleaved(harness.eventStore, ['job-1'], 3);
      await waitFor('the first events', () => flaky.applied.size === 3, timeout);
      await harness.eventStore.appendToStream('job-1', [{ id: poisonId, type: 'Ticked', data: { poison: true } }]);
      await harness.eventStore.appendToStream('job-1', [{ id: randomUUID(), type: 'Ticked', data: { after: true } }]);

      await waitFor(
        'the failure to show in the status',
        async () => (await statusOf(bus, 'flaky'))?.lastError !== undefined,
        timeout,
      );
      expect((await statusOf(bus, 'flaky'))?.lastError).toMatch(/refusing/);
      await waitFor('the retries to succeed', () => flaky.applied.size === 5, timeout);
      expect(flaky.deliveriesOf(poisonId)).toBe(4);
      expect(flaky.appliedOrder.get('job-1')).toEqual([0, 1, 2, 3, 4]);
      await waitFor('the error to clear', async () => (await statusOf(bus, 'flaky'))?.lastError === undefined, timeout);
    });

    it('after a delivery crash, delivers again what it had not recorded and the idempotent handler absorbs it', async () => {
      const idempotent = recordingWorker('absorber');
      const first = await startBus([idempotent.worker]);
      const log = await appendInterleaved(harness.eventStore, ['cart-1', 'cart-2', 'cart-3'], 10);
      await waitFor('the first delivery', () => idempotent.applied.size === 30, timeout);
      await first.stop();

      const crashedAfter = log[9];
      if (!crashedAfter) throw new Error('the log is shorter than the test assumes');
      await harness.forgetProgressAfter(crashedAfter.position, ['absorber']);
      const fullLog = await appendInterleaved(harness.eventStore, ['cart-1', 'cart-2', 'cart-3'], 2);

      // The handler keeps its effects across the restart, as a real one keeps them in its store.
      await startBus([idempotent.worker]);
      await waitFor('every event, old and new', () => idempotent.applied.size === 36, timeout);
      const resent = log.slice(10);
      await waitFor(
        'the resent events',
        () => resent.every((event) => idempotent.deliveriesOf(event.id) >= 2),
        timeout,
      );

      expect(idempotent.applied).toEqual(new Set(fullLog.map((event) => event.id)));
      expect(log.slice(0, 10).every((event) => idempotent.deliveriesOf(event.id) >= 1)).toBe(true);
      for (const stream of ['cart-1', 'cart-2', 'cart-3']) {
        expect(inOrder(idempotent.appliedOrder.get(stream), 12), `${stream} applied once each, in order`).toBe(true);
      }
    });
  });
}
