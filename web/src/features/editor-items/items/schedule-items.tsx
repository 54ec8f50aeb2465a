import { useTranslation } from 'react-i18next';
import type { SectionItemOf } from '@pocketguide/contracts';
import type { SectionItemProps } from '../../editor/item-contract.ts';
import { RichTextField } from '../rich-text/rich-text-field.tsx';
import { richFieldProps } from './item-rich-field.ts';
import { PlainField } from './plain-field.tsx';
import { pressToSelect } from '../../editor/press-to-select.ts';
import { ImportantBadge } from '../../editor/important-badge.tsx';

/**
 * A day heading and a schedule row placed inside an ordinary section (itinerary pages keep theirs in `days`,
 * drawn by the itinerary page).
 */

export function DayItem(props: SectionItemProps<SectionItemOf<'day'>>) {
  const { t } = useTranslation();
  // An empty title shows its placeholder in the author's language; nothing is stored in its place.
  return (
    // the viewer's `.pg-day-heading`: 18 px bold, primary, 8 px above, the important badge after the title
    <div className="mt-2 flex flex-wrap items-center gap-x-2">
      <RichTextField
        {...richFieldProps(props, 'title')}
        className="min-w-0 text-[18px] font-bold text-primary-700"
        singleLine
        label={t('editorItems.itinerary.dayTitle')}
        placeholder={t('editorItems.itinerary.dayTitle')}
      />
      {props.item.isImportant ? <ImportantBadge /> : null}
    </div>
  );
}

const FIELD_OUTSET = { marginInline: -5, width: 'calc(100% + 10px)' } as const;

export function ActivityItem(props: SectionItemProps<SectionItemOf<'activity'>>) {
  const { item, editable, onActivate, onEdit } = props;
  const { t } = useTranslation();
  const cell = (key: 'place' | 'time' | 'schedule', className: string) => (
    <PlainField
      value={item[key]}
      editable={editable}
      label={t(`editorItems.itinerary.columns.${key}`)}
      placeholder={editable ? t(`editorItems.itinerary.columns.${key}`) : undefined}
      className={className}
      onFocus={onActivate}
      // the text starts where the reader's column does: the field's padding and border hang outside its cell
      style={editable ? FIELD_OUTSET : undefined}
      onValue={(value) =>
        onEdit((draft) => {
          draft[key] = value;
        }, 'typing')
      }
    />
  );
  return (
    <div className="flex flex-col gap-1" {...(editable ? pressToSelect(onActivate) : {})}>
      {/* the viewer's `.pg-row` of an activity item: 96 / 96 / 192, place 15 px semibold, time 14 px primary, schedule 15 px */}
      <div className="grid grid-cols-[1fr_1fr_2fr] items-baseline gap-1.5">
        {cell('place', 'text-[15px] font-semibold text-neutral-900')}
        {cell('time', 'text-sm text-primary-700 tabular-nums')}
        {cell('schedule', 'text-[15px] text-neutral-800')}
      </div>
      <RichTextField {...richFieldProps(props, 'body')} className="text-sm text-neutral-600" label={t('editorItems.itinerary.body')} placeholder={t('editorItems.itinerary.bodyPlaceholder')} />
    </div>
  );
}
