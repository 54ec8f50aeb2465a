import type { Request, Response } from 'express';
import type { ReadStore } from '@pocketguide/platform/read-store/read-store';
import { ValidationError } from '@pocketguide/platform/http/errors';

export const CONSISTENCY_HEADER = 'X-Read-Consistency';

export type Consistency = 'caught-up' | 'stale';

/** The position a read asks for: `?after=<position>` or the `X-After-Position` header. */
export function requestedPosition(req: Request): number | undefined {
  const raw = (typeof req.query.after === 'string' ? req.query.after : undefined) ?? req.get('X-After-Position');
  if (raw === undefined || raw === '') return undefined;
  const position = Number(raw);
  if (!Number.isSafeInteger(position) || position < 0) {
    throw new ValidationError('after must be a non-negative integer position', [
      { path: 'after', message: 'Invalid position' },
    ]);
  }
  return position;
}

/**
 * Read-your-writes: a command answers with the position of its last event; a read passing that position waits
 * (bounded) until the projectors it reads from have checkpoints at or past it. Past the bound it answers with what
 * is there and says `X-Read-Consistency: stale`, so the client can poll instead of showing a missing write as gone.
 */
export function createReadYourWrites(options: { readStore: ReadStore; timeoutMs: number; pollMs?: number }) {
  const pollMs = options.pollMs ?? 10;

  async function reached(projectors: readonly string[], position: number): Promise<boolean> {
    for (const name of projectors) {
      const checkpoint = await options.readStore.getCheckpoint(name);
      if (checkpoint === null || checkpoint < position) return false;
    }
    return true;
  }

  return async function awaitProjections(
    req: Request,
    res: Response,
    projectors: readonly string[],
  ): Promise<Consistency> {
    const position = requestedPosition(req);
    if (position === undefined) return 'caught-up';
    const deadline = Date.now() + options.timeoutMs;
    let consistency: Consistency = 'stale';
    for (;;) {
      if (await reached(projectors, position)) {
        consistency = 'caught-up';
        break;
      }
      if (Date.now() >= deadline) break;
      await new Promise((resolve) => setTimeout(resolve, pollMs));
    }
    res.setHeader(CONSISTENCY_HEADER, consistency);
    return consistency;
  };
}

export type ReadYourWrites = ReturnType<typeof createReadYourWrites>;
