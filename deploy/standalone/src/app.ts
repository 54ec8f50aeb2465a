import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig, type Config } from '@pocketguide/platform/config/config';
import { createLogger } from '@pocketguide/platform/logger';
import { openEventStore, openReadStore } from '@pocketguide/platform/composition/open-stores';
import { createEmbeddedWorkerBus, workerCheckpointName } from '@pocketguide/platform/bus/embedded-worker-bus';
import { createKafkaRelay, createKafkaWorkerBus } from '@pocketguide/platform/bus/kafka';
import type { WorkerBus, WorkerLag } from '@pocketguide/platform/bus/worker-bus';
import { createLeaseRunner, type LeaseRunnerStatus } from '@pocketguide/platform/lease/lease';
import { openLeaseStore } from '@pocketguide/platform/lease/open-lease-store';
import type { ProjectorHealth, SubscriptionHealth } from '@pocketguide/platform/http/health';
import type { EventStore } from '@pocketguide/platform/event-store/event-store';
import type { ReadStore } from '@pocketguide/platform/read-store/read-store';
import { createProjectionRunner } from '@pocketguide/projections/projection-runner';
import { allProjectors } from '@pocketguide/projections/registry';
import { allWorkers, isTimedWorker } from '@pocketguide/workers/registry';
import { SnapshotCounts } from '@pocketguide/command-api/core/snapshot-counts';
import {
  reportThumbnailRenderer,
  reportedThumbnailRenderer,
  type RendererAvailability,
} from '@pocketguide/workers/thumbnails/renderer-status';
import { openThumbnailParts, type ThumbnailParts } from './thumbnail-parts.ts';
import { createViewCounter, type ViewCounter } from '@pocketguide/query-api/viewer/view-counter';
import { createReadingIngest, type ReadingIngest } from '@pocketguide/query-api/insights/reading-ingest';
import { createReadingTargets } from '@pocketguide/query-api/insights/beacon-intake';
import { prepareDataDir } from './data-dir.ts';
import { createBeaconPortListener, createHttpApp } from './http-app.ts';
import { openAccountParts } from './account-parts.ts';
import {
  openPaymentProvider,
  paymentProviderSettings,
  paymentProviderWarnings,
} from '@pocketguide/platform/payments/open-payment-provider';

export type StandaloneOverrides = {
  port?: number;
  dataDir?: string;
  webDist?: string;
  /** extra environment, over process.env */
  env?: NodeJS.ProcessEnv;
  /** how often subscriptions look for events appended by another process (ms; embedded event store only) */
  eventPollMs?: number;
  /** false: no HTTP server (a process running only projections and workers beside the one that serves) */
  serveHttp?: boolean;
  /** called once the stores are open and migrated and the administrator ensured, before the roles start */
  onStoresReady?: () => void;
};

export type RunningStandalone = {
  url: string;
  /** where the readers' beacons are taken apart from `url` (BEACON_PORT, the `beacons` role) */
  beaconUrl?: string;
  config: Config;
  eventStore: EventStore;
  readStore: ReadStore;
  close(): Promise<void>;
};

/**
 * Every role in one process on the embedded adapters (or on the real engines when their URLs are set):
 * command-api, query-api, projections and workers, with the web app, on one port.
 */
