import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarPlus } from 'lucide-react';
import { DEFAULT_COL_WIDTHS, fitColumnWidths } from '@pocketguide/contracts';
import { Button } from '../../../components/button.tsx';
import { cx } from '../../../lib/class-names.ts';
import type { ItineraryPageProps } from '../../editor/item-contract.ts';
import { ColumnResizeHandles } from '../table/column-resize-handles.tsx';
import { PlainField } from '../items/plain-field.tsx';
import { DayBlock } from './day-block.tsx';
import { gridColumns, ItineraryContext, type ItineraryScope } from './itinerary-context.ts';
import { DndScope } from './itinerary-dnd.tsx';
import { addDay, setColumnTitle, setColumnWidths } from './itinerary-edits.ts';

const COLUMN_KEYS = ['place', 'time', 'schedule'] as const;

/**
 * An itinerary content page (spec §3, §4): the column titles over days of activities, sub-activities and meals.
 * In the editor each part is selected by a click (its chrome appears), reordered by drag and drop or by its move
 * buttons, and every structural edit goes through the contracts' rules.
 */
export function ItineraryPage({ item: page, editable, activeId, onActivateId, onEdit, ids }: ItineraryPageProps) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<number[] | null>(null);
  const widths = useMemo(
    () => preview ?? [...fitColumnWidths(page.colWidths, DEFAULT_COL_WIDTHS.length, DEFAULT_COL_WIDTHS)],
    [preview, page.colWidths],
  );
  const columns = useRef<HTMLDivElement>(null);
  const scope = useMemo<ItineraryScope>(
    () => ({ editable, activeId, onActivateId, edit: onEdit, ids, widths }),
    [editable, activeId, onActivateId, onEdit, ids, widths],
  );

  return (
    <DndScope>
      <ItineraryContext.Provider value={scope}>
        {/* The columns share the width there is in the stored proportions: nothing scrolls sideways, on a phone either. */}
        <div className="py-3">
          <div className="flex flex-col gap-4">
            {/* In the editor the rows start after their drag handle (16 px); the titles line up with them. */}
            <div
              className={cx(
                'relative grid border-b-2 border-primary-600 pb-1 text-sm font-semibold text-neutral-700',
                editable ? 'pl-4' : undefined,
              )}
              style={{ gridTemplateColumns: gridColumns(widths) }}
            >
              {widths.map((_, index) => (
                <div key={index} className="min-w-0 px-1">
                  <PlainField
                    // a blank title shows the column's name in the author's language, greyed, and stores nothing
                    value={page.colTitles[index] ?? ''}
                    placeholder={t(`editorItems.itinerary.columns.${COLUMN_KEYS[index] ?? 'schedule'}`)}
                    editable={editable}
                    label={t('editorItems.itinerary.columnTitle', { number: index + 1 })}
                    onValue={(value) => onEdit(setColumnTitle(index, value), 'typing')}
                  />
                </div>
              ))}
              {editable ? (
                <div className="pointer-events-none absolute inset-y-0 right-0 left-4">
                  {/* a dragged pixel is scaled back to the stored widths, which the columns draw in proportion; only
                      the handles take pointers, so the titles under this layer stay clickable (issue 22) */}
                  <div ref={columns} className="relative h-full w-full">
                    <ColumnResizeHandles
                      widths={widths}
                      onPreview={setPreview}
                      onCommit={(next) => onEdit(setColumnWidths(next))}
                      label={(index) => t('editorItems.itinerary.resizeColumn', { number: index + 1 })}
                      frame={columns}
                    />
                  </div>
                </div>
              ) : null}
            </div>
            {page.days.map((day, index) => (
              <DayBlock key={day._id} day={day} index={index} count={page.days.length} />
            ))}
            {page.days.length === 0 ? (
              <div className="flex flex-col items-center gap-3 rounded-card border border-dashed border-neutral-300 px-4 py-8 text-center text-sm text-neutral-600">
                <p>{t('editorItems.itinerary.empty')}</p>
                {editable ? (
                  <Button
                    size="sm"
                    icon={<CalendarPlus className="size-4" aria-hidden="true" />}
                    onClick={() => onEdit(addDay(ids))}
                  >
                    {t('editorItems.itinerary.addDay')}
                  </Button>
                ) : null}
              </div>
            ) : null}
          </div>
        </div>
      </ItineraryContext.Provider>
    </DndScope>
  );
}
