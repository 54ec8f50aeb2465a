import { useEffect, useRef, useState } from 'react';
import { cx } from '../../../lib/class-names.ts';

/** Spec §5: cell edits are debounced 300 ms. */
export const CELL_EDIT_DEBOUNCE_MS = 300;

type TableCellEditorProps = {
  value: string;
  label: string;
  selected: boolean;
  onFocus(): void;
  onCommit(value: string): void;
  /** the table's pending-edit savers: a row or column change saves every cell's typing first */
  flushers: Set<() => void>;
};

/**
 * One editable cell. Typing shows at once; the document gets the text 300 ms after the last keystroke (or when
 * the cell loses focus or goes away), so a typed word is one edit rather than one per letter.
 */
export function TableCellEditor({ value, label, selected, onFocus, onCommit, flushers }: TableCellEditorProps) {
  const [text, setText] = useState(value);
  const pending = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const commit = useRef(onCommit);
  commit.current = onCommit;

  const flush = () => {
    clearTimeout(timer.current);
    const next = pending.current;
    pending.current = null;
    if (next !== null) commit.current(next);
  };

  // A value changed elsewhere (undo, a row inserted above) shows unless the author is mid-edit here.
  useEffect(() => {
    if (pending.current === null) setText(value);
  }, [value]);
  // Leaving the table (or the cell being removed) still saves what was typed; so does a structural change.
  useEffect(() => {
    flushers.add(flush);
    return () => {
      flushers.delete(flush);
      flush();
    };
  }, [flushers]); // flush reads refs only, so the first one stays valid

  return (
    <textarea
      aria-label={label}
      value={text}
      rows={1}
      onFocus={onFocus}
      onBlur={flush}
      onChange={(event) => {
        setText(event.target.value);
        pending.current = event.target.value;
        clearTimeout(timer.current);
        timer.current = setTimeout(flush, CELL_EDIT_DEBOUNCE_MS);
      }}
      className={cx(
        // the viewer's cell: 8 × 10 px around the text, which takes the cell's weight (semibold in the header row; the
        // preflight's `font: inherit`)
        'block w-full resize-none px-2.5 py-2 text-sm leading-snug [field-sizing:content] focus-visible:outline-none',
        selected ? 'bg-primary-50' : 'bg-transparent',
      )}
    />
  );
}
