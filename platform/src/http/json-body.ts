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
  return [requireJson, express.json({ limit: limitBytes, strict: true, type: ['application/json', 'application/*+json'] }), wellFormedText];
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const isWellFormed = (text: string): boolean => !LONE_SURROGATE.test(text);

/** Whether every string in a parsed body (keys too) is well-formed Unicode: no lone UTF-16 surrogate. */
export function wellFormed(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isWellFormed(value);
  if (depth > 200 || typeof value !== 'object' || value === null) return true;
  if (Array.isArray(value)) return value.every((item) => wellFormed(item, depth + 1));
  return Object.entries(value).every(([key, item]) => isWellFormed(key) && wellFormed(item, depth + 1));
}

/**
 * A lone surrogate (`"\ud800"`) is valid JSON but no text: stored, it breaks every later read that encodes it
 * (UTF-8, URLs, SQLite's JSON functions). Refused at the door with the rest of bad input.
 */
const wellFormedText: RequestHandler = (req, _res, next) => {
  if (req.body === undefined || wellFormed(req.body)) return next();
  next(new AppError(400, 'validation_failed', 'The request body holds text that is not valid Unicode (a lone surrogate)'));
};
