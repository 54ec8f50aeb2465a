import { z } from 'zod';
import { GUIDEBOOK_LIMITS } from '../guidebook/guidebook-limits.ts';

/** `POST /api/viewer/{uuid}/unlock`: the share password a reader typed (the gate disables a blank submit). */
export const viewerUnlockBodySchema = z.object({
  password: z.string().min(1, 'Enter the password').max(GUIDEBOOK_LIMITS.password),
});
