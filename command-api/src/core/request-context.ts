import type { Request } from 'express';
import { ValidationError } from '@pocketguide/platform/http/errors';
import type { CommandMetadata } from './command-handler.ts';
import type { IdSource } from './ids.ts';

const HEADER_ID = /^[A-Za-z0-9._:-]{8,200}$/;

function headerId(req: Request, name: string): string | undefined {
  const value = req.get(name);
  if (value === undefined) return undefined;
  if (!HEADER_ID.test(value)) throw new ValidationError(`${name} must be 8–200 letters, digits or . _ : -`, [{ path: name, message: 'Invalid id' }]);
  return value;
}

/**
 * Metadata for a command sent over HTTP. A client that may retry sends `Idempotency-Key`: the same key makes the
 * same command id, so the retry appends nothing. Correlation and causation ids come from headers when a caller
 * chains requests, and otherwise start at the command id.
 */
export function commandMetadata(req: Request, ids: IdSource, user?: { id: string; role: string }): CommandMetadata {
  const commandId = headerId(req, 'Idempotency-Key') ?? ids.newId();
  const correlationId = headerId(req, 'X-Correlation-Id') ?? commandId;
  const causationId = headerId(req, 'X-Causation-Id') ?? correlationId;
  return {
    commandId,
    correlationId,
    causationId,
    ...(user ? { userId: user.id, role: user.role } : { userId: 'anonymous' }),
  };
}

/**
 * The revision an `If-Match` header names: `"12"`, `W/"12"` or `12` (the ETag every write answers with).
 * Undefined when absent; `*` means any revision.
 */
export function ifMatchRevision(req: Request): number | undefined {
  const value = req.get('If-Match')?.trim();
  if (value === undefined || value === '' || value === '*') return undefined;
  const match = /^(?:W\/)?"?(\d{1,15})"?$/.exec(value);
  if (!match) throw new ValidationError('If-Match must be the revision you saw, e.g. "12"', [{ path: 'If-Match', message: 'Not a revision' }]);
  return Number(match[1]);
}
