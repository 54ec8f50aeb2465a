import { useEffect, type RefObject } from 'react';
import type { z } from 'zod';
import { isApiError } from './api-client.ts';

/** One message per field (the first one), keyed by the field's top-level name. */
export type FieldMessages = Partial<Record<string, string>>;

export function firstIssuePerField(error: z.ZodError): FieldMessages {
  const messages: FieldMessages = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && messages[field] === undefined) messages[field] = issue.message;
  }
  return messages;
}

/** The field errors of a refused request, on the same keys as the form's fields. */
export function serverFieldMessages(error: unknown): FieldMessages {
  const messages: FieldMessages = {};
  if (!isApiError(error)) return messages;
  for (const { path, message } of error.fieldErrors) {
    const field = path.split(/[./]/).filter(Boolean).at(-1) ?? '';
    if (field && messages[field] === undefined) messages[field] = message;
  }
  return messages;
}

/**
 * After a refused submit, moves focus to the first field marked invalid, so keyboard and screen-reader users land
 * on what needs fixing. `attempt` changes on every submit, so a second refusal focuses again.
 */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, attempt: number): void {
  useEffect(() => {
    if (attempt === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, attempt]);
}
