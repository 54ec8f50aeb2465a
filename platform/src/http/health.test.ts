import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import type { EventStore } from '../event-store/event-store.ts';
import type { ReadStore } from '../read-store/read-store.ts';
import { healthRoutes, type HealthSources } from './health.ts';

const answering = { ping: async () => undefined, headPosition: async () => 7 };

async function getHealth(sources: Partial<HealthSources>): Promise<{ status: number; body: Record<string, unknown> }> {
  const app = express();
  app.use(
    healthRoutes({
      eventStore: answering as unknown as EventStore,
      readStore: { ping: async () => undefined } as unknown as ReadStore,
      ...sources,
    }),
  );
  const server = app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/health`);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

describe('GET /health', () => {
  it('a store whose ping hangs is down once its deadline passes, not a hung health check', async () => {
    const hung = { ping: () => new Promise<void>(() => {}), headPosition: async () => 7 } as unknown as EventStore;
    const { status, body } = await getHealth({ eventStore: hung, pingTimeoutMs: 50 });
    expect(status).toBe(503);
    expect(body.eventStore).toMatchObject({ status: 'down', error: 'no answer within 50 ms' });
  });

  it('a projector whose subscription ended (stopped) makes the service degraded', async () => {
    const { status } = await getHealth({
      projectors: async () => [{ name: 'p', checkpoint: 3, lag: 4, state: 'stopped' }],
    });
    expect(status).toBe(503);
  });

  it('the relay and the other subscriptions are listed, and a failing one degrades the service', async () => {
    const healthy = await getHealth({
      subscriptions: async () => [{ name: 'kafka-relay', state: 'running', checkpoint: 7, lag: 0 }],
    });
    expect(healthy.status).toBe(200);
    expect(healthy.body.subscriptions).toEqual([{ name: 'kafka-relay', state: 'running', checkpoint: 7, lag: 0 }]);
    const outage = await getHealth({
      subscriptions: async () => [
        { name: 'kafka-relay', state: 'connecting', lastError: 'Connection error: ECONNREFUSED' },
      ],
    });
    expect(outage.status).toBe(503);
    const failed = await getHealth({ subscriptions: async () => [{ name: 'user-access', state: 'failed' }] });
    expect(failed.status).toBe(503);
  });

  it('shows snapshots skipped as too large, without degrading the service (a snapshot is only a cache)', async () => {
    const lastTooLarge = {
      streamId: 'guidebook-1',
      bytes: 1_048_577,
      maxBytes: 1_048_576,
      at: '2026-01-01T00:00:00.000Z',
    };
    const snapshots = { written: 3, tooLarge: 2, failed: 0, maxBytes: 1_048_576, lastTooLarge };
    const { status, body } = await getHealth({ snapshots: () => snapshots });
    expect(status).toBe(200);
    expect(body.snapshots).toEqual(snapshots);
    expect((await getHealth({})).body).not.toHaveProperty('snapshots');
  });
});
