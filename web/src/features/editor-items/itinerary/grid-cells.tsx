import { useTranslation } from 'react-i18next';
import { cx } from '../../../lib/class-names.ts';
import { PlainField } from '../items/plain-field.tsx';
import { gridColumns, useItinerary } from './itinerary-context.ts';

export type CellKey = 'place' | 'time' | 'schedule';
const CELLS: readonly CellKey[] = ['place', 'time', 'schedule'];
const CELL_TEXT: Record<CellKey, string> = {
  place: 'font-semibold text-neutral-900',
  time: 'tabular-nums text-neutral-600',
  schedule: 'text-neutral-800',
};

/** The place, time and schedule cells of an activity or sub-activity, on the page's column grid. */
export function GridCells({
  values,
  onValue,
  labelPrefix,
  compact,
}: {
  values: Record<CellKey, string>;
  onValue(key: CellKey, value: string): void;
  /** "Activity 2" in front of each cell's accessible name */
  labelPrefix: string;
  /** smaller text, for sub-activities */
  compact?: boolean;
}) {
  const { t } = useTranslation();
  const { editable, widths } = useItinerary();
  return (
    <div
      className={cx('grid items-start gap-x-0', compact ? 'text-sm' : 'text-base')}
      style={{ gridTemplateColumns: gridColumns(widths) }}
    >
      {CELLS.map((key) => (
        <div key={key} className="min-w-0 px-1 py-0.5">
          <PlainField
            value={values[key]}
            editable={editable}
            label={`${labelPrefix} ${t(`editorItems.itinerary.columns.${key}`)}`}
            placeholder={t(`editorItems.itinerary.columns.${key}`)}
            textClassName={CELL_TEXT[key]}
            onValue={(value) => onValue(key, value)}
          />
        </div>
      ))}
    </div>
  );
}
