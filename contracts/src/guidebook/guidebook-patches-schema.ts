import { z } from 'zod';
import { GUIDEBOOK_LIMITS as L } from './guidebook-limits.ts';

/**
 * The wire shape of a patch: immer's (`{ op, path, value? }`, path as keys and indexes), so the editor can send
 * the patches immer gives it. Values are checked by applying the patches and validating the resulting document.
 */
export const patchSchema = z.strictObject({
  op: z.enum(['add', 'remove', 'replace']),
  path: z.array(z.union([z.string().max(64), z.number().int().min(0)])).max(L.patchPathLength),
  value: z.unknown().optional(),
});
export type Patch = z.infer<typeof patchSchema>;

export const patchListSchema = z.array(patchSchema).max(L.patchesPerEdit);