export async function startStandalone(overrides: StandaloneOverrides = {}): Promise<RunningStandalone> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...overrides.env };
  if (overrides.port !== undefined) env.PORT = String(overrides.port);
  if (overrides.dataDir !== undefined) env.DATA_DIR = overrides.dataDir;
  if (overrides.webDist !== undefined) env.WEB_DIST = overrides.webDist;
  const config = loadConfig(env);
  const logger = createLogger(config.LOG_LEVEL);
  // Refused before anything opens (DEBUG payments in production without PAYMENTS_DEBUG_IN_PRODUCTION=true).
  paymentProviderSettings(config);

  const roles = parseRoles(config.ROLES);
  const kafka = config.kafkaBrokers.length > 0;

  prepareDataDir(config);
  // EVENT_STORE_COMMIT_THREAD=1: the process that serves commits on a thread of its own, so its requests never wait
  // behind an fsync (issue 20). Off by default: a mixed-load run did not show it faster. (Its asynchronous commits
  // once exposed a Kakao sign-in race, now fixed in accounts.ts; kakao.int.test.ts runs with it on and off.)
  const eventStore = await openEventStore(config, {
    ...(overrides.eventPollMs !== undefined ? { pollIntervalMs: overrides.eventPollMs } : {}),
    commitThread: overrides.serveHttp !== false && env.EVENT_STORE_COMMIT_THREAD === '1',
    // the process that serves never checkpoints the WAL inside a commit (a copy and two fsyncs that held every
    // request): a thread of its own does (issue 24)
    checkpointThread: overrides.serveHttp !== false,
  });
  const readStore = await openReadStore(config);
  const stops: Array<() => Promise<void>> = [];
  const accounts = await openAccountParts({ config, logger, eventStore, readStore });
  stops.push(() => accounts.close());
  await accounts.start({ ensureAdmin: roles.has('command-api') }).catch(async (error: unknown) => {
    // A start refused here (a bad ADMIN_PASSWORD) must not leave the stores open.
    await accounts.close();
    await readStore.close();
    await eventStore.close();
    throw error;
  });
  overrides.onStoresReady?.();

  // One provider per process, shared by the payment routes and the billing worker (DEBUG keeps its payments in memory).
  const paymentProvider = openPaymentProvider(config);
  for (const warning of paymentProviderWarnings(config)) logger.warn(warning);

  let projectorStatus: () => Promise<readonly ProjectorHealth[]> = () => checkpointStatus(eventStore, readStore);
  if (roles.has('projections')) {
    const runner = createProjectionRunner({
      eventStore,
      readStore,
      projectors: allProjectors,
      onError: (error, { projector, position }) => logger.error('projector failed', { projector, position, error }),
    });
    await runner.start();
    stops.push(() => runner.stop());
    projectorStatus = () => runner.status();
  }

  // Thumbnails: where the worker runs, whether a Chromium is here; elsewhere, what the workers last reported.
  let thumbnails: ThumbnailParts | undefined;
  let thumbnailAvailability: () => Promise<RendererAvailability> = () => reportedThumbnailRenderer(readStore);
  let workerStatus: (() => Promise<WorkerLag[]>) | undefined;
  let workerLease: (() => LeaseRunnerStatus) | undefined;
  // snapshots written or skipped by this process's guidebook commands: the API's and the thumbnail worker's
  const snapshotCounts = new SnapshotCounts();
  if (roles.has('workers')) {
    const parts = openThumbnailParts({
      snapshotCounts,
      config,
      logger,
      eventStore,
      readStore,
      blobs: accounts.blobs,
      servesPages: roles.has('query-api'),
    });
    thumbnails = parts;
    thumbnailAvailability = async () => parts.availability;
    await reportThumbnailRenderer(readStore, parts.availability, new Date());
    if (!parts.availability.available)
      logger.warn('thumbnails cannot be drawn here', { reason: parts.availability.reason });
    // Closed after the bus has stopped (stops run in reverse), so no rendering is cut off.
    stops.push(() => parts.close());
    const bus = kafka
      ? createKafkaWorkerBus({
          brokers: config.kafkaBrokers,
          clientId: config.KAFKA_CLIENT_ID,
          topicPrefix: config.KAFKA_TOPIC_PREFIX,
          eventStore,
        })
      : createEmbeddedWorkerBus({ eventStore, readStore });
    const workers = allWorkers({
      ...accounts.workerDeps,
      billing: accounts.billingWorkerDeps(paymentProvider),
      ...(parts.workerDeps ? { thumbnails: parts.workerDeps } : {}),
    });
    // Exactly one replica runs the workers (the embedded bus) or, on Kafka whose consumer groups share the events
    // already, the billing tick: the one holding the lease. Timers start after the bus and stop before it.
    const timed = workers.filter(isTimedWorker);
    const leases = await openLeaseStore(config);
    const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
    if (kafka) {
      await bus.start(workers);
      stops.push(() => bus.stop());
    }
    const lease = createLeaseRunner({
      store: leases,
      name: kafka ? 'billing-tick' : 'workers',
      holder,
      start: async () => {
        if (!kafka) await bus.start(workers);
        for (const worker of timed) worker.start();
      },
      stop: async () => {
        for (const worker of timed) await worker.stop();
        if (!kafka) await bus.stop();
      },
      onError: (error) => logger.warn('workers lease', { error }),
    });
    await lease.start();
    stops.push(async () => {
      await lease.stop();
      await leases.close();
    });
    workerLease = () => lease.status();
    workerStatus = workersWithThumbnails(bus, eventStore, readStore, parts.availability);
  }
  // The relay only exists with Kafka; the embedded bus reads the event store directly.
  let relayHealth: (() => Promise<SubscriptionHealth>) | undefined;
  if (roles.has('relay') && kafka) {
    const relay = createKafkaRelay({
      eventStore,
      readStore,
      brokers: config.kafkaBrokers,
      clientId: config.KAFKA_CLIENT_ID,
      topicPrefix: config.KAFKA_TOPIC_PREFIX,
    });
    await relay.start();
    stops.push(() => relay.stop());
    relayHealth = async () => ({ name: 'kafka-relay', ...(await relay.status()) });
  }
  const subscriptions = async (): Promise<SubscriptionHealth[]> => {
    const lease = workerLease?.();
    return [
      accounts.accessFollowerHealth(),
      ...(relayHealth ? [await relayHealth()] : []),
      ...(lease ? [{ ...lease, name: `lease:${lease.name}`, state: lease.held ? 'holding' : 'standby' }] : []),
    ];
  };

  // Reader views are counted where pages are served and flushed as events; stopped (and flushed) before the stores close.
  let views: ViewCounter | undefined;
  let readingIngest: ReadingIngest | undefined;
  // Reader beacons: queued in memory, written in batches (one event per guidebook a batch, one transaction).
  const startReadingIngest = (): ReadingIngest => {
    const reading = createReadingIngest({
      eventStore,
      targetOf: createReadingTargets(readStore),
      now: () => new Date(),
      newId: randomUUID,
      intervalMs: config.READING_FLUSH_INTERVAL_MS,
      onError: (error, what) =>
        logger.warn(what.dropped ? 'reads dropped' : 'reads not written; kept for the next batch', { ...what, error }),
    });
    reading.start();
    stops.push(() => reading.stop());
    return reading;
  };
  if (roles.has('query-api')) {
    const counter = createViewCounter({
      eventStore,
      now: () => new Date(),
      newId: randomUUID,
      intervalMs: config.VIEW_FLUSH_INTERVAL_MS,
      onError: (error, guidebookId) =>
        logger.warn('views not written; kept for the next flush', { guidebookId, error }),
    });
    counter.start();
    stops.push(() => counter.stop());
    views = counter;
    readingIngest = startReadingIngest();
  }
  // BEACON_PORT, the `beacons` role (issue 24): the readers' beacons on a port of their own, answered by this process's
  // loop, not by the one that serves pages. `npm start` gives the role to the projections process (lower priority);
  // the reverse proxy routes POST /api/reading there. Stopped before its batch is written (close, below).
  let beaconServer: Server | undefined;
  if (roles.has('beacons') && config.BEACON_PORT !== undefined) {
    const ingest = readingIngest ?? startReadingIngest();
    beaconServer = createServer(createBeaconPortListener(config, ingest)).listen(config.BEACON_PORT);
    await once(beaconServer, 'listening');
  }

  const { listener } = createHttpApp({
    config,
    logger,
    eventStore,
    readStore,
    roles,
    accounts,
    ...(views ? { views } : {}),
    ...(readingIngest ? { readingIngest } : {}),
    thumbnailAvailability,
    paymentProvider,
    snapshotCounts,
    health: { projectors: projectorStatus, subscriptions, ...(workerStatus ? { workers: workerStatus } : {}) },
  });
  const server = overrides.serveHttp === false ? undefined : createServer(listener).listen(config.PORT);
  let url = '';
  if (server) {
    await once(server, 'listening');
    const { port } = server.address() as AddressInfo;
    url = `http://localhost:${port}`;
    thumbnails?.listening(port);
    logger.info('PocketGuide is running', { url, dataDir: config.paths.dataDir });
  } else {
    logger.info('PocketGuide roles running without HTTP', { roles: [...roles], dataDir: config.paths.dataDir });
  }

  let beaconUrl: string | undefined;
  if (beaconServer) {
    beaconUrl = `http://localhost:${(beaconServer.address() as AddressInfo).port}`;
    logger.info("Readers' beacons are taken on a port of their own", { beaconUrl });
  }

  let closing: Promise<void> | undefined;
  return {
    url,
    ...(beaconUrl ? { beaconUrl } : {}),
    config,
    eventStore,
    readStore,
    close: () =>
      (closing ??= (async () => {
        for (const open of [server, beaconServer]) {
          if (!open) continue;
          open.closeAllConnections();
          await new Promise<void>((resolve) => open.close(() => resolve()));
        }
        for (const stop of stops.reverse()) await stop();
        await readStore.close();
        await eventStore.close();
      })()),
  };
}

