import {
  Kafka,
  logLevel,
  type Admin,
  type Consumer,
  type EachMessagePayload,
  type Message,
  type Producer,
} from 'kafkajs';
import { matchesFilter, streamCategory, type EventStore, type RecordedEvent } from '../event-store/event-store.ts';
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

/**
 * The broker's default `message.max.bytes` is 1,048,588 B and applies to a whole record batch of one partition.
 * The relay stays under it with a margin: a message over `maxMessageBytes` travels as a reference (stream, revision,
 * position, type) and the consumer reads the event's data from the event store; a produce request carries at most
 * `maxBatchBytes`, so no partition's batch can exceed the broker's limit whatever the events' sizes.
 */
export const RELAY_MAX_MESSAGE_BYTES = 900_000;
export const RELAY_MAX_BATCH_BYTES = 900_000;
/** What a Kafka record adds to key, value and headers (lengths, offsets, timestamps, attributes), rounded up. */
const RECORD_OVERHEAD_BYTES = 128;

/** The header that marks a message whose value is an `EventReference`, not the event. */
export const EVENT_REFERENCE_HEADER = 'event-reference';

/** What a message carries instead of an event too big for the broker. */
export type EventReference = { id: string; streamId: string; revision: number; position: number; type: string };

export type RelayMessage = { topic: string; message: Message; bytes: number; position: number };
export type RelayChunk = {
  topicMessages: { topic: string; messages: Message[] }[];
  bytes: number;
  lastPosition: number;
};

function headerBytes(headers: Record<string, string>): number {
  let bytes = 0;
  for (const [name, value] of Object.entries(headers)) bytes += Buffer.byteLength(name) + Buffer.byteLength(value);
  return bytes;
}

/** The message for one event: the whole event, or a reference when the event is over `maxMessageBytes`. */
export function toRelayMessage(
  event: RecordedEvent,
  topicPrefix: string,
  maxMessageBytes: number,
  forceReference = false,
): RelayMessage {
  const topic = topicForCategory(topicPrefix, streamCategory(event.streamId));
  const headers: Record<string, string> = {
    'event-type': event.type,
    'event-id': event.id,
    position: String(event.position),
  };
  const keyBytes = Buffer.byteLength(event.streamId);
  const whole = JSON.stringify(event);
  const wholeBytes = keyBytes + Buffer.byteLength(whole) + headerBytes(headers) + RECORD_OVERHEAD_BYTES;
  if (!forceReference && wholeBytes <= maxMessageBytes) {
    return {
      topic,
      position: event.position,
      bytes: wholeBytes,
      message: { key: event.streamId, value: whole, headers },
    };
  }
  const reference: EventReference = {
    id: event.id,
    streamId: event.streamId,
    revision: event.revision,
    position: event.position,
    type: event.type,
  };
  const value = JSON.stringify(reference);
  const referenceHeaders = { ...headers, [EVENT_REFERENCE_HEADER]: '1' };
  const bytes = keyBytes + Buffer.byteLength(value) + headerBytes(referenceHeaders) + RECORD_OVERHEAD_BYTES;
  return { topic, position: event.position, bytes, message: { key: event.streamId, value, headers: referenceHeaders } };
}

/** Splits messages, in log order, into produce requests of at most `maxBatchBytes` (and at least one message). */
export function chunkByBytes(messages: readonly RelayMessage[], maxBatchBytes: number): RelayChunk[] {
  const chunks: RelayChunk[] = [];
  let current: { byTopic: Map<string, Message[]>; bytes: number; lastPosition: number } | null = null;
  const flush = () => {
    if (!current) return;
    chunks.push({
      topicMessages: [...current.byTopic].map(([topic, list]) => ({ topic, messages: list })),
      bytes: current.bytes,
      lastPosition: current.lastPosition,
    });
    current = null;
  };
  for (const item of messages) {
    if (current && current.bytes + item.bytes > maxBatchBytes) flush();
    current ??= { byTopic: new Map(), bytes: 0, lastPosition: item.position };
    const list = current.byTopic.get(item.topic) ?? [];
    list.push(item.message);
    current.byTopic.set(item.topic, list);
    current.bytes += item.bytes;
    current.lastPosition = item.position;
  }
  flush();
  return chunks;
}

/**
 * kafkajs wraps a broker's error (`KafkaJSNonRetriableError`, `KafkaJSNumberOfRetriesExceeded` after its own
 * retries) with the original as `cause`: the innermost error says what happened and whether retrying can cure it.
 */
