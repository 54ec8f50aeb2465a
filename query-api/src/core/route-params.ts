import type { Request } from 'express';
import { NotFoundError } from '@pocketguide/platform/http/errors';

/** A named path parameter; express 5 types them loosely (wildcards give arrays), and a missing one is a 404. */
export function pathParam(req: Request, name: string, notFound = 'Not Found'): string {
  const value = req.params[name];
  if (typeof value !== 'string' || value === '') throw new NotFoundError(notFound);
  return value;
}
