import { useId, type ComponentProps, type ReactNode } from 'react';
import { CircleAlert } from 'lucide-react';
import { cx } from '../lib/class-names.ts';

type TextFieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  label: string;
  /** Helper text under the field; replaced by the error while there is one, unless `keepHint`. */
  hint?: string | undefined;
  /** Keeps the hint under the error (a rule the person needs while fixing the value, like a password's). */
  keepHint?: boolean;
  error?: string | undefined;
  id?: string;
  /** Marks a field that may stay empty, next to its label ("optional"). */
  optionalLabel?: string | undefined;
  /** A control inside the field's right edge (a show-password toggle). */
  trailing?: ReactNode;
};

/** A labelled input whose hint and error are tied to it with aria-describedby, so screen readers announce them. */
export function TextField({
  label,
  hint,
  keepHint = false,
  error,
  id,
  className,
  optionalLabel,
  trailing,
  readOnly,
  'aria-describedby': describedByOthers,
  ...props
}: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const showHint = hint !== undefined && hint !== '' && (!error || keepHint);
  const describedBy =
    [error ? errorId : undefined, showHint ? hintId : undefined, describedByOthers].filter(Boolean).join(' ') ||
    undefined;

  return (
    <div className={cx('flex flex-col gap-2', className)}>
      <label htmlFor={inputId} className="text-sm font-semibold text-neutral-800">
        {label}
        {optionalLabel ? <span className="ml-1.5 font-normal text-neutral-500">({optionalLabel})</span> : null}
      </label>
      <div className="relative">
        <input
          id={inputId}
          readOnly={readOnly}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={cx(
            'h-11 w-full rounded-control border px-3.5 text-base text-neutral-900',
            'placeholder:text-neutral-500 transition-[border-color,box-shadow] duration-150',
            // Focus: a coloured border plus a soft halo, clearer than the global outline on a bordered field.
            'focus-visible:outline-none focus-visible:ring-3',
            readOnly ? 'bg-neutral-100 text-neutral-600' : 'bg-white',
            trailing ? 'pr-12' : undefined,
            error
              ? 'border-alert-600 focus-visible:ring-alert-200'
              : 'border-neutral-300 hover:border-neutral-400 focus-visible:border-primary-600 focus-visible:ring-primary-100',
          )}
          {...props}
        />
        {trailing ? <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div> : null}
      </div>
      {error ? (
        <p id={errorId} className="flex items-start gap-1.5 text-sm text-alert-700">
          <CircleAlert className="mt-0.75 size-4 shrink-0" aria-hidden="true" />
          <span>{error}</span>
        </p>
      ) : null}
      {showHint ? (
        <p id={hintId} className="text-sm text-neutral-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
