import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Search, X } from 'lucide-react';
import { cx } from '../../../lib/class-names.ts';

/** How long typing pauses before the list follows it. */
export const SEARCH_DEBOUNCE_MS = 300;

type DebouncedSearchProps = {
  /** the search in effect (from the URL); the box follows it when it changes elsewhere */
  value: string;
  /** called with the trimmed text after a pause in typing, at once on Enter, and at once when emptied */
  onSearch: (value: string) => void;
  label: string;
  placeholder?: string;
  className?: string;
};

/** A search box that searches as one types (after a short pause); Enter searches at once, emptying clears at once. */
export function DebouncedSearch({ value, onSearch, label, placeholder, className }: DebouncedSearchProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [draft, setDraft] = useState(value);
  const [followed, setFollowed] = useState(value);
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
    if (text === value) return;
    const timer = setTimeout(() => latest.current(text), text === '' ? 0 : SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, value]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (draft.trim() !== value) onSearch(draft.trim());
  };

  return (
    <form role="search" onSubmit={submit} className={cx('relative', className)}>
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      <Search className="pointer-events-none absolute top-1/2 left-3.5 size-4.5 -translate-y-1/2 text-neutral-500" aria-hidden="true" />
      <input
        ref={inputRef}
        id={inputId}
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        value={draft}
        placeholder={placeholder}
        onChange={(event) => setDraft(event.target.value)}
        className={cx(
          'h-11 w-full rounded-control border border-neutral-300 bg-white pr-11 pl-10 text-base text-neutral-900',
          'placeholder:text-neutral-500 transition-[border-color,box-shadow] duration-150 hover:border-neutral-400',
          'focus-visible:border-primary-600 focus-visible:ring-3 focus-visible:ring-primary-100 focus-visible:outline-none',
          '[&::-webkit-search-cancel-button]:appearance-none',
        )}
      />
      {draft !== '' ? (
        <button
          type="button"
          onClick={() => {
            setDraft('');
            inputRef.current?.focus();
          }}
          aria-label={t('search.clear')}
          className="absolute top-1/2 right-1.5 flex size-8 -translate-y-1/2 items-center justify-center rounded-control text-neutral-500 hover:bg-neutral-100 hover:text-neutral-800"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      ) : null}
    </form>
  );
}
