/**
 * Real engines for the contract suites: a URL in the environment wins (EVENTSTORE_URL, MONGO_URL, KAFKA_BROKERS;
 * S3_BUCKET with the other S3_* keys for the blob store); otherwise a container through testcontainers when a
 * container runtime answers; otherwise the suite is skipped and the reason is recorded, to be printed once at the
 * end of the run (see global-setup.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadS3Settings, type S3Settings } from '../platform/src/config/config.ts';

export type Engine = 'eventstoredb' | 'mongodb' | 'kafka';

export type EngineHandle =
  | { available: true; url: string; source: 'env' | 'container'; stop(): Promise<void> }
  | { available: false; reason: string };

// Pinned images, the same in deploy/compose and deploy/k8s: EventStoreDB 24.10 (published on Event Store's own
// registry since 24.10) speaks the gRPC protocol of @eventstore/db-client 6; Confluent's cp-kafka 7.7.1 is Kafka 3.7
// (KRaft), works with kafkajs 2.2 and is the image testcontainers' Kafka module drives; MinIO stands in for any
// S3-compatible bucket.
export const ENGINE_IMAGES = {
  eventstoredb: 'docker.eventstore.com/eventstore/eventstoredb-ee:24.10',
  mongodb: 'mongo:7.0',
  kafka: 'confluentinc/cp-kafka:7.7.1',
  minio: 'minio/minio:RELEASE.2024-10-13T13-34-11Z',
} as const;

const ENV_KEYS: Record<Engine, string> = {
  eventstoredb: 'EVENTSTORE_URL',
  mongodb: 'MONGO_URL',
  kafka: 'KAFKA_BROKERS',
};

export const skippedDir = resolve(import.meta.dirname, '../test-output/tmp/skipped');

export function recordSkip(suite: string, reason: string): void {
  mkdirSync(skippedDir, { recursive: true });
  writeFileSync(resolve(skippedDir, `${suite.replace(/[^a-z0-9-]+/gi, '_')}.txt`), `${suite}: ${reason}\n`);
}

let runtimeCheck: Promise<string | null> | undefined;

/** null when a container runtime answers, else the reason it does not. */
function containerRuntimeProblem(): Promise<string | null> {
  runtimeCheck ??= (async () => {
    try {
      const { getContainerRuntimeClient } = await import('testcontainers');
      await getContainerRuntimeClient();
      return null;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  })();
  return runtimeCheck;
}

async function startContainer(engine: Engine): Promise<{ url: string; stop(): Promise<void> }> {
  if (engine === 'mongodb') {
    const { MongoDBContainer } = await import('@testcontainers/mongodb');
    const container = await new MongoDBContainer(ENGINE_IMAGES.mongodb).start();
    return {
      url: `${container.getConnectionString()}?directConnection=true`,
      stop: async () => void (await container.stop()),
    };
  }
  if (engine === 'kafka') {
    const { KafkaContainer } = await import('@testcontainers/kafka');
    const container = await new KafkaContainer(ENGINE_IMAGES.kafka).withKraft().start();
    return {
      url: `${container.getHost()}:${container.getMappedPort(9093)}`,
      stop: async () => void (await container.stop()),
    };
  }
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer(ENGINE_IMAGES.eventstoredb)
    .withEnvironment({
      EVENTSTORE_INSECURE: 'true',
      EVENTSTORE_RUN_PROJECTIONS: 'None',
      EVENTSTORE_MEM_DB: 'true',
    })
    .withExposedPorts(2113)
    .withWaitStrategy(Wait.forHttp('/health/live', 2113).forStatusCode(204))
    .start();
  return {
    url: `esdb://${container.getHost()}:${container.getMappedPort(2113)}?tls=false`,
    stop: async () => void (await container.stop()),
  };
}

/** Finds or starts the engine for a suite; records a skip when neither is possible. */
export async function acquireEngine(engine: Engine, suite: string): Promise<EngineHandle> {
  const fromEnv = process.env[ENV_KEYS[engine]];
  if (fromEnv) return { available: true, url: fromEnv, source: 'env', stop: async () => {} };
  const problem = await containerRuntimeProblem();
  if (problem) {
    const reason = `no ${ENV_KEYS[engine]} and no container runtime (${problem})`;
    recordSkip(suite, reason);
    return { available: false, reason };
  }
  const started = await startContainer(engine);
  return { available: true, source: 'container', ...started };
}

export type S3BucketHandle =
  | { available: true; settings: S3Settings; source: 'env' | 'container'; stop(): Promise<void> }
  | { available: false; reason: string };

/**
 * A bucket for the blob store contract: the S3_* keys when S3_BUCKET is set (the bucket may not exist yet: the
 * suite creates it), else MinIO in a container, else a recorded skip.
 */
export async function acquireS3Bucket(suite: string): Promise<S3BucketHandle> {
  const fromEnv = loadS3Settings(process.env);
  if (fromEnv) return { available: true, settings: fromEnv, source: 'env', stop: async () => {} };
  const problem = await containerRuntimeProblem();
  if (problem) {
    const reason = `no S3_BUCKET and no container runtime (${problem})`;
    recordSkip(suite, reason);
    return { available: false, reason };
  }
  const credentials = { accessKeyId: 'pocketguide', secretAccessKey: 'pocketguide-contract-secret' };
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer(ENGINE_IMAGES.minio)
    .withCommand(['server', '/data'])
    .withEnvironment({ MINIO_ROOT_USER: credentials.accessKeyId, MINIO_ROOT_PASSWORD: credentials.secretAccessKey })
    .withExposedPorts(9000)
    .withWaitStrategy(Wait.forHttp('/minio/health/live', 9000))
    .start();
  return {
    available: true,
    source: 'container',
    settings: {
      endpoint: `http://${container.getHost()}:${container.getMappedPort(9000)}`,
      region: 'us-east-1',
      bucket: 'pocketguide-contract',
      ...credentials,
      forcePathStyle: true,
    },
    stop: async () => void (await container.stop()),
  };
}
