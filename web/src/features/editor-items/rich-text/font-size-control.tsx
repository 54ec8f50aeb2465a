import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FONT_SIZES, normaliseFontSizeInput } from '@pocketguide/contracts';
import { cx } from '../../../lib/class-names.ts';
import { fontSizePx } from './rich-text-style.ts';

/** A stored font size the schema accepts: 1 to 3 digits, up to 2 decimals, in px. */
const FONT_SIZE = /^\d{1,3}(\.\d{1,2})?px$/;

/**
 * The font size to store for what the author typed (spec §5): a bare number gets 'px', blank is ignored (null),
 * and anything the document could not hold is ignored too.
 */
export function fontSizeFromInput(input: string): string | null {
  const size = normaliseFontSizeInput(input);
  if (size === null || !FONT_SIZE.test(size)) return null;
  return (fontSizePx(size) ?? 0) > 0 ? size : null;
}

/** The font-size choices: the presets 12 to 48 px and an input where Enter applies. */
export function FontSizeControl({ value, onPick }: { value: string | undefined; onPick(size: string | null): void }) {
  const { t } = useTranslation();
  const inputId = useId();
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (text.trim() === '') return; // spec §5: an empty input is ignored
    const size = fontSizeFromInput(text);
    setInvalid(size === null);
    if (size !== null) onPick(size);
  };

  return (
    <div className="flex w-44 flex-col gap-2">
      <div role="group" aria-label={t('editorItems.richText.fontSizePresets')} className="grid grid-cols-5 gap-1">
        {FONT_SIZES.map((px) => (
          <button
            key={px}
            type="button"
            aria-pressed={value === `${px}px`}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => onPick(`${px}px`)}
            className={cx(
              'h-8 rounded-control text-sm tabular-nums hover:bg-neutral-100',
              value === `${px}px` ? 'bg-primary-50 font-semibold text-primary-700' : 'text-neutral-800',
            )}
          >
            {px}
          </button>
        ))}
      </div>
      <label htmlFor={inputId} className="text-xs font-semibold text-neutral-700">
        {t('editorItems.richText.fontSizeInput')}
      </label>
      <input
        id={inputId}
        value={text}
        inputMode="decimal"
        placeholder={value ?? '16px'}
        aria-invalid={invalid || undefined}
        onChange={(event) => {
          setText(event.target.value);
          setInvalid(false);
        }}
        onKeyDown={onKeyDown}
        className={cx(
          'h-9 rounded-control border px-2 text-sm focus-visible:outline-none focus-visible:ring-2',
          invalid
            ? 'border-alert-600 focus-visible:ring-alert-200'
            : 'border-neutral-300 focus-visible:border-primary-600 focus-visible:ring-primary-100',
        )}
      />
      <button
        type="button"
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => onPick(null)}
        className="h-8 rounded-control border border-neutral-300 text-sm text-neutral-700 hover:bg-neutral-50"
      >
        {t('editorItems.richText.defaultSize')}
      </button>
    </div>
  );
}