function rootCause(error: unknown): unknown {
  let current = error;
  for (let depth = 0; depth < 10; depth += 1) {
    if (typeof current !== 'object' || current === null) break;
    const inner = (current as { cause?: unknown }).cause ?? (current as { originalError?: unknown }).originalError;
    if (inner === undefined || inner === current) break;
    current = inner;
  }
  return current;
}

export function isMessageTooLarge(error: unknown): boolean {
  const root = rootCause(error);
  const type = typeof root === 'object' && root !== null ? (root as { type?: unknown }).type : undefined;
  return type === 'MESSAGE_TOO_LARGE' || type === 'RECORD_LIST_TOO_LARGE';
}

/** False for a broker error the same request can never get past (authorization, a corrupt or invalid record). */
export function isRetriable(error: unknown): boolean {
  const root = rootCause(error);
  return !(typeof root === 'object' && root !== null && (root as { retriable?: unknown }).retriable === false);
}

/** What the relay needs from Kafka; `kafkaTransport` is the real one, tests give a broker model with its limits. */
export interface RelayTransport {
  connect(): Promise<void>;
  ensureTopics(topics: readonly string[]): Promise<void>;
  send(topicMessages: { topic: string; messages: Message[] }[]): Promise<void>;
  disconnect(): Promise<void>;
}

function kafkaTransport(
  brokers: readonly string[],
  clientId: string,
  numPartitions: number | undefined,
): RelayTransport {
  const kafka = createKafka(brokers, clientId);
  // Idempotent: a retried produce request is written once by the broker; one request in flight keeps order.
  const producer: Producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
  const admin: Admin = kafka.admin();
  const knownTopics = new Set<string>();
  return {
    async connect() {
      await producer.connect();
      await admin.connect();
    },
    ensureTopics: (topics) => ensureTopics(admin, knownTopics, topics, numPartitions),
    async send(topicMessages) {
      await producer.sendBatch({ acks: -1, topicMessages });
    },
    async disconnect() {
      await Promise.allSettled([producer.disconnect(), admin.disconnect()]);
    },
  };
}

export type KafkaRelayOptions = {
  eventStore: EventStore;
  /** holds the relay's checkpoint (`relay:kafka`) */
  readStore: ReadStore;
  brokers: readonly string[];
  clientId: string;
  topicPrefix: string;
  /** events pulled from the log per round at most */
  batchSize?: number;
  /** an event whose message would be larger travels as a reference (default RELAY_MAX_MESSAGE_BYTES) */
  maxMessageBytes?: number;
  /** bytes per produce request at most (default RELAY_MAX_BATCH_BYTES) */
  maxBatchBytes?: number;
  /** partitions of the topics the relay creates; the broker's default when omitted */
  numPartitions?: number;
  retryDelayMs?: number;
  maxRetryDelayMs?: number;
  onError?: (error: unknown) => void;
  /** the Kafka side; built from `brokers` when omitted */
  transport?: RelayTransport;
};

export type KafkaRelayStatus = {
  checkpoint: number | null;
  headPosition: number;
  lag: number;
  /** `failed`: stopped on an error retrying cannot cure (see lastError); restart the process once it is fixed */
  state: 'stopped' | 'connecting' | 'running' | 'failed';
  lastError?: string;
};

export interface KafkaRelay {
  start(): Promise<void>;
  stop(): Promise<void>;
  status(): Promise<KafkaRelayStatus>;
}

