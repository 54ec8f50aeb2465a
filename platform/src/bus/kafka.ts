import { Kafka, logLevel, type Admin, type Consumer, type EachMessagePayload, type Message, type Producer } from 'kafkajs';
import {
  matchesFilter,
  streamCategory,
  type EventStore,
  type RecordedEvent,
} from '../event-store/event-store.ts';
import { pullBatches } from '../event-store/pull-batches.ts';
import type { ReadStore } from '../read-store/read-store.ts';
import { errorMessage, logWorkerError, retryWithBackoff, type WorkerErrorContext } from './delivery.ts';
import type { Worker, WorkerBus, WorkerLag } from './worker-bus.ts';

/**
 * The scale-out bus, and the only module that speaks to Kafka.
 *
 * - The relay forwards the event log to one topic per stream category (`<prefix>.<category>`), keyed by stream id
 *   so one stream stays in one partition, in order. It saves its checkpoint only after the brokers acknowledged a
 *   batch (acks = all): a crash resends at most the unacknowledged tail, and those duplicates are absorbed
 *   downstream (in-process dedupe by event id, idempotent handlers).
 * - The workers' bus gives each worker its own consumer group; offsets are committed only after the handler
 *   succeeded, and a failing handler is retried on the same message (at least once, never skipped).
 */

export const KAFKA_RELAY_CHECKPOINT = 'relay:kafka';

/** Kafka topic names allow letters, digits, '.', '_' and '-'. */
export function topicForCategory(topicPrefix: string, category: string): string {
  return `${topicPrefix}.${category.replace(/[^a-zA-Z0-9._-]/g, '_')}`;
}

function createKafka(brokers: readonly string[], clientId: string): Kafka {
  return new Kafka({ clientId, brokers: [...brokers], logLevel: logLevel.WARN });
}

/** Creates the topics not known yet (an existing topic is not an error). */
async function ensureTopics(admin: Admin, known: Set<string>, topics: readonly string[], numPartitions?: number) {
  const missing = topics.filter((topic) => !known.has(topic));
  if (missing.length === 0) return;
  for (const topic of await admin.listTopics()) known.add(topic);
  const toCreate = missing.filter((topic) => !known.has(topic));
  if (toCreate.length > 0) {
    await admin.createTopics({
      waitForLeaders: true,
      topics: toCreate.map((topic) => (numPartitions === undefined ? { topic } : { topic, numPartitions })),
    });
  }
  for (const topic of toCreate) known.add(topic);
}

// ─── Relay ──────────────────────────────────────────────────────────────────────────────────────────────────────

export type KafkaRelayOptions = {
  eventStore: EventStore;
  /** holds the relay's checkpoint (`relay:kafka`) */
  readStore: ReadStore;
  brokers: readonly string[];
  clientId: string;
  topicPrefix: string;
  /** events per produce request at most */
  batchSize?: number;
  /** partitions of the topics the relay creates; the broker's default when omitted */
  numPartitions?: number;
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  onError?: (error: unknown) => void;
};

export type KafkaRelayStatus = {
  checkpoint: number | null;
  headPosition: number;
  lag: number;
  lastError?: string;
};

export interface KafkaRelay {
  start(): Promise<void>;
  stop(): Promise<void>;
  status(): Promise<KafkaRelayStatus>;
}

function toMessage(event: RecordedEvent): Message {
  return {
    key: event.streamId,
    value: JSON.stringify(event),
    headers: { 'event-type': event.type, 'event-id': event.id, position: String(event.position) },
  };
}

export function createKafkaRelay(options: KafkaRelayOptions): KafkaRelay {
  const { eventStore, readStore, topicPrefix } = options;
  const batchSize = options.batchSize ?? 500;
  const onError = options.onError ?? ((error: unknown) => console.error('[relay] sending to Kafka failed:', error));
  let running: { abort: AbortController; done: Promise<void> } | null = null;
  let checkpoint: number | null = null;
  let lastError: string | undefined;

  async function relay(abort: AbortController, producer: Producer, admin: Admin): Promise<void> {
    const knownTopics = new Set<string>();
    try {
      const subscription = eventStore.subscribeToAll({ after: checkpoint ?? undefined, signal: abort.signal });
      for await (const { events } of pullBatches(subscription, batchSize)) {
        const last = events.at(-1);
        if (!last) continue;
        const byTopic = new Map<string, Message[]>();
        for (const event of events) {
          const topic = topicForCategory(topicPrefix, streamCategory(event.streamId));
          const messages = byTopic.get(topic) ?? [];
          messages.push(toMessage(event));
          byTopic.set(topic, messages);
        }
        const sent = await retryWithBackoff(
          async () => {
            await ensureTopics(admin, knownTopics, [...byTopic.keys()], options.numPartitions);
            await producer.sendBatch({
              acks: -1,
              topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
            });
          },
          {
            initialDelayMs: options.retryDelayMs ?? 1000,
            maxDelayMs: options.maxRetryDelayMs ?? 30_000,
            signal: abort.signal,
            onFailure: (error) => {
              lastError = errorMessage(error);
              onError(error);
            },
          },
        );
        if (!sent) return;
        lastError = undefined;
        // Only now, after the brokers acknowledged the batch: a crash before this line resends the batch.
        await readStore.saveCheckpoint(KAFKA_RELAY_CHECKPOINT, last.position);
        checkpoint = last.position;
      }
    } finally {
      await producer.disconnect();
      await admin.disconnect();
    }
  }

  return {
    async start() {
      if (running) return;
      checkpoint = await readStore.getCheckpoint(KAFKA_RELAY_CHECKPOINT);
      const kafka = createKafka(options.brokers, options.clientId);
      // Idempotent: a retried produce request is written once by the broker; one request in flight keeps order.
      const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
      const admin = kafka.admin();
      await producer.connect();
      await admin.connect().catch(async (error: unknown) => {
        await producer.disconnect();
        throw error;
      });
      const abort = new AbortController();
      const done = relay(abort, producer, admin).catch((error: unknown) => {
        lastError = errorMessage(error);
        onError(error);
      });
      running = { abort, done };
    },

    async stop() {
      if (!running) return;
      running.abort.abort();
      await running.done;
      running = null;
    },

    async status() {
      const headPosition = await eventStore.headPosition();
      return {
        checkpoint,
        headPosition,
        lag: Math.max(0, headPosition - (checkpoint ?? 0)),
        ...(lastError === undefined ? {} : { lastError }),
      };
    },
  };
}

