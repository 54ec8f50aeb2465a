import { fork, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { startStandalone, type RunningStandalone } from './app.ts';

/**
 * `npm start`: the whole product on one machine. With more than one core (and ROLES not set), as two processes
 * sharing DATA_DIR: this one serves HTTP (command-api, query-api: the event store's only writer besides the
 * workers' commands), a child runs the projections and workers (the read store's writer), so the serving loop
 * never does projection work and both cores are busy. `SINGLE_PROCESS=1` keeps every role in this process.
 * Failures at start print one clear line and exit 1. SIGTERM or SIGINT stop the child too.
 */
const HTTP_ROLES = 'command-api,query-api';
// `beacons` serves BEACON_PORT when it is set (issue 24): the readers' beacons off the loop that serves pages
const BACKGROUND_ROLES = 'projections,workers,relay,beacons';
/** a child that dies this often in a minute is not restarted again: the server stops with an error */
const RESTARTS_PER_MINUTE = 5;

const split =
  (process.env.ROLES === undefined || process.env.ROLES.trim() === 'all') &&
  process.env.SINGLE_PROCESS !== '1' &&
  availableParallelism() > 1;

let running: RunningStandalone | undefined;
let background: ChildProcess | undefined;
let stopping = false;
const restarts: number[] = [];

function startBackground(serverUrl: string): Promise<void> {
  const port = new URL(serverUrl).port || '80';
  const child = fork(resolve(import.meta.dirname, 'background.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      ROLES: BACKGROUND_ROLES,
      // the thumbnail worker draws the pages this process serves, over the loopback
      THUMBNAIL_RENDER_BASE_URL: process.env.THUMBNAIL_RENDER_BASE_URL || `http://127.0.0.1:${port}`,
    },
    stdio: 'inherit',
  });
  background = child;
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`projections and workers (process ${child.pid}) stopped: ${signal ?? `exit ${code}`}`);
    const now = Date.now();
    restarts.push(now);
    while (restarts.length > 0 && restarts[0]! < now - 60_000) restarts.shift();
    if (restarts.length > RESTARTS_PER_MINUTE) {
      stop('the projections process keeps failing', 1);
      return;
    }
    setTimeout(() => {
      if (!stopping) startBackground(serverUrl).catch((error: unknown) => console.error(error));
    }, 1000).unref();
  });
  return new Promise((resolveReady, reject) => {
    const onExit = (code: number | null) =>
      reject(new Error(`the projections process exited with ${code} before it was ready`));
    child.once('exit', onExit);
    child.on('message', (message: unknown) => {
      if ((message as { type?: unknown }).type !== 'ready') return;
      child.off('exit', onExit);
      resolveReady();
    });
  });
}

async function stopBackground(): Promise<void> {
  const child = background;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

function stop(reason: string, code = 0): void {
  if (stopping) return;
  stopping = true;
  console.log(`${reason}: stopping`);
  (async () => {
    // HTTP first (no new commands), then the child finishes its batch and stops
    await running?.close();
    await stopBackground();
  })().then(
    () => process.exit(code),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

try {
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  // On a fixed port the child starts as soon as the stores are migrated, beside this process's start (each takes
  // seconds on a busy machine); on PORT=0 it waits for the port, which its thumbnail worker needs.
  const fixedPort = Number(process.env.PORT || 3000);
  let backgroundReady: Promise<void> | undefined;
  const early = () => {
    backgroundReady = startBackground(`http://localhost:${fixedPort}`);
    backgroundReady.catch(() => undefined); // awaited below
  };
  running = await startStandalone(
    split ? { env: { ROLES: HTTP_ROLES }, ...(fixedPort > 0 ? { onStoresReady: early } : {}) } : {},
  );
  if (split) {
    await (backgroundReady ?? startBackground(running.url));
    console.log(
      `projections and workers run in process ${background?.pid ?? '?'} (SINGLE_PROCESS=1 keeps them in this one)`,
    );
  }
  console.log(`PocketGuide is running at ${running.url}`);
} catch (error) {
  console.error(`\nPocketGuide could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  stopping = true;
  await stopBackground().catch(() => undefined);
  await running?.close().catch(() => undefined);
  process.exit(1);
}
