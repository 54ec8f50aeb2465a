import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import Database from 'better-sqlite3';
import express from 'express';

/** One page as the product sent it: the same bytes, encoding and type. */
export type CapturedPage = { body: Buffer; contentType: string; contentEncoding?: string };

export type BareCeiling = {
  url: string;
  /** rows the saves stored: the bench checks it against the saves acknowledged */
  storedSaves(): number;
  close(): Promise<void>;
};

/**
 * The ceiling the mixed load is compared with: a bare express server on this machine doing the same work as the
 * product, and nothing more. Readers get the product's page bytes for their path (as captured, same encoding);
 * a save parses its JSON body and stores it with one insert in a SQLite file in WAL mode with `synchronous=FULL`
 * (so one fsync per save, as the product's event store does) and answers the next revision; the administrators'
 * list answers the product's JSON.
 */
export async function startBareCeiling(options: {
  dir: string;
  pages: ReadonlyMap<string, CapturedPage>;
  listJson: string;
  listPath: string;
}): Promise<BareCeiling> {
  const db = new Database(resolve(options.dir, 'bare-ceiling.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec(
    'CREATE TABLE saves (position INTEGER PRIMARY KEY AUTOINCREMENT, stream TEXT NOT NULL, revision INTEGER NOT NULL, data TEXT NOT NULL, UNIQUE (stream, revision))',
  );
  const insert = db.prepare('INSERT INTO saves (stream, revision, data) VALUES (?, ?, ?)');
  const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM saves');
  const revisions = new Map<string, number>();

  const app = express();
  app.disable('x-powered-by');
  app.get('/m/:uuid', (req, res) => {
    const page = options.pages.get(req.path);
    if (!page) {
      res.status(404).end();
      return;
    }
    res.setHeader('content-type', page.contentType);
    if (page.contentEncoding) res.setHeader('content-encoding', page.contentEncoding);
    res.end(page.body);
  });
  app.patch('/api/guidebooks/:id', express.json({ limit: '1mb' }), (req, res) => {
    const id = req.params.id;
    const expected = Number(req.get('if-match'));
    const current = revisions.get(id) ?? expected;
    if (expected !== current) {
      res.status(412).json({ code: 'stale_revision' });
      return;
    }
    const revision = current + 1;
    const { lastInsertRowid } = insert.run(id, revision, JSON.stringify(req.body));
    revisions.set(id, revision);
    res.setHeader('ETag', `"${revision}"`);
    res.json({ _id: id, revision, position: Number(lastInsertRowid), patches: [], changed: true });
  });
  app.get(options.listPath.split('?')[0]!, (_req, res) => {
    res.type('application/json').send(options.listJson);
  });
  const server = app.listen(0);
  await once(server, 'listening');
  return {
    url: `http://localhost:${(server.address() as AddressInfo).port}`,
    storedSaves: () => count.get()!.n,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolveClose) => server.close(() => resolveClose()));
      db.close();
    },
  };
}
