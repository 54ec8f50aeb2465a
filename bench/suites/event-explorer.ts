import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import Database from 'better-sqlite3';
import express, { type RequestHandler } from 'express';
import type { Auth } from '@pocketguide/platform/auth/authenticate';
import { problemDetailsHandler } from '@pocketguide/platform/http/problem-details';
import { createSqliteEventStore } from '@pocketguide/platform/event-store/sqlite-event-store';
import { createSqliteReadStore } from '@pocketguide/platform/read-store/sqlite-read-store';
import { createLogger } from '@pocketguide/platform/logger';
import { createProjectionRunner } from '@pocketguide/projections/projection-runner';
import type { Projector } from '@pocketguide/projections/projector';
import { auditEntryOf, auditTimelineProjector } from '@pocketguide/projections/audit/audit-timeline-projector';
import { eventExplorerRoutes } from '@pocketguide/query-api/admin/event-explorer-routes';
import { benchDir, percentile, type Figure, type SuiteResult } from '../support.ts';

/**
 * The event explorer's filtered queries on a log of 1,000,000 events (issue 14). The log is written straight into
 * the SQLite event store's table (a realistic mix: 20,000 people, 40,000 guidebooks mostly edited, payments,
 * messages, admin actions; one event a second), the `audit-timeline` index is built by the real projection runner
 * (its catch-up speed is a figure too), and GET /api/admin/events is then asked over HTTP, one request at a time,
 * with varied filters: by type, by stream, by actor, actor+type, a time window, the next page of each, and the
 * causation chain of an event. The run's folder is removed afterwards unless EXPLORER_KEEP=1.
 */