export function createKafkaRelay(options: KafkaRelayOptions): KafkaRelay {
  const { eventStore, readStore, topicPrefix } = options;
  const batchSize = options.batchSize ?? 500;
  const maxMessageBytes = options.maxMessageBytes ?? RELAY_MAX_MESSAGE_BYTES;
  const maxBatchBytes = options.maxBatchBytes ?? RELAY_MAX_BATCH_BYTES;
  const onError = options.onError ?? ((error: unknown) => console.error('[relay] sending to Kafka failed:', error));
  let running: { abort: AbortController; done: Promise<void>; transport: RelayTransport } | null = null;
  let checkpoint: number | null = null;
  let lastError: string | undefined;
  let state: KafkaRelayStatus['state'] = 'stopped';

  const backoff = (abort: AbortController) => ({
    initialDelayMs: options.retryDelayMs ?? 1000,
    maxDelayMs: options.maxRetryDelayMs ?? 30_000,
    signal: abort.signal,
    onFailure: (error: unknown) => {
      lastError = errorMessage(error);
      onError(error);
    },
  });

  /**
   * Sends one chunk until the brokers acknowledge it. A transient failure (a broker outage) is retried with backoff
   * and can be stopped; a chunk the broker refuses as too large is split, and a single event refused whole is sent
   * as a reference; any other error retrying cannot cure ends the relay (`failed`), so it is not retried forever.
   */
  async function sendChunk(
    abort: AbortController,
    transport: RelayTransport,
    chunk: RelayChunk,
    events: Map<number, RecordedEvent>,
  ): Promise<boolean> {
    let outcome: 'sent' | 'too-large' = 'sent';
    let fatal: unknown;
    const sent = await retryWithBackoff(async () => {
      try {
        await transport.ensureTopics(chunk.topicMessages.map(({ topic }) => topic));
        await transport.send(chunk.topicMessages);
        outcome = 'sent';
      } catch (error) {
        if (isMessageTooLarge(error)) {
          outcome = 'too-large';
          return;
        }
        if (!isRetriable(error)) {
          fatal = error;
          return;
        }
        throw error;
      }
    }, backoff(abort));
    if (!sent) return false;
    if (fatal !== undefined) throw fatal;
    if (outcome === 'sent') return true;
    const positions = chunk.topicMessages.flatMap(({ messages }) =>
      messages.map((message) => Number(message.headers?.position)),
    );
    const inChunk = [...events.values()].filter((event) => positions.includes(event.position));
    if (inChunk.length > 1) {
      // the broker's limit is lower than ours: one event per request, each as small as it can be made
      for (const event of inChunk) {
        if (
          !(await sendChunk(abort, transport, chunkOf([toRelayMessage(event, topicPrefix, maxMessageBytes)]), events))
        )
          return false;
      }
      return true;
    }
    const only = inChunk[0];
    const alreadyReference = chunk.topicMessages[0]?.messages[0]?.headers?.[EVENT_REFERENCE_HEADER] === '1';
    if (!only || alreadyReference) {
      throw new Error(
        `Kafka refused a ${chunk.bytes} B message as too large even as a reference: raise the broker's message.max.bytes`,
      );
    }
    return sendChunk(abort, transport, chunkOf([toRelayMessage(only, topicPrefix, maxMessageBytes, true)]), events);
  }

  function chunkOf(messages: RelayMessage[]): RelayChunk {
    const [chunk] = chunkByBytes(messages, Number.POSITIVE_INFINITY);
    if (!chunk) throw new Error('empty chunk');
    return chunk;
  }

  async function relay(abort: AbortController, transport: RelayTransport): Promise<void> {
    try {
      // Connecting is retried like a send: a broker outage at start is reported and can be stopped.
      state = 'connecting';
      if (!(await retryWithBackoff(() => transport.connect(), backoff(abort)))) return;
      state = 'running';
      lastError = undefined;
      const subscription = eventStore.subscribeToAll({ after: checkpoint ?? undefined, signal: abort.signal });
      for await (const { events } of pullBatches(subscription, batchSize)) {
        const byPosition = new Map(events.map((event) => [event.position, event]));
        const chunks = chunkByBytes(
          events.map((event) => toRelayMessage(event, topicPrefix, maxMessageBytes)),
          maxBatchBytes,
        );
        for (const chunk of chunks) {
          if (!(await sendChunk(abort, transport, chunk, byPosition))) return;
          lastError = undefined;
          // Only now, after the brokers acknowledged the chunk: a crash before this line resends it.
          await readStore.saveCheckpoint(KAFKA_RELAY_CHECKPOINT, chunk.lastPosition);
          checkpoint = chunk.lastPosition;
        }
      }
    } finally {
      await transport.disconnect();
    }
  }

  return {
    async start() {
      if (running) return;
      checkpoint = await readStore.getCheckpoint(KAFKA_RELAY_CHECKPOINT);
      const transport = options.transport ?? kafkaTransport(options.brokers, options.clientId, options.numPartitions);
      const abort = new AbortController();
      const done = relay(abort, transport).then(
        () => {
          if (state !== 'failed') state = 'stopped';
        },
        (error: unknown) => {
          state = 'failed';
          lastError = errorMessage(error);
          onError(error);
        },
      );
      running = { abort, done, transport };
    },

    async stop() {
      if (!running) return;
      running.abort.abort();
      // a send hanging on an unreachable broker ends when the transport disconnects
      await running.transport.disconnect();
      await running.done;
      running = null;
      if (state !== 'failed') state = 'stopped';
    },

    async status() {
      const headPosition = await eventStore.headPosition();
      return {
        checkpoint,
        headPosition,
        lag: Math.max(0, headPosition - (checkpoint ?? 0)),
        state,
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
  /** lastError comes from a consumer crash (cleared when the restarted consumer rejoins) */
  crashed?: boolean;
};

/** What a message holds: the event, or a reference to read it by from the event store (see the relay). */
export type DecodedMessage = { event: RecordedEvent } | { reference: EventReference } | null;

export function decodeMessage(value: Buffer | null, headers: Message['headers']): DecodedMessage {
  if (!value) return null;
  try {
    const parsed = JSON.parse(value.toString('utf8')) as Partial<RecordedEvent>;
    const valid =
      typeof parsed.id === 'string' &&
      typeof parsed.streamId === 'string' &&
      typeof parsed.type === 'string' &&
      typeof parsed.position === 'number' &&
      typeof parsed.revision === 'number';
    if (!valid) return null;
    const isReference = String(headers?.[EVENT_REFERENCE_HEADER] ?? '') === '1';
    if (!isReference) return { event: parsed as RecordedEvent };
    const { id, streamId, revision, position, type } = parsed as EventReference;
    return { reference: { id, streamId, revision, position, type } };
  } catch {
    return null;
  }
}

/** Reads a referenced event from the event store; an id that does not match is an error, never a wrong event. */
export async function readReferencedEvent(eventStore: EventStore, reference: EventReference): Promise<RecordedEvent> {
  for await (const event of eventStore.readStream(reference.streamId, {
    fromRevision: reference.revision,
    maxCount: 1,
  })) {
    if (event.id === reference.id) return event;
    break;
  }
  throw new Error(`Event ${reference.id} (${reference.streamId}@${reference.revision}) is not in the event store`);
}

type ConsumerEvents = {
  on(event: string, listener: (payload: { payload: { error: Error; restart?: boolean } }) => void): unknown;
};

/**
 * A consumer crash is reported until the consumer has rejoined its group: kafkajs restarts a crashed consumer by
 * itself (restart: true), so health must recover then, not only when the next message arrives. A crash without a
 * restart stays reported: that consumer is gone.
 */
export function watchConsumerCrashes(
  consumer: ConsumerEvents,
  names: { crash: string; groupJoin: string },
  entry: { lastError?: string; crashed?: boolean },
): void {
  consumer.on(names.crash, (crash) => {
    entry.lastError = errorMessage(crash.payload.error);
    entry.crashed = true;
  });
  consumer.on(names.groupJoin, () => {
    if (!entry.crashed) return;
    entry.crashed = false;
    delete entry.lastError;
  });
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
    const decoded = decodeMessage(message.value, message.headers);
    if (!decoded) {
      // Not an event the relay wrote: it can never be handled, so it is reported loudly and passed over.
      const error = new Error(`Unreadable message on ${topic}[${partition}] at offset ${message.offset}`);
      entry.lastError = error.message;
      onError(error, { worker: worker.name });
      return;
    }
    const event = 'event' in decoded ? decoded.event : decoded.reference;
    if (matchesFilter(event, worker.filter) && !entry.recent.has(event.id)) {
      // an event too big for the broker came as a reference: its data is read from the event store
      let full: RecordedEvent | undefined = 'event' in decoded ? decoded.event : undefined;
      const handled = await retryWithBackoff(
        async () => {
          full ??= await readReferencedEvent(
            eventStore,
            'reference' in decoded ? decoded.reference : (event as EventReference),
          );
          await worker.handle(full);
        },
        {
          initialDelayMs: options.retryDelayMs ?? 1000,
          maxDelayMs: options.maxRetryDelayMs ?? 60_000,
          signal: entry.abort.signal,
          keepAlive: heartbeat,
          onFailure: (error, attempt) => {
            entry.lastError = errorMessage(error);
            onError(error, { worker: worker.name, ...(full ? { event: full } : {}), attempt });
          },
        },
      );
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
    watchConsumerCrashes(consumer, { crash: consumer.events.CRASH, groupJoin: consumer.events.GROUP_JOIN }, entry);
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
