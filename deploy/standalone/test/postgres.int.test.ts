/**
 * The standalone app on PostgreSQL: DATABASE_URL set to a fresh database (random name, dropped at the end), every
 * role in one process. Skipped without POSTGRES_TEST_URL, except under CI=true where it fails.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { newGuidebookDocument } from '@pocketguide/contracts';
import { createTestDatabase, type PostgresDatabase } from '../../../test-support/postgres.ts';
import type { RunningStandalone } from '../src/app.ts';
import { TEST_ADMIN, bearer, signIn, startWithAdmin } from './testing/accounts.ts';

const database: PostgresDatabase = await createTestDatabase('standalone', 'standalone on PostgreSQL');
const running: RunningStandalone[] = [];

afterAll(async () => {
  for (const app of running.splice(0)) await app.close().catch(() => undefined);
  if (database.available) await database.drop();
});

async function count(url: string, sql: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(sql);
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

describe.skipIf(!database.available)('the standalone app on PostgreSQL', () => {
  it('creates an account and a guidebook over HTTP, reads it back with ?after=, and keeps it all across a restart', async () => {
    if (!database.available) throw new Error(database.reason);
    const env = { DATABASE_URL: database.url };
    const first = await startWithAdmin('postgres', { env });
    running.push(first.app);
    const api = (path: string, init: RequestInit = {}) => fetch(`${first.app.url}/api${path}`, init);

    const author = await first.newUser('pg-author');
    const created = await api('/guidebooks', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(author.token) },
      body: JSON.stringify(newGuidebookDocument({ title: '부산 2박 3일 on PostgreSQL' })),
    });
    expect(created.status).toBe(201);
    const { _id: id, position } = (await created.json()) as { _id: string; position: number };

    // Read-your-writes: the read waits for the projections, which read the PostgreSQL log.
    const read = await api(`/guidebooks/${id}?after=${position}`, { headers: bearer(author.token) });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ _id: id, title: '부산 2박 3일 on PostgreSQL' });

    // Everything is in PostgreSQL, nothing in SQLite files.
    expect(await first.app.eventStore.headPosition()).toBe(
      await count(database.url, 'SELECT max(position) AS n FROM event_store.events'),
    );
    expect(
      await count(database.url, `SELECT count(*) AS n FROM read_models."guidebook-editor"`),
    ).toBeGreaterThanOrEqual(1);
    expect(await count(database.url, 'SELECT count(*) AS n FROM credentials.credentials')).toBeGreaterThanOrEqual(2);
    for (const file of ['events.sqlite', 'read-models.sqlite', 'credentials.sqlite']) {
      expect(existsSync(resolve(first.dataDir, file)), file).toBe(false);
    }

    await first.app.close();
    running.splice(running.indexOf(first.app), 1);

    // A restart on another data folder: the database holds everything, sign-in included.
    const second = await startWithAdmin('postgres-restart', { env });
    running.push(second.app);
    const again = await signIn(second.app.url, author.user.email);
    const reread = await fetch(`${second.app.url}/api/guidebooks/${id}?after=${position}`, {
      headers: bearer(again.token),
    });
    expect(reread.status).toBe(200);
    expect(await reread.json()).toMatchObject({ _id: id, title: '부산 2박 3일 on PostgreSQL' });
    expect((await signIn(second.app.url, TEST_ADMIN.email, TEST_ADMIN.password)).user.role).toBe('admin');
  });
});
