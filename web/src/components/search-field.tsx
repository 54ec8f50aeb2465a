import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Search, X } from 'lucide-react';
import { cx } from '../lib/class-names.ts';

type SearchFieldProps = {
  /** the search in effect (usually from the URL); the box follows it when it changes elsewhere */
  value: string;
  /** Enter runs the search; an emptied box clears it at once (spec 1 §2). The text comes trimmed. */
  onSearch: (value: string) => void;
  /** the field's name for screen readers (the box shows a placeholder instead of a visible label) */
  label: string;
  placeholder?: string;
  className?: string;
  /** search as one types too: after this many ms without a keystroke (Enter still searches at once) */
  debounceMs?: number;
};

/** A search landmark with one box: Enter searches, emptying the box (by hand or with ×) shows everything again. */
export function SearchField({ value, onSearch, label, placeholder, className, debounceMs }: SearchFieldProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState(value);
  const [followed, setFollowed] = useState(value);
  // A search changed elsewhere (a link, the back button, a refresh flag) replaces what is typed.
  if (followed !== value) {
    setFollowed(value);
    setDraft(value);
  }
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  });
  useEffect(() => {
    const text = draft.trim();
    if (debounceMs === undefined || text === value || text === '') return;
    const timer = setTimeout(() => latest.current(text), debounceMs);
    return () => clearTimeout(timer);
  }, [draft, value, debounceMs]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(draft.trim());
  };

  const clear = () => {
    setDraft('');
    if (value !== '') onSearch('');
    inputRef.current?.focus();
  };

  return (
    <form role="search" onSubmit={submit} className={cx('relative', className)}>
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <Search
        className="pointer-events-none absolute top-1/2 left-3.5 size-4.5 -translate-y-1/2 text-neutral-500"
        aria-hidden="true"
      />
      <input
        ref={inputRef}
        id={inputId}
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        value={draft}
        placeholder={placeholder}
        onChange={(event) => {
          setDraft(event.target.value);
          if (event.target.value === '' && value !== '') onSearch('');
        }}
        className={cx(
          'h-11 w-full rounded-control border border-neutral-300 bg-white pr-11 pl-10 text-base text-neutral-900',
          'placeholder:text-neutral-500 transition-[border-color,box-shadow] duration-150 hover:border-neutral-400',
          'focus-visible:border-primary-600 focus-visible:ring-3 focus-visible:ring-primary-100 focus-visible:outline-none',
          // The browser's own clear button would duplicate ours.
          '[&::-webkit-search-cancel-button]:appearance-none',
        )}
      />
      {draft !== '' ? (
        <button
          type="button"
          onClick={clear}
          aria-label={t('search.clear')}
          className="absolute top-1/2 right-1.5 flex size-8 -translate-y-1/2 items-center justify-center rounded-control text-neutral-500 hover:bg-neutral-100 hover:text-neutral-800"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      ) : null}
    </form>
  );
}
