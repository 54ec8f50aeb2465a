import { useEffect, useId, useState } from 'react';
import { cx } from '../../../lib/class-names.ts';

type UrlFieldProps = {
  url: string;
  label: string;
  placeholder: string;
  invalidMessage: string;
  /** the address to store for what was typed, or null when it is not acceptable */
  parse(input: string): string | null;
  onSave(url: string): void;
};

/** An address field that saves on blur or Enter, once the address is acceptable (video and button items). */
export function UrlField({ url, label, placeholder, invalidMessage, parse, onSave }: UrlFieldProps) {
  const inputId = useId();
  const errorId = useId();
  const [text, setText] = useState(url);
  const [invalid, setInvalid] = useState(false);
  // Undo or another change of the stored address shows in the field.
  useEffect(() => setText(url), [url]);

  const commit = () => {
    const next = parse(text);
    setInvalid(next === null);
    if (next !== null && next !== url) onSave(next);
  };

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={inputId} className="text-xs font-semibold text-neutral-700">
        {label}
      </label>
      <input
        id={inputId}
        type="url"
        inputMode="url"
        value={text}
        placeholder={placeholder}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setInvalid(false);
        }}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          commit();
        }}
        className={cx(
          'h-9 rounded-control border bg-white px-2.5 text-sm focus-visible:outline-none focus-visible:ring-2',
          invalid
            ? 'border-alert-600 focus-visible:ring-alert-200'
            : 'border-neutral-300 focus-visible:border-primary-600 focus-visible:ring-primary-100',
        )}
      />
      {invalid ? (
        <p id={errorId} className="text-xs text-alert-700">
          {invalidMessage}
        </p>
      ) : null}
    </div>
  );
}
