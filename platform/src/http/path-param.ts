import type { Request } from 'express';
import { NotFoundError } from './errors.ts';

/**
 * A named path parameter. Express 5 types them loosely (a wildcard gives an array, a middleware before the
 * handler widens the type), so every route reads them here: a missing, empty or too long one is a 404 with the
 * route's own message, never a 500 or a lookup of garbage.
 */
export function pathParam(
  req: Request,
  name: string,
  notFound = 'Not Found',
  maxLength = Number.POSITIVE_INFINITY,
): string {
  const value: unknown = req.params[name];
  if (typeof value !== 'string' || value === '' || value.length > maxLength) throw new NotFoundError(notFound);
  return value;
}
