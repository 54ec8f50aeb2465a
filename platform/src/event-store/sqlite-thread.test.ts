import { describe, expect, it, vi } from 'vitest';
import { startSqliteThread } from './sqlite-thread.ts';

/**
 * The plumbing the commit and checkpoint threads share, on a thread whose source is a few lines: replies matched to
 * their requests, a thread that dies failing what waits and telling once, and an orderly close.
 */
const ECHO = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
parentPort.on('message', (message) => {
  if (message.close) {
    parentPort.postMessage({ closed: true });
    return;
  }
  if (message.die) process.exit(3);
  if (message.hold) return;
  // answers out of order when asked to, so replies must be matched by id
  const reply = () => parentPort.postMessage({ id: message.id, echoed: message.value, driver: typeof workerData.driver, tag: workerData.tag });
  if (message.later) setTimeout(reply, 20);
  else reply();
});
`;

type Request = { value?: number; later?: boolean; die?: boolean; hold?: boolean };
type Reply = { id?: number; echoed?: number; driver?: string; tag?: string };

describe('a SQLite worker thread asked by numbered requests (sqlite-thread.ts)', () => {
  it('answers each request with its own reply, in whatever order they come back, with the driver and the data given', async () => {
    const thread = startSqliteThread<Request, Reply>(ECHO, { tag: 'given' }, { name: 'test' });
    try {
      const [slow, fast] = await Promise.all([thread.ask({ value: 1, later: true }), thread.ask({ value: 2 })]);
      expect(slow).toMatchObject({ echoed: 1, driver: 'string', tag: 'given' });
      expect(fast).toMatchObject({ echoed: 2 });
      expect(thread.alive).toBe(true);
    } finally {
      await thread.close();
    }
    expect(thread.alive).toBe(false);
  });

  it('a thread that stops on its own fails what waits, says so once, and refuses what comes after', async () => {
    const onFailure = vi.fn();
    const thread = startSqliteThread<Request, Reply>(ECHO, {}, { name: 'test', onFailure });
    const waiting = thread.ask({ hold: true });
    const dying = thread.ask({ die: true });
    await expect(waiting).rejects.toThrow("the event store's test thread stopped (exit 3)");
    await expect(dying).rejects.toThrow('exit 3');
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(thread.alive).toBe(false);
    await expect(thread.ask({ value: 1 })).rejects.toThrow("the event store's test thread is not running");
    await thread.close();
    expect(onFailure).toHaveBeenCalledTimes(1);
  });

  it('a close is not a failure, and closing twice is one close', async () => {
    const onFailure = vi.fn();
    const thread = startSqliteThread<Request, Reply>(ECHO, {}, { name: 'test', onFailure });
    await thread.ask({ value: 1 });
    await Promise.all([thread.close(), thread.close()]);
    expect(onFailure).not.toHaveBeenCalled();
    await expect(thread.ask({ value: 2 })).rejects.toThrow('is not running');
  });
});
