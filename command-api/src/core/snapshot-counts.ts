import type { SnapshotHealth } from '@pocketguide/platform/http/health';

/**
 * What the command handlers of one process did with their snapshots, for /api/health: written, skipped as too
 * large for the event store, or failed. One per process, shared by its handlers (made by the composition root).
 */
export class SnapshotCounts {
  #written = 0;
  #tooLarge = 0;
  #failed = 0;
  #maxBytes: number | null = null;
  #lastTooLarge: SnapshotHealth['lastTooLarge'];

  written(): void {
    this.#written += 1;
  }

  tooLarge(streamId: string, bytes: number | undefined, maxBytes: number, at: Date = new Date()): void {
    this.#tooLarge += 1;
    this.#lastTooLarge = { streamId, bytes: bytes ?? null, maxBytes, at: at.toISOString() };
  }

  failed(): void {
    this.#failed += 1;
  }

  /** the limit the handlers check before writing (the event store's) */
  limit(maxBytes: number | undefined): void {
    this.#maxBytes = maxBytes ?? null;
  }

  health(): SnapshotHealth {
    return {
      written: this.#written,
      tooLarge: this.#tooLarge,
      failed: this.#failed,
      maxBytes: this.#maxBytes,
      ...(this.#lastTooLarge ? { lastTooLarge: this.#lastTooLarge } : {}),
    };
  }
}
