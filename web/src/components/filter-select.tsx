import { useId } from 'react';
import { ChevronDown } from 'lucide-react';
import { cx } from '../lib/class-names.ts';

type FilterSelectProps = {
  /** the filter's name for screen readers (the box shows its chosen option instead of a visible label) */
  label: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
  /** from which width the box stops filling its row (lists with more filters beside the search wait longer) */
  inlineFrom?: 'sm' | 'md';
};

/** A list filter: a native select styled as the search box beside it, full width on phones. */
export function FilterSelect({ label, value, options, onChange, inlineFrom = 'sm' }: FilterSelectProps) {
  const id = useId();
  return (
    <div className="relative">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={cx(
          'h-11 w-full appearance-none rounded-control border border-neutral-300 bg-white pr-10 pl-3.5 text-base text-neutral-900 hover:border-neutral-400 focus-visible:border-primary-600 focus-visible:ring-3 focus-visible:ring-primary-100 focus-visible:outline-none',
          inlineFrom === 'md' ? 'md:w-auto md:min-w-40' : 'sm:w-auto sm:min-w-40',
        )}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 size-4.5 -translate-y-1/2 text-neutral-500"
        aria-hidden="true"
      />
    </div>
  );
}
