import type { Worker } from '@pocketguide/platform/bus/worker-bus';
import { createMailWorker, type MailWorkerDeps } from './mail/mail-worker.ts';
import { createThumbnailWorker, type ThumbnailWorkerDeps } from './thumbnails/thumbnail-worker.ts';

/** What the workers need, built by the composition root: ports, and the commands they may send. */
export type WorkerDeps = {
  mail: MailWorkerDeps;
  /** absent when no renderer is available here (no Chromium): the worker is then not run, and /api/health says so */
  thumbnails?: ThumbnailWorkerDeps;
};

/** Every worker the product runs; each reacts to events and changes state only by sending commands. */
export function allWorkers(deps: WorkerDeps): Worker[] {
  return [createMailWorker(deps.mail), ...(deps.thumbnails ? [createThumbnailWorker(deps.thumbnails)] : [])];
}
