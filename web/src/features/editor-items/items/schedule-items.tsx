import { useTranslation } from 'react-i18next';
import type { SectionItemOf } from '@pocketguide/contracts';
import type { SectionItemProps } from '../../editor/item-contract.ts';
import { RichTextField } from '../rich-text/rich-text-field.tsx';
import { richFieldProps } from './item-rich-field.ts';
import { PlainField } from './plain-field.tsx';
import { pressToSelect } from '../../editor/press-to-select.ts';

/**
 * A day heading and a schedule row placed inside an ordinary section (itinerary pages keep theirs in `days`,
 * drawn by the itinerary page).
 */

export function DayItem(props: SectionItemProps<SectionItemOf<'day'>>) {
  const { t } = useTranslation();
  // An empty title shows its placeholder in the author's language; nothing is stored in its place.
  return (
    <div className="px-4 py-2">
      <RichTextField
        {...richFieldProps(props, 'title')}
        className="text-lg font-bold text-primary-700"
        singleLine
        label={t('editorItems.itinerary.dayTitle')}
        placeholder={t('editorItems.itinerary.dayTitle')}
      />
    </div>
  );
}

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
      onValue={(value) =>
        onEdit((draft) => {
          draft[key] = value;
        }, 'typing')
      }
    />
  );
  return (
    <div className="flex flex-col gap-1 px-4 py-2" {...(editable ? pressToSelect(onActivate) : {})}>
      <div className="grid grid-cols-[1fr_1fr_2fr] gap-2 text-sm">
        {cell('place', 'font-semibold text-neutral-900')}
        {cell('time', 'text-neutral-600 tabular-nums')}
        {cell('schedule', 'text-neutral-800')}
      </div>
      <RichTextField
        {...richFieldProps(props, 'body')}
        className="text-sm text-neutral-700"
        label={t('editorItems.itinerary.body')}
        placeholder={t('editorItems.itinerary.bodyPlaceholder')}
      />
    </div>
  );
}
