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
  return [requireJson, express.json({ limit: limitBytes, strict: true, type: ['application/json', 'application/*+json'] })];
}
