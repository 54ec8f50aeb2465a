import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { waitBudgetMs } from '../../../test-support/wait-budget.ts';
import { createSqliteEventStore } from '../event-store/sqlite-event-store.ts';
import { createSqliteReadStore } from '../read-store/sqlite-read-store.ts';
import { createEmbeddedWorkerBus, workerCheckpointName } from './embedded-worker-bus.ts';
import { describeWorkerBusContract, recordingWorker } from './worker-bus.contract.ts';

const tmpRoot = resolve(import.meta.dirname, '../../../test-output/tmp');

function openStores() {
  const dir = join(tmpRoot, `embedded-bus-${randomUUID()}`);
  mkdirSync(dir, { recursive: true });
  const eventStore = createSqliteEventStore({ path: join(dir, 'events.sqlite') });
  const readStore = createSqliteReadStore({ path: join(dir, 'reads.sqlite') });
  return {
    eventStore,
    readStore,
    close: async () => {
      await eventStore.close();
      await readStore.close();
    },
  };
}

describeWorkerBusContract(
  'embedded',
  async () => {
    const { eventStore, readStore, close } = openStores();
    return {
      eventStore,
      createBus: ({ retryDelayMs }) =>
        createEmbeddedWorkerBus({ eventStore, readStore, retryDelayMs, onError: () => undefined }),
      async forgetProgressAfter(position, workerNames) {
        for (const name of workerNames) await readStore.saveCheckpoint(workerCheckpointName(name), position);
      },
      close,
    };
  },
  { deliveryTimeoutMs: 10_000 },
);

describe('embedded worker bus', () => {
  it('keeps each checkpoint in the read store, moved by ignored events too', async () => {
    const { eventStore, readStore, close } = openStores();
    const bus = createEmbeddedWorkerBus({ eventStore, readStore });
    try {
      const mail = recordingWorker('mail', { filter: { eventTypes: ['MailRequested'] } });
      await bus.start([mail.worker]);
      for (let i = 0; i < 250; i += 1) {
        await eventStore.appendToStream(`guidebook-${i % 7}`, [
          { id: randomUUID(), type: 'GuidebookEdited', data: {} },
        ]);
      }
      await eventStore.appendToStream('user-1', [{ id: randomUUID(), type: 'MailRequested', data: {} }]);
      const head = await eventStore.headPosition();
      const deadline = Date.now() + 5000;
      while ((await readStore.getCheckpoint(workerCheckpointName('mail'))) !== head && Date.now() < deadline)
        await sleep(10);

      expect(await readStore.getCheckpoint('worker:mail')).toBe(head);
      expect(mail.deliveries.map((event) => event.type)).toEqual(['MailRequested']);
      expect(await bus.status()).toEqual([{ name: 'mail', checkpoint: head, lag: 0 }]);
    } finally {
      await bus.stop();
      await close();
    }
  });

  it('catching up over events it ignores, lets the process turn its event loop (issue 24: a first start on 1M events ran out of heap)', async () => {
    const { eventStore, readStore, close } = openStores();
    const bus = createEmbeddedWorkerBus({ eventStore, readStore });
    try {
      for (let chunk = 0; chunk < 20; chunk += 1)
        await eventStore.appendToStream(
          `reading-gb-${chunk}`,
          Array.from({ length: 1000 }, () => ({ id: randomUUID(), type: 'GuidebookReadsRecorded', data: {} })),
        );
      const head = await eventStore.headPosition();
      const mail = recordingWorker('mail', { filter: { eventTypes: ['MailRequested'] } });
      await bus.start([mail.worker]);
      // SQLite reads its pages synchronously and an ignored event needs no I/O: the catch-up could run on
      // microtasks alone, holding every event it pulled and answering no request until the end of the log.
      const behindAtFirstTurn = await new Promise<number>((resolve) =>
        setImmediate(() => void bus.status().then(([status]) => resolve(status!.lag))),
      );
      expect(behindAtFirstTurn).toBeGreaterThan(0);
      const deadline = Date.now() + waitBudgetMs(process.env);
      while ((await readStore.getCheckpoint(workerCheckpointName('mail'))) !== head && Date.now() < deadline)
        await sleep(10);
      expect(await readStore.getCheckpoint(workerCheckpointName('mail'))).toBe(head);
    } finally {
      await bus.stop();
      await close();
    }
  });

  it('stopped while an event keeps failing, it leaves the checkpoint before that event', async () => {
    const { eventStore, readStore, close } = openStores();
    const bus = createEmbeddedWorkerBus({ eventStore, readStore, retryDelayMs: 10, onError: () => undefined });
    try {
      await eventStore.appendToStream('job-1', [{ id: randomUUID(), type: 'Ok', data: {} }]);
      const okAt = await eventStore.headPosition();
      await eventStore.appendToStream('job-1', [{ id: randomUUID(), type: 'Broken', data: {} }]);
      let attempts = 0;
      await bus.start([
        {
          name: 'stubborn',
          handle: async (event) => {
            if (event.type !== 'Broken') return;
            attempts += 1;
            throw new Error('still broken');
          },
        },
      ]);
      const deadline = Date.now() + 5000;
      while (attempts < 3 && Date.now() < deadline) await sleep(10);
      expect((await bus.status())[0]).toMatchObject({ checkpoint: okAt, lag: 1, lastError: 'still broken' });
      await bus.stop();
      expect(await readStore.getCheckpoint('worker:stubborn')).toBe(okAt);
    } finally {
      await bus.stop();
      await close();
    }
  });

  it('refuses to run two workers under one name', async () => {
    const { eventStore, readStore, close } = openStores();
    const bus = createEmbeddedWorkerBus({ eventStore, readStore });
    try {
      const worker = recordingWorker('twice').worker;
      await expect(bus.start([worker, worker])).rejects.toThrow(/already running/);
    } finally {
      await bus.stop();
      await close();
    }
  });
});
