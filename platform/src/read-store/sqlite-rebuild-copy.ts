/**
 * A rebuild of the embedded read store writes into scratch files of its own (`createSqliteReadStore({ scratch })`:
 * new files, no journal, no syncs, one connection each), builds the indexes there, and only then copies the
 * rebuilt collections of every scratch file into the live file, in one transaction. Until that commit the live
 * file is as it was, so a rebuild that fails or is stopped halfway, or whose copy fails, leaves every read model as
 * it stood (they used to be left dropped), and the live file never runs without its journal.
 *
 * The copy is `INSERT INTO t SELECT * FROM scratch.t` into a table made afresh with the scratch table's own SQL and
 * indexes, which SQLite runs as a transfer: rows and index entries are copied as they are, in order, and no index
 * expression is evaluated again (the audit timeline's six `json_extract` indexes cost a third of what building them
 * does). See "The Transfer Optimization" in SQLite's insert.c.
 */
import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { preparePrivateSqliteFile, restrictSqliteCompanions } from '../fs/private-file.ts';
import { assertCollectionName } from './read-store-input.ts';

const CHECKPOINTS_TABLE = 'checkpoints';
/** how long the copy waits for another connection's write (the copy runs while nothing else should write) */
const BUSY_TIMEOUT_MS = 60_000;

export type RebuiltCollectionsCopy = {
  /** the live read store (WAL) */
  livePath: string;
  /** what each scratch file of the rebuild holds: all are copied in the one transaction, or none */
  parts: readonly RebuiltPart[];
};

export type RebuiltPart = {
  /** the scratch file the rebuild wrote, closed by the rebuild before the copy */
  scratchPath: string;
  /** the collections to replace; one missing from the scratch file (nothing was ever written to it) is dropped */
  collections: readonly string[];
  /** the projectors whose checkpoints are taken from the scratch file (missing there: removed from the live file) */
  checkpoints: readonly string[];
};

/** SQLite's default limit of attached databases (SQLITE_MAX_ATTACHED) */
const MAX_PARTS = 10;

const quote = (identifier: string) => `"${identifier.replaceAll('"', '""')}"`;

/**
 * Replaces the collections and checkpoints in the live file by the scratch files', all in one transaction: a
 * rebuild in several threads changes the live file whole or not at all. Returns the rows copied.
 */
export function copyRebuiltCollections(copy: RebuiltCollectionsCopy): number {
  if (copy.parts.length > MAX_PARTS)
    throw new Error(`Read store: at most ${MAX_PARTS} rebuilt files are copied at once (got ${copy.parts.length})`);
  for (const part of copy.parts) {
    for (const name of part.collections)
      assertCollectionName(name, (n) => n === CHECKPOINTS_TABLE || /^sqlite_/i.test(n));
    // ATTACH would make an empty database of a missing file, and the copy would then empty the live collections.
    if (!existsSync(part.scratchPath)) throw new Error(`Read store: no rebuilt file at ${part.scratchPath}`);
  }
  preparePrivateSqliteFile(copy.livePath);
  const db = new Database(copy.livePath, { timeout: BUSY_TIMEOUT_MS });
  try {
    db.pragma('journal_mode = WAL');
    restrictSqliteCompanions(copy.livePath);
    db.pragma('synchronous = NORMAL');
    db.exec(`CREATE TABLE IF NOT EXISTS ${CHECKPOINTS_TABLE} (name TEXT PRIMARY KEY, position INTEGER NOT NULL)`);
    const attached: string[] = [];
    let rows = 0;
    try {
      for (const [index, part] of copy.parts.entries()) {
        const schema = `scratch${index + 1}`;
        db.prepare(`ATTACH DATABASE ? AS ${schema}`).run(part.scratchPath);
        attached.push(schema);
      }
      db.transaction(() => {
        for (const [index, part] of copy.parts.entries()) rows += copyPart(db, attached[index]!, part);
      }).immediate();
    } finally {
      for (const schema of attached) db.exec(`DETACH DATABASE ${schema}`);
    }
    // The copy went through the write-ahead log: into the file now, so the log does not stay the size of the store.
    db.pragma('wal_checkpoint(TRUNCATE)');
    return rows;
  } finally {
    db.close();
  }
}

/** One scratch file's collections and checkpoints into main, inside the caller's transaction. */
function copyPart(db: Database.Database, schema: string, part: RebuiltPart): number {
  const schemaOf = db.prepare<[string], { type: string; name: string; sql: string }>(
    `SELECT type, name, sql FROM ${schema}.sqlite_master WHERE tbl_name = ? AND sql IS NOT NULL ORDER BY type = 'table' DESC, name`,
  );
  const hasCheckpoints =
    db
      .prepare(`SELECT count(*) FROM ${schema}.sqlite_master WHERE type = 'table' AND name = ?`)
      .pluck()
      .get(CHECKPOINTS_TABLE) === 1;
  let rows = 0;
  for (const collection of part.collections) {
    const objects = schemaOf.all(collection);
    db.exec(`DROP TABLE IF EXISTS main.${quote(collection)}`);
    if (objects[0]?.type !== 'table') continue;
    // Unqualified CREATE statements make their objects in main: the table, then its indexes, all empty.
    for (const object of objects) db.exec(object.sql);
    rows += db
      .prepare(`INSERT INTO main.${quote(collection)} SELECT * FROM ${schema}.${quote(collection)}`)
      .run().changes;
  }
  const names = JSON.stringify(part.checkpoints);
  db.prepare(`DELETE FROM main.${CHECKPOINTS_TABLE} WHERE name IN (SELECT value FROM json_each(?))`).run(names);
  if (hasCheckpoints) {
    db.prepare(
      `INSERT INTO main.${CHECKPOINTS_TABLE} (name, position)
       SELECT name, position FROM ${schema}.${CHECKPOINTS_TABLE} WHERE name IN (SELECT value FROM json_each(?))`,
    ).run(names);
  }
  return rows;
}
