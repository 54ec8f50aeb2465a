/**
 * The scale-out shape on PostgreSQL, as separate processes: command-api, two query-api, projections and workers
 * (ROLES), all on one fresh database (random name, dropped at the end). Under a write load each role is killed
 * with SIGKILL in turn and started again. Afterwards: every acknowledged write is in the log, each one reads back
 * from a query-api process other than the one that took the write (read-your-writes across processes), and the read
 * models equal a rebuild from the log. Skipped without POSTGRES_TEST_URL, except under CI=true where it fails.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPostgresEventStore } from '@pocketguide/platform/event-store/postgres-event-store';
import { createPostgresReadStore } from '@pocketguide/platform/read-store/postgres-read-store';
import { createProjectionRunner } from '@pocketguide/projections/projection-runner';
import { allProjectors } from '@pocketguide/projections/registry';
import { createTestDatabase, type PostgresDatabase } from '../../../test-support/postgres.ts';
import { TEST_ACCOUNT_ENV, bearer, signIn } from './testing/accounts.ts';

const root = resolve(import.meta.dirname, '../../..');
const database: PostgresDatabase = await createTestDatabase('processes', 'multi-process deployment on PostgreSQL');
const children = new Set<ChildProcess>();

afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await Promise.all(
    [...children].map((child) => (child.exitCode === null && child.signalCode === null ? exitOf(child) : undefined)),
  );
  if (database.available) await database.drop();
});

const ADMIN = { ADMIN_EMAIL: 'processes-admin@example.com', ADMIN_PASSWORD: 'Processes1!pw' } as const;
type Role = 'command-api' | 'query-api' | 'projections' | 'workers';
type Running = { role: Role; child: ChildProcess; url: string };

function exitOf(child: ChildProcess): Promise<void> {
  return new Promise((resolvePromise) => child.once('exit', () => resolvePromise()));
}

/** Starts one role as its own process (`main.ts`, as the image runs it) on a port the system picks. */
function start(role: Role, env: NodeJS.ProcessEnv): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'deploy/standalone/src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, ROLES: role, PORT: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let output = '';
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`${role}: no start within 120 s:\n${output}`)), 120_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const url = /PocketGuide is running at (\S+)/.exec(output)?.[1];
      if (url) {
        clearTimeout(timer);
        resolvePromise({ role, child, url: url.replace('localhost', '127.0.0.1') });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${role} exited (${code ?? signal}) before it started:\n${output}`));
    });
  });
}

async function kill9(running: Running): Promise<void> {
  const exited = exitOf(running.child);
  running.child.kill('SIGKILL');
  await exited;
}

async function query<T extends pg.QueryResultRow>(url: string, sql: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

describe.skipIf(!database.available)('the roles as separate processes on PostgreSQL', () => {
  it(
    'loses nothing acknowledged when each role is killed with SIGKILL in turn, and the read models equal a rebuild',
    { timeout: 900_000 },
    async () => {
      if (!database.available) throw new Error(database.reason);
      const dataDir = resolve(root, 'test-output/tmp', `processes-${randomUUID()}`);
      mkdirSync(dataDir, { recursive: true });
      const env: NodeJS.ProcessEnv = {
        DATABASE_URL: database.url,
        DATA_DIR: dataDir,
        // Shared by every process, as a deployment must: a token from command-api is checked by query-api.
        JWT_SECRET: randomBytes(32).toString('hex'),
        TOKEN_SECRET: randomBytes(32).toString('hex'),
        ...ADMIN,
        ...TEST_ACCOUNT_ENV,
        // the load is one person writing as fast as command-api answers
        GUIDEBOOK_WRITES_PER_MINUTE: '1000000',
      };

      // command-api first: it ensures the administrator (and creates the schemas) before the others open them.
      const roles: Record<'command' | 'query1' | 'query2' | 'projections' | 'workers', Running> = {
        command: await start('command-api', env),
        ...Object.fromEntries(
          await Promise.all(
            (
              [
                ['query1', 'query-api'],
                ['query2', 'query-api'],
                ['projections', 'projections'],
                ['workers', 'workers'],
              ] as const
            ).map(async ([key, role]) => [key, await start(role, env)] as const),
          ),
        ),
      } as Record<'command' | 'query1' | 'query2' | 'projections' | 'workers', Running>;
      const { token } = await signIn(roles.command.url, ADMIN.ADMIN_EMAIL, ADMIN.ADMIN_PASSWORD);

      // The write load: two lanes creating guidebooks on command-api for as long as the kills last.
      const acknowledged: { id: string; title: string; position: number }[] = [];
      const refused = new Map<string, number>();
      const refuse = (reason: string): void => void refused.set(reason, (refused.get(reason) ?? 0) + 1);
      let loading = true;
      const lane = async (name: string): Promise<void> => {
        for (let n = 0; loading; n += 1) {
          const title = `${name} ${n}`;
          try {
            const response = await fetch(`${roles.command.url}/api/guidebooks`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', ...bearer(token) },
              body: JSON.stringify({ title }),
              signal: AbortSignal.timeout(10_000),
            });
            if (response.status === 201) {
              const body = (await response.json()) as { _id: string; position: number };
              acknowledged.push({ id: body._id, title, position: body.position });
            } else {
              refuse(`HTTP ${response.status}`);
              await response.body?.cancel();
            }
          } catch {
            // command-api is down (killed): not acknowledged, so nothing is owed
            refuse('unreachable');
            await new Promise((resolvePromise) => setTimeout(resolvePromise, 100));
          }
        }
      };
      const load = Promise.all([lane('lane a'), lane('lane b')]);
      const writesSince = async (count: number): Promise<void> => {
        const target = acknowledged.length + count;
        const deadline = Date.now() + 120_000;
        while (acknowledged.length < target && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      };

      const loadStarted = performance.now();
      const restarts: string[] = [];
      await writesSince(10);
      for (const key of ['projections', 'query1', 'workers', 'command', 'query2'] as const) {
        await kill9(roles[key]);
        await writesSince(key === 'command' ? 0 : 5);
        const restarting = performance.now();
        roles[key] = await start(roles[key].role, env);
        restarts.push(`${roles[key].role} ${((performance.now() - restarting) / 1000).toFixed(1)} s`);
        await writesSince(5);
      }
      loading = false;
      await load;
      const loadSeconds = (performance.now() - loadStarted) / 1000;
      expect(acknowledged.length).toBeGreaterThanOrEqual(50);
      // Refusals are only the unreachable command-api (and 503s while a store reconnects), never a 500.
      expect([...refused.keys()].filter((reason) => reason !== 'unreachable' && reason !== 'HTTP 503')).toEqual([]);

      // Nothing acknowledged is lost: every acknowledged creation is in the log at the position it was given.
      const stored = await query<{ position: string; stream_id: string }>(
        database.url,
        `SELECT position, stream_id FROM event_store.events WHERE type = 'GuidebookCreated'`,
      );
      const byPosition = new Map(stored.map((row) => [Number(row.position), row.stream_id]));
      for (const write of acknowledged) expect(byPosition.get(write.position), write.title).toContain(write.id);

      // Read-your-writes across processes: each write, taken by command-api, reads back from both query-api processes.
      for (const write of acknowledged) {
        for (const reader of [roles.query1, roles.query2]) {
          const response = await fetch(`${reader.url}/api/guidebooks/${write.id}?after=${write.position}`, {
            headers: bearer(token),
          });
          expect(response.status, `${write.title} on ${reader.url}`).toBe(200);
          expect(await response.json()).toMatchObject({ _id: write.id, title: write.title });
        }
      }

      // Quiesce: stop the workers (they may append) and wait until every projector's checkpoint reaches the head.
      await kill9(roles.workers);
      const eventStore = await createPostgresEventStore({ connectionString: database.url });
      try {
        const head = await eventStore.headPosition();
        const names = allProjectors.map((projector) => projector.name);
        const deadline = Date.now() + 300_000;
        for (;;) {
          const rows = await query<{ name: string; position: string }>(
            database.url,
            'SELECT name, position FROM read_models.checkpoints WHERE name = ANY ($1)',
            [names],
          );
          const behind = names.filter((name) => Number(rows.find((row) => row.name === name)?.position ?? -1) < head);
          if (behind.length === 0) break;
          if (Date.now() > deadline) throw new Error(`projectors still behind head ${head}: ${behind.join(', ')}`);
          await new Promise((r) => setTimeout(r, 200));
        }
        await kill9(roles.projections);

        // The read models equal a rebuild from the log, into a schema of their own.
        const rebuilt = await createPostgresReadStore({ connectionString: database.url, schema: 'rebuilt' });
        try {
          const runner = createProjectionRunner({ eventStore, readStore: rebuilt, projectors: allProjectors });
          for (const name of names) await runner.rebuild(name);
          await runner.stop();
        } finally {
          await rebuilt.close();
        }
        const tables = await query<{ table_name: string }>(
          database.url,
          `SELECT table_name FROM information_schema.tables WHERE table_schema = 'rebuilt' AND table_name <> 'checkpoints' ORDER BY 1`,
        );
        expect(tables.length).toBeGreaterThan(3);
        for (const { table_name: table } of tables) {
          const live = await query(database.url, `SELECT id, doc FROM read_models."${table}" ORDER BY id`);
          const fresh = await query(database.url, `SELECT id, doc FROM rebuilt."${table}" ORDER BY id`);
          expect(live, table).toEqual(fresh);
        }
      } finally {
        await eventStore.close();
      }
      console.log(
        `multi-process on PostgreSQL: ${acknowledged.length} writes acknowledged in ${loadSeconds.toFixed(0)} s, ` +
          `not acknowledged: ${JSON.stringify(Object.fromEntries(refused))}; 5 roles killed with SIGKILL and restarted ` +
          `(${restarts.join(', ')}); 0 lost; ${acknowledged.length * 2} cross-process reads with ?after= answered; read models equal a rebuild`,
      );
    },
  );
});
