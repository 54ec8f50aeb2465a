import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { ValidationError } from '@pocketguide/platform/http/errors';
import type { CommandMetadata } from './command-handler.ts';
import { deriveId, type IdSource } from './ids.ts';

const HEADER_ID = /^[A-Za-z0-9._:-]{8,200}$/;

function headerId(req: Request, name: string): string | undefined {
  const value = req.get(name);
  if (value === undefined) return undefined;
  if (!HEADER_ID.test(value))
    throw new ValidationError(`${name} must be 8–200 letters, digits or . _ : -`, [
      { path: name, message: 'Invalid id' },
    ]);
  return value;
}

/**
 * The scope an Idempotency-Key is unique in: the signed-in caller's id; for anonymous callers, who cannot be told
 * apart, the request itself (method, path and body), so only a true retry of the same request repeats a command.
 */
function keyScope(req: Request, user: { id: string } | undefined): string {
  if (user) return `user:${user.id}`;
  let text: string;
  try {
    text = JSON.stringify(req.body ?? null);
  } catch {
    // a body nested deeper than the stack goes (JSON.parse took it, JSON.stringify cannot): the client's fault
    throw new ValidationError('The request body is nested too deeply', [{ path: '', message: 'Nested too deeply' }]);
  }
  const body = createHash('sha256').update(text).digest('base64url');
  return `anonymous:${req.method} ${req.originalUrl.split('?')[0] ?? ''}:${body}`;
}

/**
 * Metadata for a command sent over HTTP. A client that may retry sends `Idempotency-Key`: the same key from the
 * same caller makes the same command id, so the retry appends nothing. The key is scoped to the caller (see
 * `keyScope`): another user sending the same key gets a command of their own, never the answer stored for
 * someone else. Correlation and causation ids come from headers when a caller chains requests, and otherwise start
 * at the command id.
 */
export function commandMetadata(req: Request, ids: IdSource, user?: { id: string; role: string }): CommandMetadata {
  const key = headerId(req, 'Idempotency-Key');
  const commandId =
    key === undefined ? ids.newId() : deriveId(`idempotency-key:${keyScope(req, user ?? req.user)}:${key}`);
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
  if (!match)
    throw new ValidationError('If-Match must be the revision you saw, e.g. "12"', [
      { path: 'If-Match', message: 'Not a revision' },
    ]);
  return Number(match[1]);
}
