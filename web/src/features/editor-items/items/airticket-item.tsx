import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Plane } from 'lucide-react';
import { emptyFlight, type Flight, type SectionItemOf } from '@pocketguide/contracts';
import type { SectionItemProps } from '../../editor/item-contract.ts';
import { pressToSelect } from '../../editor/press-to-select.ts';
import { RichTextField } from '../rich-text/rich-text-field.tsx';
import { ImageList } from './accordion-items.tsx';
import { ImageUploadButton } from './image-upload-button.tsx';
import { richFieldProps } from './item-rich-field.ts';
import { ImportantBadge } from '../../editor/important-badge.tsx';
import { cx } from '../../../lib/class-names.ts';

const DETAILS = ['airline', 'flightNumber', 'departs', 'arrives', 'seat', 'cabin'] as const satisfies readonly (keyof Flight)[];
const WHEN = new Set<keyof Flight>(['departs', 'arrives']);

/**
 * '2026-05-02T08:30' as a ticket reads it: '5월 2일 (토) 08:30', 'Sat 2 May, 08:30'. The reader's copy of this rule
 * is contracts/viewer/render-items.ts `flightTimeText` (the readers' script shares no module with the editor); a
 * test holds the two together.
 */
export function flightTime(value: string, language: 'ko' | 'en'): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})$/.exec(value);
  if (!match) return value;
  const [, year, month, day, time] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  const part = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(language, { ...options, timeZone: 'UTC' }).format(date);
  return language === 'ko'
    ? `${Number(month)}월 ${Number(day)}일 (${part({ weekday: 'short' })}) ${time}`
    : `${part({ weekday: 'short' })} ${Number(day)} ${part({ month: 'short' })}, ${time}`;
}

const fieldClass =
  'w-full min-w-0 rounded-[4px] border border-neutral-200 bg-white px-1.5 py-1 text-base font-semibold text-neutral-900 placeholder:font-normal placeholder:text-neutral-400 focus-visible:border-primary-600 focus-visible:outline-none';

/**
 * An air ticket (issue 22): an open card, as readers get it (contracts/viewer/render-items.ts), with a title, the
 * flight's route, its details and pictures such as a boarding pass. Each detail is a field of its own, a blank one
 * shows its placeholder here and nothing to readers. A ticket saved before flights had fields gets them on its
 * first edit.
 */
export function AirticketItem(props: SectionItemProps<SectionItemOf<'airticket'>>) {
  const { item, editable, active, onActivate, onEdit, uploadImage } = props;
  const { t, i18n } = useTranslation();
  const flight = item.flight ?? emptyFlight();
  const set = (key: keyof Flight, value: string) =>
    onEdit((draft) => {
      draft.flight = { ...(draft.flight ?? emptyFlight()), [key]: value };
    });
  const label = (key: keyof Flight) => t(`editorItems.airticket.fields.${key}`);
  const language = i18n.language === 'en' ? 'en' : 'ko';
  const shown = (key: keyof Flight) => (WHEN.has(key) && flight[key] !== '' ? flightTime(flight[key], language) : flight[key].trim());

  const airport = (key: 'from' | 'to') =>
    editable ? (
      <input aria-label={label(key)} placeholder={t(`editorItems.airticket.placeholders.${key}`)} value={flight[key]} onChange={(event) => set(key, event.target.value)} className={fieldClass} />
    ) : (
      <span>{flight[key]}</span>
    );

  const details = DETAILS.filter((key) => editable || shown(key) !== '');
  return (
    <div
      className={cx('rounded-card border border-neutral-200 bg-white px-3.5 pt-3 pb-3.5', item.isImportant && 'border-l-[3px] border-l-accent-500')}
      data-airticket
      {...(editable ? pressToSelect(onActivate) : {})}
    >
      <div className="flex min-h-7 items-center gap-2.5">
        <Plane className="size-5 shrink-0 text-primary-600" aria-hidden="true" />
        <RichTextField
          {...richFieldProps(props, 'title')}
          className="min-w-0 flex-1 font-semibold text-neutral-900"
          singleLine
          label={t('editorItems.airticket.titleLabel')}
          placeholder={t('editorItems.airticket.titlePlaceholder')}
        />
        {item.isImportant ? <ImportantBadge /> : null}
      </div>
      {editable || flight.from.trim() !== '' || flight.to.trim() !== '' ? (
        <p className="mt-2.5 flex items-center gap-2.5 text-lg font-bold text-neutral-900" data-flight-route>
          {airport('from')}
          <span className="text-primary-600" aria-hidden="true">
            →
          </span>
          {airport('to')}
        </p>
      ) : null}
      {details.length > 0 ? (
        <dl className="mt-2.5 grid grid-cols-2 gap-x-3 gap-y-2" data-flight>
          {details.map((key) => (
            <div key={key} className="min-w-0">
              <dt className="text-xs text-neutral-500">{editable ? <label htmlFor={`${item._id}-${key}`}>{label(key)}</label> : label(key)}</dt>
              <dd className="m-0 font-semibold text-neutral-900">
                {editable && WHEN.has(key) ? (
                  <TimeField id={`${item._id}-${key}`} value={flight[key]} shown={shown(key)} onChange={(value) => set(key, value)} />
                ) : editable ? (
                  <input
                    id={`${item._id}-${key}`}
                    placeholder={t(`editorItems.airticket.placeholders.${key as Exclude<(typeof DETAILS)[number], 'departs' | 'arrives'>}`)}
                    value={flight[key]}
                    onChange={(event) => set(key, event.target.value)}
                    className={fieldClass}
                  />
                ) : (
                  shown(key)
                )}
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
      <div className="mt-3 flex flex-col gap-2.5">
        <ImageList
          images={item.images}
          editable={editable}
          onRemove={(index) =>
            onEdit((draft) => {
              draft.images.splice(index, 1);
            })
          }
        />
        {editable && active ? (
          <div className="self-start">
            <ImageUploadButton uploadImage={uploadImage} label={t('editorItems.images.add')} />
          </div>
        ) : null}
      </div>
    </div>
  );
}

/**
 * A departure or arrival time: the browser's date and time picker, which shows the time as readers read it
 * ('5월 2일 (토) 08:30') until it has the focus, rather than in the browser's own format ('05/02/2026, 08:30 AM',
 * cut off in a phone's half-width column).
 */
function TimeField({ id, value, shown, onChange }: { id: string; value: string; shown: string; onChange(value: string): void }) {
  const [focused, setFocused] = useState(false);
  const overlay = !focused && value !== '';
  return (
    <span className="relative block">
      <input
        id={id}
        type="datetime-local"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
        className={cx(fieldClass, overlay && 'text-transparent')}
      />
      {overlay ? (
        // over the field and its picker button (a phone's half column is too narrow for both), inside its border
        <span aria-hidden="true" className="pointer-events-none absolute inset-px flex items-center truncate rounded-[3px] bg-white px-1.5 font-semibold text-neutral-900">
          {shown}
        </span>
      ) : null}
    </span>
  );
}
