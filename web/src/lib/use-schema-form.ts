import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import type { z } from 'zod';
import { useAccountMessage } from './account-message.ts';
import { firstIssuePerField, useFocusFirstInvalid, type FieldMessages } from './form-errors.ts';

type TextValues = Record<string, string>;

/**
 * A form of text fields checked by a contracts schema (the one the server parses, so both give the same messages).
 * Checked on submit; after a first attempt, checked again on every change so errors clear as they are fixed.
 * Errors the server names for a field sit on that field until it is edited. Messages are localised here.
 */
export function useSchemaForm<S extends z.ZodType, V extends TextValues>(
  schema: S,
  initialValues: V,
  /** values the schema needs that are not fields (e.g. the interface language) */
  extra: () => Record<string, unknown> = () => ({}),
) {
  const localise = useAccountMessage();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<V>(initialValues);
  const [clientErrors, setClientErrors] = useState<FieldMessages>({});
  const [serverErrors, setServerErrors] = useState<FieldMessages>({});
  // Texts this screen wrote itself, already in the reader's language.
  const [ownErrors, setOwnErrors] = useState<FieldMessages>({});
  const [attempt, setAttempt] = useState(0);
  useFocusFirstInvalid(formRef, attempt);

  // A page drawn before its script ran (the front door) may have been typed into before React took it over: React
  // keeps what the fields show, so the form's values start from it rather than from empty.
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed: Partial<Record<string, string>> = {};
    for (const name of Object.keys(initialValues)) {
      const element = form.elements.namedItem(name);
      if (
        (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) &&
        element.value !== initialValues[name]
      )
        typed[name] = element.value;
    }
    if (Object.keys(typed).length > 0) setValues((current) => ({ ...current, ...typed }));
    // once, for the fields as React found them (later changes of initialValues must not overwrite typing)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deliberately run once, see above
  }, []);

  const check = useCallback(
    (next: V): { data?: z.output<S>; errors: FieldMessages } => {
      const parsed = schema.safeParse({ ...next, ...extra() });
      return parsed.success
        ? { data: parsed.data as z.output<S>, errors: {} }
        : { errors: firstIssuePerField(parsed.error) };
    },
    [schema, extra],
  );

  const errorOf = (name: keyof V & string): string | undefined => {
    const own = ownErrors[name];
    if (own !== undefined) return own;
    const message = serverErrors[name] ?? clientErrors[name];
    return message === undefined ? undefined : localise(message);
  };

  const field = (name: keyof V & string) => ({
    name,
    value: values[name],
    error: errorOf(name),
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (attempt > 0) setClientErrors(check(next).errors);
      if (serverErrors[name] !== undefined) setServerErrors(({ [name]: _edited, ...rest }) => rest);
      if (ownErrors[name] !== undefined) setOwnErrors(({ [name]: _edited, ...rest }) => rest);
    },
  });

  const handleSubmit = (onValid: (data: z.output<S>) => void) => (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { data, errors } = check(values);
    setClientErrors(errors);
    setServerErrors({});
    setOwnErrors({});
    setAttempt((count) => count + 1);
    if (data !== undefined && Object.keys(errors).length === 0) onValid(data);
  };

  /**
   * Puts errors on their fields and moves focus to the first: the server's (contracts texts, localised here) or,
   * with `localised`, texts the screen has already translated.
   */
  const showServerErrors = (messages: FieldMessages, { localised = false }: { localised?: boolean } = {}) => {
    if (localised) setOwnErrors(messages);
    else setServerErrors(messages);
    setAttempt((count) => count + 1);
  };

  const reset = (next: V = initialValues) => {
    setValues(next);
    setClientErrors({});
    setServerErrors({});
    setOwnErrors({});
    setAttempt(0);
  };

  return { formRef, values, setValues, field, errorOf, handleSubmit, showServerErrors, reset };
}
