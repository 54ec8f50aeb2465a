import type { EventFilter, RecordedEvent } from '../event-store/event-store.ts';

/**
 * A worker reacts to events and changes state only by sending commands. Delivery is at least once: a handler
 * must tolerate seeing an event twice (commands sent with ids derived from the event id make that free).
 */
export interface Worker {
  name: string;
  filter?: EventFilter;
  handle(event: RecordedEvent): Promise<void>;
}

export type WorkerLag = {
  name: string;
  /** position of the last event the worker finished (null before the first) */
  checkpoint: number | null;
  /** head position minus checkpoint, in global-log position units (0 when caught up) */
  lag: number;
  /** the worker's last failure, if its handler is currently failing */
  lastError?: string;
  /**
   * false when the worker cannot run here (the thumbnail worker without a Chromium): it is then not started, its
   * checkpoint stays, and what it would do waits. Reported, not failing: everything else keeps working.
   */
  available?: boolean;
  unavailableReason?: string;
};

/**
 * The workers' bus. Embedded: one checkpointed event-store subscription per worker, in process.
 * Kafka: a relay forwards the log to topics keyed by stream id; workers consume through consumer groups.
 */
export interface WorkerBus {
  start(workers: readonly Worker[]): Promise<void>;
  stop(): Promise<void>;
  status(): Promise<WorkerLag[]>;
}
