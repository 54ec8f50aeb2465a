import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import Database from 'better-sqlite3';
import { z } from 'zod';

/**
 * What a backup folder holds and how to check it: `manifest.json` lists every file with its size and SHA-256, and
 * the event log's own digest (every row, in position order), so a restore can tell a damaged copy from a good one
 * before it writes anything.
 */

export const MANIFEST_FILE = 'manifest.json';
export const MANIFEST_FORMAT = 'pocketguide-backup';

/** A backup that cannot be used, or a restore that must not run: the message is the one line the command prints. */
export class BackupError extends Error {
  override readonly name = 'BackupError';
}

const position = z.number().int().nonnegative();

export const logDigestSchema = z.object({
  events: z.number().int().nonnegative(),
  streams: z.number().int().nonnegative(),
  firstPosition: position.nullable(),
  lastPosition: position.nullable(),
  /** positions missing between the first and the last (0 for a log written by one SQLite writer) */
  gaps: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type LogDigest = z.infer<typeof logDigestSchema>;

export const backupFileSchema = z.object({
  /** relative to the backup folder, `/`-separated; the same path under DATA_DIR on restore */
  path: z.string().min(1),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type BackupFile = z.infer<typeof backupFileSchema>;

export const manifestSchema = z.object({
  format: z.literal(MANIFEST_FORMAT),
  version: z.literal(1),
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime(),
  source: z.object({ dataDir: z.string() }),
  eventLog: logDigestSchema,
  credentials: z.object({ rows: z.number().int().nonnegative() }).nullable(),
  /** false: JWT_SECRET and TOKEN_SECRET come from the environment, so secrets.json is not the place they live */
  secretsFile: z.boolean(),
  blobs: z.discriminatedUnion('location', [
    z.object({
      location: z.literal('folder'),
      files: z.number().int().nonnegative(),
      bytes: z.number().int().nonnegative(),
    }),
    z.object({ location: z.literal('bucket'), bucket: z.string() }),
  ]),
  /** the workers' checkpoints when the backup began, so a restore does not send every mail of the log again */
  workerCheckpoints: z.record(z.string(), position),
  files: z.array(backupFileSchema),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** SHA-256 and size of a file, streamed. */
export async function fileDigest(path: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(path)) {
    const buffer = chunk as Buffer;
    bytes += buffer.length;
    hash.update(buffer);
  }
  return { bytes, sha256: hash.digest('hex') };
}

type LogRow = [number, string, string, number, string, string, string, string];

/**
 * The digest of an embedded event log: every row up to `upTo` (all when unset), in position order, each hashed as
 * one JSON line of its stored columns. Two logs with the same digest hold the same events at the same positions.
 */
export function eventLogDigest(eventStorePath: string, upTo?: number): LogDigest {
  const db = new Database(eventStorePath, { readonly: true, fileMustExist: true });
  try {
    const hash = createHash('sha256');
    let events = 0;
    let first: number | null = null;
    let last: number | null = null;
    let gaps = 0;
    const rows = db
      .prepare<[number], LogRow>(
        `SELECT position, id, stream_id, revision, type, data, metadata, recorded_at FROM events WHERE position <= ? ORDER BY position`,
      )
      .raw()
      .iterate(upTo ?? Number.MAX_SAFE_INTEGER);
    for (const row of rows) {
      const at = row[0];
      if (last !== null && at !== last + 1) gaps += at - last - 1;
      first ??= at;
      last = at;
      events += 1;
      hash.update(`${JSON.stringify(row)}\n`);
    }
    const { streams } = db
      .prepare<[number], { streams: number }>(
        'SELECT COUNT(DISTINCT stream_id) AS streams FROM events WHERE position <= ?',
      )
      .get(upTo ?? Number.MAX_SAFE_INTEGER) ?? { streams: 0 };
    return { events, streams, firstPosition: first, lastPosition: last, gaps, sha256: hash.digest('hex') };
  } finally {
    db.close();
  }
}

/** `PRAGMA integrity_check` on a database file: undefined when sound, else SQLite's first complaint. */
export function integrityProblem(path: string): string | undefined {
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    const result = db.pragma('integrity_check', { simple: true });
    return result === 'ok' ? undefined : String(result);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    db?.close();
  }
}
