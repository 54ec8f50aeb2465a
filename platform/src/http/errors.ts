import type { ErrorCode, FieldError } from '@pocketguide/contracts';

/**
 * Typed application errors. Deciders, routes and adapters throw these; one middleware turns them into problem
 * details (`problem-details.ts`). Anything else is an unexpected 500.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly extra: {
      detail?: string;
      errors?: FieldError[];
      currentRevision?: number;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string, errors: FieldError[] = [], detail?: string) {
    super(400, 'validation_failed', message, { errors, ...(detail ? { detail } : {}) });
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Authentication required') {
    super(401, 'unauthorized', message);
  }
}

/** The caller may not do this in the current state (wrong role, not the owner, rule of the domain). */
export class ForbiddenError extends AppError {
  constructor(message = 'You are not allowed to do this') {
    super(403, 'forbidden', message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not Found') {
    super(404, 'not_found', message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, detail?: string) {
    super(409, 'conflict', message, detail ? { detail } : {});
  }
}

/** A stale `If-Match` revision or a lost race that the command may not retry. */
export class RevisionMismatchError extends AppError {
  constructor(
    currentRevision: number,
    message = 'The guidebook was changed elsewhere; reload to get the latest version',
  ) {
    super(412, 'revision_mismatch', message, { currentRevision, headers: { ETag: `"${currentRevision}"` } });
  }
}

export class TooManyRequestsError extends AppError {
  constructor(message: string, retryAfterSeconds: number) {
    super(429, 'too_many_requests', message, { headers: { 'Retry-After': String(Math.ceil(retryAfterSeconds)) } });
  }
}
