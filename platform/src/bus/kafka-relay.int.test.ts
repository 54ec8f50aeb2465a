import { EventEmitter } from 'node:events';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Message } from 'kafkajs';
import { describe, expect, it } from 'vitest';
import { createSqliteEventStore } from '../event-store/sqlite-event-store.ts';
import { createSqliteReadStore } from '../read-store/sqlite-read-store.ts';
import type { RecordedEvent } from '../event-store/event-store.ts';
import {
  EVENT_REFERENCE_HEADER,
  KAFKA_RELAY_CHECKPOINT,
  chunkByBytes,
  createKafkaRelay,
  decodeMessage,
  isMessageTooLarge,
  isRetriable,
  readReferencedEvent,
  toRelayMessage,
  watchConsumerCrashes,
  type RelayTransport,
} from './kafka.ts';

const tmpRoot = resolve(import.meta.dirname, '../../../test-output/tmp');
const BROKER_DEFAULT_MAX = 1_048_588;

/** An error shaped as kafkajs throws it: a protocol error wrapped by the retrier. */
function brokerError(type: string, retriable: boolean): Error {
  const protocol = Object.assign(new Error(type), { type, retriable, name: 'KafkaJSProtocolError' });
  return Object.assign(new Error(`wrapped: ${type}`, { cause: protocol }), {
    retriable: false,
    name: 'KafkaJSNonRetriableError',
  });
}

/**
 * The broker as the relay sees it: it refuses a request in which one topic's (single partition's) batch is over
 * `message.max.bytes`, and it can be down. The stored messages are kept per topic.
 */
function brokerModel(maxBytes = BROKER_DEFAULT_MAX) {
  const topics = new Map<string, Message[]>();
  let down = false;
  let connectAttempts = 0;
  const transport: RelayTransport = {
    async connect() {
      connectAttempts += 1;
      if (down) throw new Error('Connection error: connect ECONNREFUSED');
    },
    async ensureTopics() {},
    async send(topicMessages) {
      if (down) throw new Error('Connection error: connect ECONNREFUSED');
      for (const { messages } of topicMessages) {
        const bytes = messages.reduce(
          (sum, m) => sum + Buffer.byteLength(String(m.value)) + Buffer.byteLength(String(m.key)) + 70,
          0,
        );
        if (bytes > maxBytes) throw brokerError('MESSAGE_TOO_LARGE', false);
      }
      for (const { topic, messages } of topicMessages) topics.set(topic, [...(topics.get(topic) ?? []), ...messages]);
    },
    async disconnect() {},
  };
  return {
    transport,
    topics,
    setDown: (value: boolean) => void (down = value),
    connectAttempts: () => connectAttempts,
  };
}

function openStores() {
  const dir = join(tmpRoot, `relay-${randomUUID()}`);
  mkdirSync(dir, { recursive: true });
  const eventStore = createSqliteEventStore({ path: join(dir, 'events.sqlite') });
  const readStore = createSqliteReadStore({ path: join(dir, 'reads.sqlite') });
  return { eventStore, readStore, close: async () => (await readStore.close(), await eventStore.close()) };
}

