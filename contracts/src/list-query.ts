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

/**
 * The highest page any list may ask for. Past it a page is refused (400) rather than sent to the store as an
 * offset it cannot take: 100,000 pages of 100 is more than any list here will hold.
 */
export const PAGE_MAX = 100_000;
export const pageNumber = z.coerce.number().int().min(1).max(PAGE_MAX).default(1);
