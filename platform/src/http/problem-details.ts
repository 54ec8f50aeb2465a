import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { ProblemDetails } from '@pocketguide/contracts';
import { AppError } from './errors.ts';
import { AppendTooLargeError } from '../event-store/event-store.ts';
import type { Logger } from '../logger.ts';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  428: 'Precondition Required',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};

export function problem(
  status: number,
  code: string,
  message: string,
  extra: Partial<ProblemDetails> = {},
): ProblemDetails {
  return {
    type: `https://pocketguide.app/problems/${code}`,
    title: TITLES[status] ?? 'Error',
    status,
    code,
    message,
    ...extra,
  };
}

/** body-parser's own errors carry a `type` and a `status`; they are the client's fault, never a 500. */
function bodyParserProblem(error: unknown): ProblemDetails | null {
  if (typeof error !== 'object' || error === null || !('type' in error)) return null;
  switch ((error as { type: unknown }).type) {
    case 'entity.parse.failed':
      return problem(400, 'malformed_json', 'The request body is not valid JSON');
    case 'entity.too.large': {
      const limit = (error as { limit?: number }).limit;
      return problem(
        413,
        'payload_too_large',
        `The request body is too large${limit ? ` (at most ${limit} bytes)` : ''}`,
      );
    }
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return problem(415, 'unsupported_media_type', 'Unsupported body encoding');
    case 'request.aborted':
      return problem(400, 'validation_failed', 'The request was aborted');
    default:
      return null;
  }
}

/**
 * Express's and serve-static's own client errors: a path parameter that is not valid percent-encoding (`%ff`, a lone
 * surrogate) is a URIError with status 400, a missing static file an error with status 404. They carry a 4xx
 * `status`; anything without one stays a 500.
 */
function clientErrorProblem(error: unknown): ProblemDetails | null {
  if (typeof error !== 'object' || error === null) return null;
  const status =
    (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  if (typeof status !== 'number' || status < 400 || status > 499) return null;
  if (status === 404) return problem(404, 'not_found', 'Not Found');
  if (error instanceof URIError)
    return problem(400, 'validation_failed', 'The address is not valid (bad percent-encoding)');
  return problem(
    status === 413 ? 413 : status === 415 ? 415 : 400,
    status === 413 ? 'payload_too_large' : status === 415 ? 'unsupported_media_type' : 'validation_failed',
    'The request is not valid',
  );
}

/** An application error's problem details (its headers are the caller's to send). */
export function problemOf(error: AppError): ProblemDetails {
  const { detail, errors, currentRevision } = error.extra;
  return problem(error.status, error.code, error.message, {
    ...(detail !== undefined ? { detail } : {}),
    ...(errors !== undefined ? { errors } : {}),
    ...(currentRevision !== undefined ? { currentRevision } : {}),
  });
}

export function problemDetailsHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) return next(error);
    let body: ProblemDetails;
    if (error instanceof AppError) {
      for (const [name, value] of Object.entries(error.extra.headers ?? {})) res.setHeader(name, value);
      body = problemOf(error);
    } else if (error instanceof AppendTooLargeError) {
      body = problem(413, 'payload_too_large', `The change is too large to store (at most ${error.maxBytes} bytes)`);
    } else {
      body =
        bodyParserProblem(error) ?? clientErrorProblem(error) ?? problem(500, 'internal_error', 'Something went wrong');
      if (body.status >= 500) logger.error('unhandled error', { method: req.method, url: req.originalUrl, error });
    }
    res.status(body.status).type('application/problem+json').json(body);
  };
}

/** Unknown /api routes answer problem details, not the SPA's HTML. */
export const apiNotFound: RequestHandler = (req, res) => {
  res
    .status(404)
    .type('application/problem+json')
    .json(problem(404, 'not_found', `No such API route: ${req.method} ${req.originalUrl.split('?')[0]}`));
};
