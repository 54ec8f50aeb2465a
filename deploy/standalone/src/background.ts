import { startStandalone } from './app.ts';
import { lowerOwnPriority } from './background-priority.ts';

/**
 * The projections and workers of `npm start`, in a child process of main.ts (ROLES set by it), on the same DATA_DIR.
 * No HTTP but the readers' beacons' own port when BEACON_PORT is set (the `beacons` role). The HTTP process appends; this one learns of its commits by looking at the event store every
 * BACKGROUND_EVENT_POLL_MS. It stops on SIGTERM/SIGINT, and when its parent is gone (the IPC channel closes).
 * It runs at a lower OS priority than the serving process (`background-priority.ts`), from its first instruction:
 * its catch-up at start and its projection bursts take the CPU only when serving leaves it.
 */
export const BACKGROUND_EVENT_POLL_MS = 20;

lowerOwnPriority();

const running = await startStandalone({ serveHttp: false, eventPollMs: BACKGROUND_EVENT_POLL_MS });
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  running.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('disconnect', stop);
process.send?.({ type: 'ready', ...(running.beaconUrl ? { beaconUrl: running.beaconUrl } : {}) });
