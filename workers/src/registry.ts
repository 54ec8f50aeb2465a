import type { Worker } from '@pocketguide/platform/bus/worker-bus';
import { createMailWorker, createPaymentMailWorker, type MailWorkerDeps } from './mail/mail-worker.ts';
import { createThumbnailWorker, type ThumbnailWorkerDeps } from './thumbnails/thumbnail-worker.ts';
import { createBillingWorker, type BillingWorkerDeps } from './billing/billing-worker.ts';

/** What the workers need, built by the composition root: ports, and the commands they may send. */
export type WorkerDeps = {
  mail: MailWorkerDeps;
  /** absent when no renderer is available here (no Chromium): the worker is then not run, and /api/health says so */
  thumbnails?: ThumbnailWorkerDeps;
  /** recurring billing (renewals, lapses, notices, scheduled payments); absent where no payment provider is set up */
  billing?: BillingWorkerDeps;
};

/** A worker that also acts on a timer (billing): started after the bus, stopped before it. */
export type TimedWorker = Worker & { start(): void; stop(): Promise<void> };
export const isTimedWorker = (worker: Worker): worker is TimedWorker =>
  typeof (worker as Partial<TimedWorker>).start === 'function' && typeof (worker as Partial<TimedWorker>).stop === 'function';

/** Every worker the product runs; each reacts to events and changes state only by sending commands. */
export function allWorkers(deps: WorkerDeps): Worker[] {
  return [
    createMailWorker(deps.mail),
    createPaymentMailWorker(deps.mail),
    ...(deps.thumbnails ? [createThumbnailWorker(deps.thumbnails)] : []),
    ...(deps.billing ? [createBillingWorker(deps.billing)] : []),
  ];
}
