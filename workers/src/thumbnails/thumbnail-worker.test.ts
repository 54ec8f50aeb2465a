import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RecordedEvent } from '@pocketguide/platform/event-store/event-store';
import type { ThumbnailJob, ThumbnailQueue } from './thumbnail-queue.ts';
import { PageNotRenderableError, type ThumbnailRenderer } from './thumbnail-renderer.ts';
import { createThumbnailWorker } from './thumbnail-worker.ts';

let screenshot: Buffer;
beforeAll(async () => {
  // What Chromium gives for 435 × 800 CSS pixels at 2×.
  screenshot = await sharp({ create: { width: 870, height: 1600, channels: 3, background: '#0e7268' } })
    .png()
    .toBuffer();
});

function job(
  guidebookId: string,
  priority: 'high' | 'low',
  since: number,
  overrides: Partial<ThumbnailJob> = {},
): ThumbnailJob & { since: number } {
  return {
    guidebookId,
    uuid: `uuid-${guidebookId}`,
    ownerId: 'u1',
    priority,
    lastRequestedAt: new Date(Date.UTC(2026, 4, 1, 9, since)).toISOString(),
    position: 10,
    since,
    ...overrides,
  };
}

const event = (position = 10): RecordedEvent => ({
  id: 'event-1',
  type: 'ThumbnailsRequested',
  data: {},
  metadata: { correlationId: 'corr-1' },
  streamId: 'thumbnail_requests-u1',
  revision: 0,
  position,
  recordedAt: '2026-05-01T09:00:00.000Z',
});

/** The read model in memory: recording a thumbnail or a failure ends the wait, as the projector does. */
function harness(
  jobs: Array<ThumbnailJob & { since: number }>,
  options: {
    render?: (url: string) => Promise<Buffer>;
    caughtUp?: boolean;
    languages?: Record<string, 'ko' | 'en'>;
  } = {},
) {
  const waiting = [...jobs];
  const rendered: string[] = [];
  const stored = new Map<string, Buffer>();
  const recorded: Array<{ guidebookId: string; thumbnailUrl: string; generatedAt: Date; renderMs: number }> = [];
  const failures: Array<{ guidebookId: string; requestedAt: string; reason: string }> = [];
  const causations: unknown[] = [];
  let clock = Date.UTC(2026, 4, 1, 10, 0);
  const finish = (guidebookId: string) =>
    waiting.splice(
      waiting.findIndex((candidate) => candidate.guidebookId === guidebookId),
      1,
    );

  const queue: ThumbnailQueue = {
    async next(passed) {
      const order = [...waiting].sort((a, b) =>
        a.priority === b.priority ? a.since - b.since : a.priority === 'high' ? -1 : 1,
      );
      return order.find((candidate) => !passed(candidate)) ?? null;
    },
    async caughtUp() {
      return options.caughtUp ?? true;
    },
    async languageOf(ownerId) {
      return options.languages?.[ownerId] ?? 'ko';
    },
  };
  const renderer: ThumbnailRenderer = {
    async render(url) {
      rendered.push(url);
      clock += 1500;
      return options.render ? options.render(url) : screenshot;
    },
    async close() {},
  };
  const worker = createThumbnailWorker({
    queue,
    renderer,
    blobs: {
      async put(key, bytes) {
        stored.set(key, bytes);
        return { key, url: `/media/${key}` };
      },
    },
    pageBaseUrl: async () => 'http://127.0.0.1:3999',
    now: () => new Date(clock),
    async recordThumbnail(input, causation) {
      recorded.push(input);
      causations.push(causation);
      finish(input.guidebookId);
      return { position: 20 };
    },
    async recordFailure(input) {
      failures.push(input);
      finish(input.guidebookId);
      return { position: 21 };
    },
  });
  return { worker, waiting, rendered, stored, recorded, failures, causations };
}