async function until(condition: () => Promise<boolean> | boolean, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const big = (bytes: number) => ({ html: 'x'.repeat(bytes) });

describe('the Kafka relay under the broker limits', () => {
  it('does not wedge on events too big for message.max.bytes: big ones travel as references, batches are split by bytes', async () => {
    const { eventStore, readStore, close } = openStores();
    // a 1.2 MB save, two 0.8 MB edits of one guidebook, and a burst of small events
    await eventStore.appendToStream('guidebook-a', [
      { id: randomUUID(), type: 'GuidebookSaved', data: big(1_200_000) },
    ]);
    await eventStore.appendToStream('guidebook-b', [{ id: randomUUID(), type: 'GuidebookSaved', data: big(800_000) }]);
    await eventStore.appendToStream('guidebook-b', [{ id: randomUUID(), type: 'GuidebookSaved', data: big(800_000) }]);
    for (let i = 0; i < 300; i += 1) {
      await eventStore.appendToStream(`guidebook-s${i}`, [
        { id: randomUUID(), type: 'GuidebookCreated', data: big(6_000) },
      ]);
    }
    const broker = brokerModel();
    const errors: unknown[] = [];
    const relay = createKafkaRelay({
      eventStore,
      readStore,
      brokers: [],
      clientId: 't',
      topicPrefix: 'pg',
      transport: broker.transport,
      retryDelayMs: 1,
      onError: (e) => errors.push(e),
    });
    await relay.start();
    const head = await eventStore.headPosition();
    await until(async () => (await relay.status()).checkpoint === head, 'the relay to reach the head');
    await relay.stop();
    const messages = broker.topics.get('pg.guidebook') ?? [];
    expect(messages).toHaveLength(303);
    const references = messages.filter((m) => m.headers?.[EVENT_REFERENCE_HEADER] === '1');
    expect(references).toHaveLength(1);
    // the consumer gets the 1.2 MB event whole from the event store
    const decoded = decodeMessage(Buffer.from(String(references[0]!.value)), references[0]!.headers);
    expect(decoded && 'reference' in decoded).toBe(true);
    if (!decoded || !('reference' in decoded)) throw new Error('not a reference');
    const event = await readReferencedEvent(eventStore, decoded.reference);
    expect((event.data as { html: string }).html).toHaveLength(1_200_000);
    expect(await readStore.getCheckpoint(KAFKA_RELAY_CHECKPOINT)).toBe(head);
    expect(errors).toEqual([]);
    await close();
  });

  it('a broker with a lower limit than ours: the refused batch is split and the event sent as a reference, not retried forever', async () => {
    const { eventStore, readStore, close } = openStores();
    await eventStore.appendToStream('guidebook-a', [{ id: randomUUID(), type: 'GuidebookSaved', data: big(300_000) }]);
    await eventStore.appendToStream('guidebook-a', [{ id: randomUUID(), type: 'GuidebookSaved', data: big(300_000) }]);
    const broker = brokerModel(200_000);
    const relay = createKafkaRelay({
      eventStore,
      readStore,
      brokers: [],
      clientId: 't',
      topicPrefix: 'pg',
      transport: broker.transport,
      retryDelayMs: 1,
      onError: () => undefined,
    });
    await relay.start();
    const head = await eventStore.headPosition();
    await until(async () => (await relay.status()).checkpoint === head, 'the relay to reach the head');
    expect(broker.topics.get('pg.guidebook')?.every((m) => m.headers?.[EVENT_REFERENCE_HEADER] === '1')).toBe(true);
    expect((await relay.status()).state).toBe('running');
    await relay.stop();
    await close();
  });

  it('a non-retriable error stops the relay as failed instead of retrying forever', async () => {
    const { eventStore, readStore, close } = openStores();
    await eventStore.appendToStream('guidebook-a', [{ id: randomUUID(), type: 'GuidebookSaved', data: {} }]);
    let sends = 0;
    const transport: RelayTransport = {
      connect: async () => undefined,
      ensureTopics: async () => undefined,
      send: async () => {
        sends += 1;
        throw brokerError('TOPIC_AUTHORIZATION_FAILED', false);
      },
      disconnect: async () => undefined,
    };
    const relay = createKafkaRelay({
      eventStore,
      readStore,
      brokers: [],
      clientId: 't',
      topicPrefix: 'pg',
      transport,
      retryDelayMs: 1,
      onError: () => undefined,
    });
    await relay.start();
    await until(async () => (await relay.status()).state === 'failed', 'the relay to fail');
    expect((await relay.status()).lastError).toMatch(/TOPIC_AUTHORIZATION_FAILED/);
    expect(sends).toBe(1);
    await relay.stop();
    await close();
  });

  it('during a broker outage it reports the error, can stop, and recovers when the broker is back', async () => {
    const { eventStore, readStore, close } = openStores();
    await eventStore.appendToStream('guidebook-a', [{ id: randomUUID(), type: 'GuidebookSaved', data: {} }]);
    const broker = brokerModel();
    broker.setDown(true);
    const relay = createKafkaRelay({
      eventStore,
      readStore,
      brokers: [],
      clientId: 't',
      topicPrefix: 'pg',
      transport: broker.transport,
      retryDelayMs: 1,
      maxRetryDelayMs: 5,
      onError: () => undefined,
    });
    await relay.start();
    await until(async () => (await relay.status()).lastError !== undefined, 'the outage to be reported');
    expect((await relay.status()).state).toBe('connecting');
    broker.setDown(false);
    const head = await eventStore.headPosition();
    await until(async () => (await relay.status()).checkpoint === head, 'the relay to catch up');
    expect((await relay.status()).lastError).toBeUndefined();
    broker.setDown(true);
    await eventStore.appendToStream('guidebook-a', [{ id: randomUUID(), type: 'GuidebookSaved', data: {} }]);
    await until(async () => (await relay.status()).lastError !== undefined, 'the second outage to be reported');
    await relay.stop(); // returns although the broker never came back
    expect((await relay.status()).state).toBe('stopped');
    await close();
  });
});

describe('relay messages', () => {
  const event = (bytes: number, position: number): RecordedEvent => ({
    id: randomUUID(),
    type: 'T',
    data: big(bytes),
    metadata: {},
    streamId: `guidebook-${position}`,
    revision: 0,
    position,
    recordedAt: new Date(0).toISOString(),
  });

  it('splits by bytes, keeps log order and the last position of each chunk', () => {
    const messages = [1, 2, 3, 4, 5].map((p) => toRelayMessage(event(300_000, p), 'pg', 900_000));
    const chunks = chunkByBytes(messages, 900_000);
    expect(chunks.map((c) => c.lastPosition)).toEqual([2, 4, 5]);
    for (const chunk of chunks) expect(chunk.bytes).toBeLessThanOrEqual(900_000);
    expect(chunks.flatMap((c) => c.topicMessages.flatMap((t) => t.messages.map((m) => m.headers?.position)))).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
  });

  it('an event just under the message limit goes whole, one just over as a reference', () => {
    const under = toRelayMessage(event(899_000, 1), 'pg', 900_000);
    expect(under.message.headers?.[EVENT_REFERENCE_HEADER]).toBeUndefined();
    const over = toRelayMessage(event(900_000, 2), 'pg', 900_000);
    expect(over.message.headers?.[EVENT_REFERENCE_HEADER]).toBe('1');
    expect(over.bytes).toBeLessThan(1000);
  });

  it('tells a too-large refusal and a non-retriable error from an outage through kafkajs wrapping', () => {
    expect(isMessageTooLarge(brokerError('MESSAGE_TOO_LARGE', false))).toBe(true);
    expect(isRetriable(brokerError('MESSAGE_TOO_LARGE', false))).toBe(false);
    const retriesExceeded = Object.assign(new Error('retries exceeded', { cause: new Error('ECONNREFUSED') }), {
      retriable: false,
    });
    expect(isRetriable(retriesExceeded)).toBe(true);
    expect(isMessageTooLarge(new Error('ECONNREFUSED'))).toBe(false);
  });
});

describe('Kafka consumer crashes', () => {
  it('a crash is reported until the restarted consumer rejoins its group, not until the next message', () => {
    const consumer = new EventEmitter();
    const entry: { lastError?: string; crashed?: boolean } = {};
    watchConsumerCrashes(consumer, { crash: 'consumer.crash', groupJoin: 'consumer.group_join' }, entry);
    consumer.emit('consumer.crash', {
      payload: { error: new Error('The coordinator is not aware of this member'), restart: true },
    });
    expect(entry.lastError).toMatch(/coordinator/);
    consumer.emit('consumer.group_join', { payload: {} });
    expect(entry.lastError).toBeUndefined();
  });

  it("a handler's own failure is not cleared by a rejoin", () => {
    const consumer = new EventEmitter();
    const entry: { lastError?: string; crashed?: boolean } = { lastError: 'handler failed' };
    watchConsumerCrashes(consumer, { crash: 'consumer.crash', groupJoin: 'consumer.group_join' }, entry);
    consumer.emit('consumer.group_join', { payload: {} });
    expect(entry.lastError).toBe('handler failed');
  });
});
