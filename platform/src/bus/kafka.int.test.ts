import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireEngine } from '../../../test-support/engines.ts';
import { createSqliteEventStore } from '../event-store/sqlite-event-store.ts';
import { createSqliteReadStore } from '../read-store/sqlite-read-store.ts';
import {
  createKafkaRelay,
  createKafkaWorkerBus,
  KAFKA_RELAY_CHECKPOINT,
  topicForCategory,
  type KafkaRelay,
} from './kafka.ts';
import { describeWorkerBusContract } from './worker-bus.contract.ts';

const SUITE = 'worker-bus contract: Kafka';
const tmpRoot = resolve(import.meta.dirname, '../../../test-output/tmp');
const engine = await acquireEngine('kafka', SUITE);
afterAll(async () => {
  if (engine.available) await engine.stop();
});

describe('kafka topic names', () => {
  it('are the prefix and the stream category, with characters Kafka refuses replaced', () => {
    expect(topicForCategory('pocketguide.events', 'guidebook')).toBe('pocketguide.events.guidebook');
    expect(topicForCategory('p', 'a b/c')).toBe('p.a_b_c');
  });
});

if (engine.available) {
  const brokers = engine.url.split(',').map((broker) => broker.trim());

  describeWorkerBusContract(
    'Kafka',
    async () => {
      // Fresh names per test: topics and consumer groups from other tests (or runs) stay out of the way.
      const run = randomUUID().slice(0, 8);
      const topicPrefix = `test.${run}`;
      const clientId = `contract-${run}`;
      const dir = join(tmpRoot, `kafka-bus-${run}`);
      mkdirSync(dir, { recursive: true });
      const eventStore = createSqliteEventStore({ path: join(dir, 'events.sqlite') });
      const readStore = createSqliteReadStore({ path: join(dir, 'reads.sqlite') });
      const startRelay = async (): Promise<KafkaRelay> => {
        const relay = createKafkaRelay({ eventStore, readStore, brokers, clientId, topicPrefix, numPartitions: 3 });
        await relay.start();
        return relay;
      };
      let relay = await startRelay();
      return {
        eventStore,
        createBus: ({ retryDelayMs }) =>
          createKafkaWorkerBus({
            brokers,
            clientId,
            topicPrefix,
            eventStore,
            retryDelayMs,
            topicRefreshMs: 500,
            onError: () => undefined,
          }),
        // The relay produced everything but crashed before saving its checkpoint: a restart resends the tail.
        async forgetProgressAfter(position) {
          await relay.stop();
          await readStore.saveCheckpoint(KAFKA_RELAY_CHECKPOINT, position);
          relay = await startRelay();
        },
        async close() {
          await relay.stop();
          await eventStore.close();
          await readStore.close();
        },
      };
    },
    { deliveryTimeoutMs: 60_000 },
  );
} else {
  describe.skip(`${SUITE} (skipped: ${engine.reason})`, () => {
    it('needs Kafka', () => undefined);
  });
}
