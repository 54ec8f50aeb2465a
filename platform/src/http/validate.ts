import type { z } from 'zod';
import type { FieldError } from '@pocketguide/contracts';
import { ValidationError } from './errors.ts';

export function fieldErrors(error: z.ZodError): FieldError[] {
  return error.issues.flatMap((issue) => {
    // An unknown key is reported on the object; name each key so the client knows which one.
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: [...issue.path, key].join('.'), message: `Unknown field: ${key}` }));
    }
    return [{ path: issue.path.join('.') || '(body)', message: issue.message }];
  });
}

/** Parses input with a contracts schema; a failure is a 400 naming every offending field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, what = 'request body'): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors = fieldErrors(result.error);
  const first = errors[0];
  throw new ValidationError(first ? `${first.path}: ${first.message}` : `Invalid ${what}`, errors);
}
