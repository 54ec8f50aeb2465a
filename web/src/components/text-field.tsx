import { useId, type ComponentProps } from 'react';
import { CircleAlert } from 'lucide-react';
import { cx } from '../lib/class-names.ts';

type TextFieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  label: string;
  /** Helper text under the field; replaced by the error while there is one. */
  hint?: string;
  error?: string | undefined;
  id?: string;
};

/** A labelled input whose hint and error are tied to it with aria-describedby, so screen readers announce them. */
export function TextField({ label, hint, error, id, className, ...props }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = error ? errorId : hint ? hintId : undefined;

  return (
    <div className={cx('flex flex-col gap-2', className)}>
      <label htmlFor={inputId} className="text-sm font-semibold text-neutral-800">
        {label}
      </label>
      <input
        id={inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={cx(
          'h-11 w-full rounded-control border bg-white px-3.5 text-base text-neutral-900',
          'placeholder:text-neutral-500 transition-[border-color,box-shadow] duration-150',
          // Focus: a coloured border plus a soft halo, clearer than the global outline on a bordered field.
          'focus-visible:outline-none focus-visible:ring-3',
          error
            ? 'border-alert-600 focus-visible:ring-alert-200'
            : 'border-neutral-300 hover:border-neutral-400 focus-visible:border-primary-600 focus-visible:ring-primary-100',
        )}
        {...props}
      />
      {error ? (
        <p id={errorId} className="flex items-start gap-1.5 text-sm text-alert-700">
          <CircleAlert className="mt-0.75 size-4 shrink-0" aria-hidden="true" />
          <span>{error}</span>
        </p>
      ) : hint ? (
        <p id={hintId} className="text-sm text-neutral-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