describe('the thumbnail worker', () => {
  it('draws everything waiting, high priority first and the longest waiting first, and records each thumbnail', async () => {
    const { worker, rendered, recorded, stored, waiting, causations } = harness(
      [job('low-old', 'low', 1), job('high-new', 'high', 5), job('high-old', 'high', 3)],
      {
        languages: { u1: 'en' },
      },
    );
    await worker.handle(event());
    expect(rendered).toEqual([
      'http://127.0.0.1:3999/m/uuid-high-old?lang=en',
      'http://127.0.0.1:3999/m/uuid-high-new?lang=en',
      'http://127.0.0.1:3999/m/uuid-low-old?lang=en',
    ]);
    expect(recorded.map((entry) => entry.guidebookId)).toEqual(['high-old', 'high-new', 'low-old']);
    expect(waiting).toEqual([]);
    expect(causations[0]).toEqual({ eventId: 'event-1', correlationId: 'corr-1' });

    const first = recorded[0]!;
    expect(first.thumbnailUrl).toMatch(/^\/media\/thumbnails\/high-old\/[0-9a-f]{16}\.webp$/);
    expect(first.renderMs).toBe(1500);
    expect(first.generatedAt.toISOString()).toBe('2026-05-01T10:00:00.000Z');
    const image = stored.get(first.thumbnailUrl.slice('/media/'.length))!;
    expect(await sharp(image).metadata()).toMatchObject({ format: 'webp', width: 435, height: 800 });
  });

  it('has nothing to do when nothing waits (the event was answered by an earlier pass)', async () => {
    const { worker, rendered } = harness([]);
    await worker.handle(event());
    expect(rendered).toEqual([]);
  });

  it('a page that is not there (unpublished or deleted meanwhile) is recorded as failed at once, and the queue moves on', async () => {
    const { worker, failures, recorded } = harness([job('gone', 'high', 1), job('fine', 'high', 2)], {
      render: async (url) => {
        if (url.includes('gone')) throw new PageNotRenderableError(url, 404);
        return screenshot;
      },
    });
    await worker.handle(event());
    expect(failures).toEqual([
      {
        guidebookId: 'gone',
        requestedAt: job('gone', 'high', 1).lastRequestedAt,
        reason: "The reader's page is not there (404)",
      },
    ]);
    expect(recorded.map((entry) => entry.guidebookId)).toEqual(['fine']);
  });

  it('a failing rendering is left to the bus to retry; on the third failure it is recorded and the rest is drawn', async () => {
    const { worker, failures, recorded } = harness([job('broken', 'high', 1), job('fine', 'low', 2)], {
      render: async (url) => {
        if (url.includes('broken')) throw new Error('Navigation timeout of 20000 ms exceeded');
        return screenshot;
      },
    });
    await expect(worker.handle(event())).rejects.toThrow('Navigation timeout');
    await expect(worker.handle(event())).rejects.toThrow('Navigation timeout');
    expect(failures).toEqual([]);
    await worker.handle(event());
    expect(failures).toEqual([
      {
        guidebookId: 'broken',
        requestedAt: job('broken', 'high', 1).lastRequestedAt,
        reason: 'Navigation timeout of 20000 ms exceeded',
      },
    ]);
    expect(recorded.map((entry) => entry.guidebookId)).toEqual(['fine']);
  });

  it('refuses to read a queue that has not caught up with the event (the bus retries it)', async () => {
    const { worker, rendered } = harness([job('g1', 'high', 1)], { caughtUp: false });
    await expect(worker.handle(event(42))).rejects.toThrow(/not caught up .*position 42/);
    expect(rendered).toEqual([]);
  });

  it('listens to the requests, the gallery and the password gate only', () => {
    const { worker } = harness([]);
    expect(worker.filter).toEqual({
      streamCategories: ['thumbnail_requests', 'guidebook'],
      eventTypes: ['ThumbnailsRequested', 'GuidebookPublicGallerySet', 'GuidebookPasswordSet'],
    });
  });
});
