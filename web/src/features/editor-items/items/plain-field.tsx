import type { ComponentProps } from 'react';
import { cx } from '../../../lib/class-names.ts';

type PlainFieldProps = Omit<ComponentProps<'input'>, 'value' | 'onChange'> & {
  value: string;
  editable: boolean;
  /** accessible name (the field has no visible label in the page's layout) */
  label: string;
  onValue(value: string): void;
  /** classes of the text in both modes */
  textClassName?: string | undefined;
};

/** A one-line plain string (button title, itinerary cells): an input in edit mode, text in view mode. */
export function PlainField({
  value,
  editable,
  label,
  onValue,
  textClassName,
  className,
  placeholder,
  ...props
}: PlainFieldProps) {
  if (!editable) return value ? <span className={cx('break-keep', textClassName, className)}>{value}</span> : null;
  return (
    <input
      aria-label={label}
      value={value}
      placeholder={placeholder}
      onChange={(event) => onValue(event.target.value)}
      className={cx(
        'w-full min-w-0 rounded-[4px] border border-transparent bg-transparent px-1 py-0.5 placeholder:text-neutral-400',
        'hover:border-neutral-200 focus-visible:border-primary-600 focus-visible:bg-white focus-visible:outline-none',
        textClassName,
        className,
      )}
      {...props}
    />
  );
}
