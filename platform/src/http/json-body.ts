import express, { type RequestHandler } from 'express';
import { AppError } from './errors.ts';

/**
 * JSON bodies for the API: parsed strictly (objects and arrays only) under a size limit. A body sent with another
 * content type is refused with 415 instead of being silently ignored; multipart uploads pass through to their own
 * parser.
 */
export function jsonBody(limitBytes: number): RequestHandler[] {
  const requireJson: RequestHandler = (req, _res, next) => {
    const hasBody = Number(req.get('content-length') ?? 0) > 0 || req.get('transfer-encoding') !== undefined;
    if (!hasBody || req.is(['application/json', 'application/*+json', 'multipart/form-data'])) return next();
    next(new AppError(415, 'unsupported_media_type', 'Send the request body as application/json'));
  };
  return [
    requireJson,
    express.json({ limit: limitBytes, strict: true, type: ['application/json', 'application/*+json'] }),
    wellFormedText,
  ];
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isWellFormed = (text: string): boolean => !LONE_SURROGATE.test(text);

/** Deepest nesting a JSON body may have: far past any document (GUIDEBOOK_LIMITS.documentDepth is 48). */
export const BODY_MAX_DEPTH = 200;

/**
 * What is wrong with a parsed body's text, if anything: nested deeper than `BODY_MAX_DEPTH` (every later walk of it,
 * hashing, diffing, validating, would risk the stack), or a string (keys too) that is not well-formed Unicode.
 */
export function bodyProblem(value: unknown, depth = 0): 'too-deep' | 'lone-surrogate' | null {
  if (typeof value === 'string') return isWellFormed(value) ? null : 'lone-surrogate';
  if (typeof value !== 'object' || value === null) return null;
  if (depth >= BODY_MAX_DEPTH) return 'too-deep';
  const entries: Array<[string | null, unknown]> = Array.isArray(value)
    ? value.map((item) => [null, item])
    : Object.entries(value);
  for (const [key, item] of entries) {
    if (key !== null && !isWellFormed(key)) return 'lone-surrogate';
    const problem = bodyProblem(item, depth + 1);
    if (problem) return problem;
  }
  return null;
}

/**
 * A lone surrogate (`"\ud800"`) is valid JSON but no text: stored, it breaks every later read that encodes it
 * (UTF-8, URLs, SQLite's JSON functions). A body nested hundreds deep is valid JSON too, and no request needs it.
 * Both are refused at the door with the rest of bad input.
 */
const wellFormedText: RequestHandler = (req, _res, next) => {
  const problem = req.body === undefined ? null : bodyProblem(req.body);
  if (problem === null) return next();
  const message =
    problem === 'too-deep'
      ? `The request body is nested too deeply (more than ${BODY_MAX_DEPTH} levels)`
      : 'The request body holds text that is not valid Unicode (a lone surrogate)';
  next(new AppError(400, 'validation_failed', message));
};