export async function eventExplorerSuite(
  total = Number(process.env.EXPLORER_EVENTS ?? 1_000_000),
  samples = 200,
): Promise<SuiteResult> {
  // EXPLORER_DIR re-measures over a log and index an earlier run kept (EXPLORER_KEEP=1): seeding and building a
  // million events takes minutes.
  const reused = process.env.EXPLORER_DIR;
  const dir = reused ? resolve(reused) : benchDir('event-explorer');
  const eventsPath = resolve(dir, 'events.sqlite');
  if (!reused) await createSqliteEventStore({ path: eventsPath }).close();

  const people = 20_000;
  const guidebooks = 40_000;
  const admins = ['admin-1', 'admin-2', 'admin-3'];
  const start = Date.UTC(2026, 0, 1);
  const seeded = performance.now();
  if (!reused) {
    const db = new Database(eventsPath);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = OFF');
    const insert = db.prepare(
      'INSERT INTO events (id, stream_id, category, revision, type, data, metadata, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    const revisions = new Map<string, number>();
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const pick = (n: number) => Math.floor(random() * n);
    db.transaction(() => {
      for (let i = 0; i < total; i++) {
        const r = random();
        let streamId: string;
        let type: string;
        let actor: string;
        let data: Record<string, unknown>;
        if (r < 0.7) {
          const g = pick(guidebooks);
          streamId = `guidebook-g${g}`;
          actor = `user-${g % people}`;
          type = r < 0.66 ? 'GuidebookEdited' : r < 0.68 ? 'GuidebookPublished' : 'GuidebookPasswordSet';
          data =
            type === 'GuidebookEdited'
              ? {
                  guidebookId: `g${g}`,
                  kind: 'edit',
                  patches: [{ op: 'replace', path: ['title'], value: `제목 ${i}` }],
                }
              : { guidebookId: `g${g}`, password: 'secret', at: '' };
        } else if (r < 0.85) {
          const u = pick(people);
          streamId = `user-u${u}`;
          actor = r < 0.83 ? `user-${u}` : admins[pick(admins.length)]!;
          type = r < 0.8 ? 'UserProfileUpdated' : r < 0.83 ? 'UserSignedOut' : 'UserPlanChanged';
          data = { userId: `u${u}`, plan: 'pro', name: `사용자 ${u}` };
        } else if (r < 0.93) {
          const m = pick(100_000);
          streamId = `payment-m${m}`;
          actor = 'system';
          type = r < 0.9 ? 'PaymentSucceeded' : 'PaymentFailed';
          data = { merchantUid: `m${m}`, amount: 9900, customerUid: 'billing-key' };
        } else if (r < 0.96) {
          const x = pick(500);
          streamId = `message-x${x}`;
          actor = admins[pick(admins.length)]!;
          type = 'MessageSaved';
          data = { messageId: `x${x}`, title: '공지' };
        } else {
          const g = pick(guidebooks);
          streamId = `views-g${g}`;
          actor = 'anonymous';
          type = 'GuidebookViewed';
          data = { guidebookId: `g${g}`, count: 1 };
        }
        const revision = revisions.get(streamId) ?? 0;
        revisions.set(streamId, revision + 1);
        const correlationId = `c${Math.floor(i / 3)}`;
        const metadata = {
          userId: actor,
          role: actor.startsWith('admin') ? 'admin' : 'user',
          command: 'Bench',
          commandId: `k${i}`,
          correlationId,
          causationId: correlationId,
        };
        insert.run(
          crypto.randomUUID(),
          streamId,
          streamId.slice(0, streamId.indexOf('-')),
          revision,
          type,
          JSON.stringify(data),
          JSON.stringify(metadata),
          new Date(start + i * 1000).toISOString(),
        );
      }
    })();
    db.close();
  }
  const seedSeconds = (performance.now() - seeded) / 1000;

  const eventStore = createSqliteEventStore({ path: eventsPath });
  const readStore = createSqliteReadStore({ path: resolve(dir, 'read-models.sqlite') });
  const runner = createProjectionRunner({
    eventStore,
    readStore,
    projectors: [auditTimelineProjector as unknown as Projector],
  });
  const built = performance.now();
  if (!reused) await runner.rebuild(auditTimelineProjector.name);
  const buildSeconds = (performance.now() - built) / 1000;
  await runner.stop();
  const indexed = await readStore.getCheckpoint(auditTimelineProjector.name);
  if (indexed !== total) throw new Error(`the audit-timeline index holds ${String(indexed)} of ${total} events`);

  const pass: RequestHandler = (_req, _res, next) => next();
  const auth: Auth = { optional: pass, required: pass, admin: pass, selfOrAdmin: () => pass };
  const app = express();
  app.use('/api', eventExplorerRoutes({ readStore, eventStore, auth, entryOf: auditEntryOf }));
  app.use(problemDetailsHandler(createLogger('warn')));
  const server = app.listen(0);
  await once(server, 'listening');
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/admin/events`;

  let seed = 7;
  const pick = (n: number) => {
    seed = (seed * 48_271) % 2_147_483_647;
    return seed % n;
  };
  const at = (offset: number) => new Date(start + offset * 1000).toISOString();
  const shapes: Record<string, () => string> = {
    'newest, no filter': () => '?limit=50',
    'by type (common)': () => '?type=GuidebookEdited&limit=50',
    'by type (rare)': () => '?type=UserPlanChanged&limit=50',
    'by stream': () => `?stream=guidebook-g${pick(guidebooks)}&limit=50`,
    'by actor': () => `?actor=user-${pick(people)}&limit=50`,
    'by actor + type': () => `?actor=${['admin-1', 'admin-2', 'admin-3'][pick(3)]}&type=UserPlanChanged&limit=50`,
    'by time window (1 h)': () => {
      const from = pick(total - 3600);
      return `?from=${encodeURIComponent(at(from))}&to=${encodeURIComponent(at(from + 3600))}&limit=50`;
    },
    'by type + time window': () => {
      const from = pick(total - 86_400);
      return `?type=PaymentFailed&from=${encodeURIComponent(at(from))}&to=${encodeURIComponent(at(from + 86_400))}&limit=50`;
    },
    'next page (cursor)': () => `?type=GuidebookEdited&before=${1 + pick(total)}&limit=50`,
  };

  const figures: Figure[] = reused
    ? []
    : [
        { name: `log seeded (${total.toLocaleString('en')} events, direct insert)`, value: seedSeconds, unit: 's' },
        { name: 'audit-timeline index built by the projection runner', value: total / buildSeconds, unit: 'events/s' },
      ];
  const get = async (url: string) => {
    const response = await fetch(url);
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as { events: Array<{ position: number }> };
  };
  try {
    for (const [name, query] of Object.entries(shapes)) {
      await get(`${base}${query()}`); // warm-up
      const times: number[] = [];
      let rows = 0;
      for (let i = 0; i < samples; i++) {
        const t = performance.now();
        rows += (await get(`${base}${query()}`)).events.length;
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      figures.push({ name: `${name}: p50`, value: percentile(times, 50), unit: 'ms' });
      figures.push({ name: `${name}: p90`, value: percentile(times, 90), unit: 'ms' });
      figures.push({
        name: `${name}: p99 (${(rows / samples).toFixed(0)} rows/page)`,
        value: percentile(times, 99),
        unit: 'ms',
        aim: '< 100 ms',
      });
    }
    const times: number[] = [];
    for (let i = 0; i < samples; i++) {
      const t = performance.now();
      const response = await fetch(`${base}/${1 + pick(total)}`);
      if (response.status !== 200) throw new Error(`event detail answered ${response.status}`);
      await response.json();
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    figures.push({ name: 'one event with its causation chain: p50', value: percentile(times, 50), unit: 'ms' });
    figures.push({
      name: 'one event with its causation chain: p99',
      value: percentile(times, 99),
      unit: 'ms',
      aim: '< 100 ms',
    });
  } finally {
    server.close();
    await readStore.close();
    await eventStore.close();
    // a million events and their index take over a gigabyte
    if (!reused && !process.env.EXPLORER_KEEP) rmSync(dir, { recursive: true, force: true });
  }
  return {
    suite: `event explorer on ${total.toLocaleString('en')} events (SQLite, HTTP, one request at a time)`,
    figures,
  };
}
