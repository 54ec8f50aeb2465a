import { useTranslation } from 'react-i18next';
import { ExternalLink } from 'lucide-react';
import { webUrlSchema, type SectionItemOf } from '@pocketguide/contracts';
import { cx } from '../../../lib/class-names.ts';
import type { SectionItemProps } from '../../editor/item-contract.ts';
import { UrlField } from './url-field.tsx';
import { pressToSelect } from '../../editor/press-to-select.ts';

/** What to store for a typed link address: 'http://' added when no scheme is given; null when not a web address. */
export function buttonUrlFromInput(input: string): string | null {
  const value = input.trim();
  if (value === '') return '';
  const url = /^https?:\/\//i.test(value) ? value : `http://${value}`;
  return webUrlSchema.safeParse(url).success ? url : null;
}

/** The viewer's `.pg-button`: 48 px high at least, 10 × 16 px around the title, the link's icon after it. */
const BUTTON_CLASS = 'flex min-h-12 w-full items-center justify-center gap-2 rounded-control bg-primary-600 px-4 py-2.5 text-center text-base font-semibold text-white break-keep';

/**
 * A call-to-action link styled as a button: a title and an address. An empty title shows 'Enter button title' as a
 * placeholder to the author (never stored); readers see the address instead, or no button at all (as the viewer).
 */
export function ButtonItem({ item, editable, active, onActivate, onEdit }: SectionItemProps<SectionItemOf<'button'>>) {
  const { t } = useTranslation();
  const placeholder = t('editorItems.button.placeholder');
  const untitled = item.title.trim() === '';
  const title = untitled ? item.url : item.title;

  if (!editable) {
    if (title === '') return null;
    return (
      <div>
        {item.url ? (
          <a href={item.url} target="_blank" rel="noopener noreferrer" className={cx(BUTTON_CLASS, 'hover:bg-primary-700 active:bg-primary-800')}>
            {title}
            <ExternalLink className="size-4 shrink-0" aria-hidden="true" />
          </a>
        ) : (
          <span className={cx(BUTTON_CLASS, 'opacity-80')}>{title}</span>
        )}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-2" {...pressToSelect(onActivate)} onFocusCapture={onActivate}>
      {active ? (
        <input
          aria-label={t('editorItems.button.titleLabel')}
          value={item.title}
          placeholder={placeholder}
          onChange={(event) => {
            const next = event.target.value;
            onEdit((draft) => {
              draft.title = next;
            }, 'typing');
          }}
          className={cx(BUTTON_CLASS, 'outline-none placeholder:text-white/70 focus-visible:ring-3 focus-visible:ring-primary-200')}
        />
      ) : (
        <span className={cx(BUTTON_CLASS, untitled && 'font-normal text-white/70')}>
          {untitled ? placeholder : item.title}
          {item.url ? <ExternalLink className="size-4 shrink-0" aria-hidden="true" /> : null}
        </span>
      )}
      {active ? (
        <UrlField
          url={item.url}
          label={t('editorItems.button.urlLabel')}
          placeholder="https://"
          invalidMessage={t('editorItems.button.invalid')}
          parse={buttonUrlFromInput}
          onSave={(url) =>
            onEdit((draft) => {
              draft.url = url;
            })
          }
        />
      ) : null}
    </div>
  );
}
