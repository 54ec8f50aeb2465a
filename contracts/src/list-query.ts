import { z } from 'zod';

/**
 * Query-string pieces shared by every list call. Query values come as strings; the list screens send 'all' or ''
 * for "no filter" and 'true'/'1' for a set flag.
 */
export const queryFlag = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/** One of `values`, or no filter for 'all', '' or a missing value. */
export const allOr = <const T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([z.enum(values), z.literal('all'), z.literal('')])
    .optional()
    .transform((value) => (value === 'all' || value === '' ? undefined : value));
