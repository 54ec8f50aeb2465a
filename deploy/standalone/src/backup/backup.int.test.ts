import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import {
  bearer,
  signIn,
  startWithAdmin,
  TEST_PASSWORD,
  type SignedIn,
  type StartedWithAdmin,
} from '../../test/testing/accounts.ts';
import { eventLogDigest, manifestSchema, type Manifest } from './manifest.ts';

/**
 * Backup and restore (issue 26), through the commands an operator runs: `npm run backup` as its own process
 * against a running product under a write load, `npm run restore` into an empty folder, then the product started
 * on what was restored.
 */

const root = resolve(import.meta.dirname, '../../../..');
const scratch = resolve(root, 'test-output/tmp');
const WRITERS = 3;
const PROBE_BATCH = 5;
const env = { GUIDEBOOK_WRITES_PER_MINUTE: '100000', CHROMIUM_PATH: '/nonexistent/chromium' };

type Run = { code: number | null; stdout: string; stderr: string };

function runCli(script: 'backup' | 'restore', args: string[], dataDir: string): Promise<Run> {
  const child = spawn(process.execPath, ['--import', 'tsx', `deploy/standalone/src/cli/${script}.ts`, ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((done) => child.on('close', (code) => done({ code, stdout, stderr })));
}

/** Guidebooks created by HTTP, each acknowledged with a 201; `stop()` ends the loops and waits for them. */
function writeLoad(baseUrl: string, author: SignedIn) {
  const acknowledged = new Map<string, string>();
  let stopping = false;
  const loops = Array.from({ length: WRITERS }, async (_, writer) => {
    for (let n = 0; !stopping; n++) {
      const title = `w${writer}-${n}`;
      const created = await fetch(`${baseUrl}/api/guidebooks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...bearer(author.token) },
        body: JSON.stringify({ title }),
      });
      if (created.status !== 201) throw new Error(`create answered ${created.status}: ${await created.text()}`);
      acknowledged.set(((await created.json()) as { _id: string })._id, title);
    }
  });
  return {
    acknowledged,
    stop: async () => {
      stopping = true;
      await Promise.all(loops);
    },
  };
}

/** Batches of PROBE_BATCH events appended in one call each (one transaction), straight to the running store. */
function batchProbe(product: StartedWithAdmin) {
  const streams: string[] = [];
  let stopping = false;
  const loop = (async () => {
    while (!stopping) {
      const streamId = `backupprobe-${randomUUID()}`;
      streams.push(streamId);
      const events = Array.from({ length: PROBE_BATCH }, (_, i) => ({
        id: randomUUID(),
        type: 'BackupProbeWritten',
        data: { i, padding: 'x'.repeat(2000) },
        metadata: {},
      }));
      await product.app.eventStore.appendToStream(streamId, events, { expectedRevision: 'no_stream' });
    }
  })();
  return {
    streams,
    stop: async () => {
      stopping = true;
      await loop;
    },
  };
}

function streamCounts(path: string): Map<string, number> {
  const db = new Database(path, { readonly: true });
  try {
    const rows = db
      .prepare<[], { stream_id: string; n: number }>('SELECT stream_id, COUNT(*) AS n FROM events GROUP BY stream_id')
      .all();
    return new Map(rows.map((row) => [row.stream_id, row.n]));
  } finally {
    db.close();
  }
}

describe('npm run backup / npm run restore', () => {
  const started: StartedWithAdmin[] = [];
  afterAll(async () => {
    for (const product of started) await product.app.close();
  });

  it('backs up under a write load, restores into an empty folder, and the product starts on it with every acknowledged write', async () => {
    const source = await startWithAdmin('backup-source', { env });
    started.push(source);
    const author = await source.newUser('backup-author');
    const load = writeLoad(source.baseUrl, author);
    const probe = batchProbe(source);
    while (load.acknowledged.size < 20) await new Promise((done) => setTimeout(done, 20));

    const acknowledgedBefore = new Map(load.acknowledged);
    const backups = resolve(scratch, `backups-${randomUUID()}`);
    const backup = await runCli('backup', [backups, '--keep', '2'], source.dataDir);
    const acknowledgedDuring = load.acknowledged.size - acknowledgedBefore.size;
    await Promise.all([load.stop(), probe.stop()]);
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/event-store\s+100 %/);
    // the load really ran while the backup was being taken
    expect(acknowledgedDuring).toBeGreaterThan(0);

    const [folder] = readdirSync(backups);
    if (!folder) throw new Error('no backup folder');
    const backupDir = join(backups, folder);
    const manifest: Manifest = manifestSchema.parse(JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8')));
    const copied = join(backupDir, 'events.sqlite');

    // Every write acknowledged before the backup started is in the copy.
    const counts = streamCounts(copied);
    for (const id of acknowledgedBefore.keys()) expect(counts.get(`guidebook-${id}`), id).toBeGreaterThan(0);
    // The log is intact: contiguous positions from 1, and the same events as the live log up to the copy's last position.
    expect(manifest.eventLog.firstPosition).toBe(1);
    expect(manifest.eventLog.gaps).toBe(0);
    expect(manifest.eventLog.lastPosition).toBe(manifest.eventLog.events);
    const live = eventLogDigest(source.app.config.paths.eventStore, manifest.eventLog.lastPosition ?? 0);
    expect(live).toEqual(manifest.eventLog);
    // Never torn: a batch appended in one call is in the copy whole or not at all, including those in flight.
    const probes = probe.streams.map((stream) => counts.get(stream) ?? 0);
    expect(probes.filter((n) => n !== 0 && n !== PROBE_BATCH)).toEqual([]);
    expect(probes.filter((n) => n === PROBE_BATCH).length).toBeGreaterThan(0);
    // Read models are not in it; the credentials, the secrets and the workers' checkpoints are.
    expect(manifest.files.map((file) => file.path)).not.toContain('read-models.sqlite');
    expect(manifest.files.map((file) => file.path)).toEqual(
      expect.arrayContaining(['credentials.sqlite', 'events.sqlite', 'secrets.json']),
    );
    expect(manifest.credentials?.rows).toBeGreaterThanOrEqual(2);
    expect(Object.keys(manifest.workerCheckpoints).length).toBeGreaterThan(0);

    await source.app.close();
    started.splice(started.indexOf(source), 1);

    // Restore into an empty folder.
    const restored = resolve(scratch, `restored-${randomUUID()}`);
    const restore = await runCli('restore', [backupDir], restored);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`Restored ${manifest.eventLog.events.toLocaleString('en-US')} events`);
    expect(eventLogDigest(join(restored, 'events.sqlite'))).toEqual(manifest.eventLog);

    // The product starts on it: the author's session from before the backup still holds (secrets restored), the
    // password still signs in (credentials restored), and every acknowledged guidebook reads back from the rebuilt read models.
    const product = await startWithAdmin('backup-restored', { env, dataDir: restored });
    started.push(product);
    const again = await signIn(product.baseUrl, author.user.email, TEST_PASSWORD);
    expect(again.user.id).toBe(author.user.id);
    for (const [id, title] of acknowledgedBefore) {
      const read = await fetch(`${product.baseUrl}/api/guidebooks/${id}`, { headers: bearer(author.token) });
      expect(read.status, id).toBe(200);
      expect(((await read.json()) as { title: string }).title).toBe(title);
    }
    const db = new Database(join(restored, 'read-models.sqlite'), { readonly: true });
    try {
      for (const [name, position] of Object.entries(manifest.workerCheckpoints)) {
        const row = db
          .prepare<[string], { position: number }>('SELECT position FROM checkpoints WHERE name = ?')
          .get(name);
        expect(row?.position, name).toBeGreaterThanOrEqual(position);
      }
    } finally {
      db.close();
    }
  }, 180_000);

  it('refuses a non-empty data folder and a damaged backup with one line, and writes nothing', async () => {
    const source = await startWithAdmin('backup-refusals', { env });
    started.push(source);
    await source.newUser('backup-refusals');
    const backups = resolve(scratch, `backups-${randomUUID()}`);
    const first = await runCli('backup', [backups], source.dataDir);
    expect(first.code, first.stderr).toBe(0);
    const second = await runCli('backup', [backups, '--keep', '1'], source.dataDir);
    expect(second.code, second.stderr).toBe(0);
    // --keep 1: the older backup is gone
    const kept = readdirSync(backups);
    expect(kept).toHaveLength(1);
    const backupDir = join(backups, kept[0] ?? '');

    // a data folder that holds anything
    const busy = resolve(scratch, `busy-${randomUUID()}`);
    mkdirSync(busy, { recursive: true });
    writeFileSync(join(busy, 'notes.txt'), 'keep me');
    const notEmpty = await runCli('restore', [backupDir], busy);
    expect(notEmpty.code).toBe(1);
    expect(notEmpty.stderr.trim().split('\n')).toHaveLength(1);
    expect(notEmpty.stderr).toContain('is not empty');
    expect(readdirSync(busy)).toEqual(['notes.txt']);

    // one byte changed in the copied log
    const damaged = resolve(scratch, `damaged-${randomUUID()}`);
    cpSync(backupDir, damaged, { recursive: true });
    const log = join(damaged, 'events.sqlite');
    const bytes = readFileSync(log);
    const at = bytes.length - 100;
    bytes[at] = (bytes[at] ?? 0) ^ 0xff;
    writeFileSync(log, bytes);
    const target = resolve(scratch, `restore-damaged-${randomUUID()}`);
    const refused = await runCli('restore', [damaged], target);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim().split('\n')).toHaveLength(1);
    expect(refused.stderr).toContain('Damaged backup: events.sqlite does not match its checksum');
    expect(existsSync(target) ? readdirSync(target) : []).toEqual([]);

    // a manifest whose checksums were edited to match a changed file still fails the log's own digest
    const manifestPath = join(damaged, 'manifest.json');
    const manifest = manifestSchema.parse(JSON.parse(readFileSync(manifestPath, 'utf8')));
    const forged = { ...manifest, eventLog: { ...manifest.eventLog, sha256: '0'.repeat(64) } };
    cpSync(join(backupDir, 'events.sqlite'), log);
    writeFileSync(manifestPath, JSON.stringify(forged));
    const forgedRun = await runCli('restore', [damaged], target);
    expect(forgedRun.code).toBe(1);
    expect(forgedRun.stderr).toContain('Damaged backup: the event log holds');

    // a folder of backups rather than one
    const parent = await runCli('restore', [backups], target);
    expect(parent.code).toBe(1);
    expect(parent.stderr).toContain('holds backups, not one backup');
  }, 120_000);
});