// ─── Workers' bus ───────────────────────────────────────────────────────────────────────────────────────────────

export type KafkaWorkerBusOptions = {
  brokers: readonly string[];
  clientId: string;
  topicPrefix: string;
  /** for the head position that lag is measured against */
  eventStore: EventStore;
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  /** event ids remembered per worker to drop duplicates the relay resent */
  dedupeCapacity?: number;
  /**
   * How often workers without a category filter look for new category topics: kafkajs matches a subscription
   * against the topics that exist when it subscribes, so a new topic needs a re-subscription.
   */
  topicRefreshMs?: number;
  onError?: (error: unknown, context: WorkerErrorContext) => void;
};

/** A bounded set of recently handled ids; the oldest is forgotten first. */
class RecentIds {
  private readonly ids = new Set<string>();
  constructor(private readonly capacity: number) {}
  has(id: string): boolean {
    return this.ids.has(id);
  }
  add(id: string): void {
    this.ids.delete(id);
    this.ids.add(id);
    if (this.ids.size > this.capacity) {
      const oldest = this.ids.values().next();
      if (!oldest.done) this.ids.delete(oldest.value);
    }
  }
}

type WorkerConsumer = {
  worker: Worker;
  groupId: string;
  abort: AbortController;
  consumer: Consumer | null;
  topics: string[];
  recent: RecentIds;
  /** highest position handled (or ignored) in this process; partitions interleave, so it is an approximation */
  lastPosition: number | null;
  lastError?: string;
};

function decodeEvent(value: Buffer | null): RecordedEvent | null {
  if (!value) return null;
  try {
    const event = JSON.parse(value.toString('utf8')) as Partial<RecordedEvent>;
    return typeof event.id === 'string' && typeof event.streamId === 'string' && typeof event.position === 'number'
      ? (event as RecordedEvent)
      : null;
  } catch {
    return null;
  }
}