export const ROLE_NAMES = ['command-api', 'query-api', 'projections', 'workers', 'relay', 'beacons'] as const;
export type Role = (typeof ROLE_NAMES)[number];

function parseRoles(value: string): ReadonlySet<Role> {
  const names = value
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  if (names.includes('all')) return new Set(ROLE_NAMES);
  const unknown = names.filter((n) => !(ROLE_NAMES as readonly string[]).includes(n));
  if (unknown.length > 0)
    throw new Error(`Unknown role(s) in ROLES: ${unknown.join(', ')} (known: all, ${ROLE_NAMES.join(', ')})`);
  return new Set(names as Role[]);
}

/** The bus's workers, and the thumbnail worker's availability: without a Chromium it is not run, and says why. */
function workersWithThumbnails(
  bus: WorkerBus,
  eventStore: EventStore,
  readStore: ReadStore,
  renderer: RendererAvailability,
): () => Promise<WorkerLag[]> {
  return async () => {
    const running = await bus.status();
    if (renderer.available)
      return running.map((worker) => (worker.name === 'thumbnails' ? { ...worker, available: true } : worker));
    const [checkpoint, head] = await Promise.all([
      readStore.getCheckpoint(workerCheckpointName('thumbnails')),
      eventStore.headPosition(),
    ]);
    const unavailable: WorkerLag = {
      name: 'thumbnails',
      checkpoint,
      lag: Math.max(0, head - (checkpoint ?? 0)),
      available: false,
      ...(renderer.reason ? { unavailableReason: renderer.reason } : {}),
    };
    return [...running, unavailable];
  };
}

/** Where the projections run in another process, their state is read from their checkpoints. */
async function checkpointStatus(eventStore: EventStore, readStore: ReadStore): Promise<ProjectorHealth[]> {
  const head = await eventStore.headPosition();
  return Promise.all(
    allProjectors.map(async ({ name }) => {
      const checkpoint = await readStore.getCheckpoint(name);
      return { name, checkpoint, lag: Math.max(0, head - (checkpoint ?? 0)), state: 'remote' };
    }),
  );
}
