/**
 * A worker thread running plain-JavaScript SQLite code handed to it as source, asked by numbered requests: what the
 * event store's commit thread and checkpoint thread share. The source gets `workerData.driver` (better-sqlite3, as
 * this module resolves it, so it runs the same under tsx, in tests and in production) beside the caller's own data;
 * it answers each `{ id, ...request }` with a message carrying that `id`, and `{ close: true }` by closing its
 * connection and posting `{ closed: true }`.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export type SqliteThread<Request, Reply> = {
  /** posts the request with a new id and resolves with the thread's reply to it; rejects once the thread has failed */
  ask(request: Request): Promise<Reply>;
  /** false once the thread has failed or closed */
  readonly alive: boolean;
  /** asks the thread to close its connection, then ends it */
  close(): Promise<void>;
};

export function startSqliteThread<Request extends object, Reply extends { id?: number }>(
  source: string,
  workerData: Record<string, unknown>,
  options: {
    /** what the thread is for ("commit", "checkpoint"), in the errors it gives */
    name: string;
    /** true: the thread does not keep alive a process that has nothing else to do */
    unref?: boolean;
    /** called once if the thread stops on its own (an error, an exit), not on `close()` */
    onFailure?: (error: unknown) => void;
  },
): SqliteThread<Request, Reply> {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(source, { eval: true, workerData: { ...workerData, driver } });
  if (options.unref) worker.unref();
  const waiting = new Map<number, { resolve(reply: Reply): void; reject(error: unknown): void }>();
  let nextId = 0;
  let alive = true;
  let closing: Promise<void> | undefined;
  const fail = (error: unknown) => {
    if (!alive) return;
    alive = false;
    for (const pending of waiting.values()) pending.reject(error);
    waiting.clear();
    if (!closing) options.onFailure?.(error);
  };
  worker.on('message', (reply: Reply) => {
    if (reply.id === undefined) return;
    const pending = waiting.get(reply.id);
    if (!pending) return;
    waiting.delete(reply.id);
    pending.resolve(reply);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the event store's ${options.name} thread stopped (exit ${code})`)));
  return {
    get alive() {
      return alive;
    },
    ask(request) {
      if (!alive) return Promise.reject(new Error(`the event store's ${options.name} thread is not running`));
      return new Promise((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, { resolve, reject });
        worker.postMessage({ ...request, id });
      });
    },
    close() {
      closing ??= (async () => {
        if (alive) {
          const closed = new Promise<void>((resolve) => {
            worker.on('message', (message: { closed?: boolean }) => {
              if (message.closed) resolve();
            });
            worker.once('exit', () => resolve());
          });
          worker.postMessage({ close: true });
          await closed;
        }
        alive = false;
        await worker.terminate();
      })();
      return closing;
    },
  };
}