export function createKafkaWorkerBus(options: KafkaWorkerBusOptions): WorkerBus {
  const { clientId, topicPrefix, eventStore } = options;
  const onError = options.onError ?? logWorkerError;
  const kafka = createKafka(options.brokers, clientId);
  const entries = new Map<string, WorkerConsumer>();
  let admin: Admin | null = null;
  const knownTopics = new Set<string>();
  let refreshTimer: NodeJS.Timeout | null = null;
  let refreshing: Promise<void> = Promise.resolve();

  async function topicsFor(worker: Worker, connected: Admin): Promise<string[]> {
    const categories = worker.filter?.streamCategories;
    if (categories) {
      const topics = categories.map((category) => topicForCategory(topicPrefix, category));
      // Created up front so the subscription holds before the relay has sent anything to them.
      await ensureTopics(connected, knownTopics, topics);
      return topics;
    }
    return (await connected.listTopics()).filter((topic) => topic.startsWith(`${topicPrefix}.`)).sort();
  }

  async function handleMessage(entry: WorkerConsumer, { topic, partition, message, heartbeat }: EachMessagePayload) {
    const { worker } = entry;
    const event = decodeEvent(message.value);
    if (!event) {
      // Not an event the relay wrote: it can never be handled, so it is reported loudly and passed over.
      const error = new Error(`Unreadable message on ${topic}[${partition}] at offset ${message.offset}`);
      entry.lastError = error.message;
      onError(error, { worker: worker.name });
      return;
    }
    if (matchesFilter(event, worker.filter) && !entry.recent.has(event.id)) {
      const handled = await retryWithBackoff(() => worker.handle(event), {
        initialDelayMs: options.retryDelayMs ?? 1000,
        maxDelayMs: options.maxRetryDelayMs ?? 60_000,
        signal: entry.abort.signal,
        keepAlive: heartbeat,
        onFailure: (error, attempt) => {
          entry.lastError = errorMessage(error);
          onError(error, { worker: worker.name, event, attempt });
        },
      });
      // Throwing keeps the offset uncommitted, so the next consumer of the group gets this event again.
      if (!handled) throw new Error(`Worker ${worker.name} stopped before handling event ${event.id}`);
      entry.recent.add(event.id);
      delete entry.lastError;
    }
    entry.lastPosition = Math.max(entry.lastPosition ?? 0, event.position);
  }

  async function connectConsumer(entry: WorkerConsumer, topics: string[]): Promise<void> {
    entry.topics = topics;
    if (topics.length === 0) return; // nothing relayed yet; the topic refresh subscribes later
    const consumer = kafka.consumer({ groupId: entry.groupId });
    consumer.on(consumer.events.CRASH, (crash) => {
      entry.lastError = errorMessage(crash.payload.error);
    });
    await consumer.connect();
    await consumer.subscribe({ topics, fromBeginning: true });
    // One message at a time (partitions are not consumed concurrently): order per stream, back-pressure.
    await consumer.run({ eachMessage: (payload) => handleMessage(entry, payload) });
    entry.consumer = consumer;
  }

  async function refreshTopics(): Promise<void> {
    if (!admin) return;
    for (const entry of entries.values()) {
      if (entry.worker.filter?.streamCategories || entry.abort.signal.aborted) continue;
      const topics = await topicsFor(entry.worker, admin);
      if (topics.every((topic) => entry.topics.includes(topic))) continue;
      // Offsets are committed per group, so a new consumer carries on where the old one stopped.
      await entry.consumer?.disconnect();
      entry.consumer = null;
      if (!entry.abort.signal.aborted) await connectConsumer(entry, topics);
    }
  }

  async function pendingMessages(entry: WorkerConsumer, connected: Admin): Promise<number> {
    let pending = 0;
    if (entry.topics.length === 0) return 0;
    const committed = await connected.fetchOffsets({ groupId: entry.groupId, topics: entry.topics });
    for (const { topic, partitions } of committed) {
      for (const end of await connected.fetchTopicOffsets(topic)) {
        const offset = Number(partitions.find((p) => p.partition === end.partition)?.offset ?? -1);
        pending += Math.max(0, Number(end.high) - (offset >= 0 ? offset : Number(end.low)));
      }
    }
    return pending;
  }

  return {
    async start(workers) {
      for (const worker of workers) {
        if (entries.has(worker.name)) throw new Error(`Worker "${worker.name}" is already running`);
      }
      if (!admin) {
        admin = kafka.admin();
        await admin.connect();
      }
      for (const worker of workers) {
        const entry: WorkerConsumer = {
          worker,
          groupId: `${clientId}.worker.${worker.name}`,
          abort: new AbortController(),
          consumer: null,
          topics: [],
          recent: new RecentIds(options.dedupeCapacity ?? 10_000),
          lastPosition: null,
        };
        entries.set(worker.name, entry);
        await connectConsumer(entry, await topicsFor(worker, admin));
      }
      if (!refreshTimer && workers.some((worker) => !worker.filter?.streamCategories)) {
        refreshTimer = setInterval(() => {
          refreshing = refreshing
            .then(refreshTopics)
            .catch((error: unknown) => onError(error, { worker: '(topic refresh)' }));
        }, options.topicRefreshMs ?? 30_000);
        refreshTimer.unref();
      }
    },

    async stop() {
      if (refreshTimer) clearInterval(refreshTimer);
      refreshTimer = null;
      const disconnect = async () => {
        const consumers = [...entries.values()].map((entry) => entry.consumer);
        for (const entry of entries.values()) entry.consumer = null;
        await Promise.all(consumers.map((consumer) => consumer?.disconnect()));
      };
      // disconnect() marks each consumer as stopping at once, so the handler aborted next ends the consumer
      // instead of counting as a crash to restart from; then it waits for the message in hand.
      const disconnecting = disconnect();
      for (const entry of entries.values()) entry.abort.abort();
      await disconnecting;
      await refreshing;
      await disconnect(); // a consumer the topic refresh was connecting meanwhile
      entries.clear();
      await admin?.disconnect();
      admin = null;
    },

    async status() {
      const head = await eventStore.headPosition();
      const connected = admin;
      return Promise.all(
        [...entries.values()].map(async (entry): Promise<WorkerLag> => {
          const pending = connected ? await pendingMessages(entry, connected).catch(() => null) : null;
          const behind = Math.max(0, head - (entry.lastPosition ?? 0));
          return {
            name: entry.worker.name,
            checkpoint: entry.lastPosition,
            // Committed group offsets say whether anything waits; positions give the size in log units.
            lag: pending === 0 ? 0 : pending === null ? behind : Math.max(1, behind),
            ...(entry.lastError === undefined ? {} : { lastError: entry.lastError }),
          };
        }),
      );
    },
  };
}
