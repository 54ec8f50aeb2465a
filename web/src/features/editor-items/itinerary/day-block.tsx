import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Plus } from 'lucide-react';
import { isRichTextBlank, type Day, type IdGenerator } from '@pocketguide/contracts';
import { Button } from '../../../components/button.tsx';
import { cx } from '../../../lib/class-names.ts';
import { RichTextField } from '../rich-text/rich-text-field.tsx';
import { ActivityBlock } from './activity-block.tsx';
import { useItinerary } from './itinerary-context.ts';
import { DRAG_ACTIVITY, useListDrop, type ActivityDrag } from './itinerary-dnd.tsx';
import {
  addActivity,
  addMeal,
  copyDayBelow,
  deleteDay,
  insertDayAfter,
  moveActivity,
  moveDay,
  normaliseDayTitle,
  setDayTitle,
  type PageRecipe,
} from './itinerary-edits.ts';
import { MealRow } from './meal-row.tsx';
import { RowActions } from './row-actions.tsx';
import { pressToSelect } from '../../editor/press-to-select.ts';
import { focusNewPart } from '../../editor/focus-new-part.ts';

/** One day: its title, activities and meals, and (in the editor) its chrome and add buttons. */
export function DayBlock({ day, index, count }: { day: Day; index: number; count: number }) {
  const { t } = useTranslation();
  const { editable, activeId, onActivateId, edit, ids } = useItinerary();
  const active = editable && activeId === day._id;
  const label = t('editorItems.itinerary.day', { number: index + 1 });

  const { zoneRef, active: dropActive } = useListDrop<ActivityDrag>({
    type: DRAG_ACTIVITY,
    enabled: editable && day.activities.length === 0,
    onDrop: useCallback(
      (dragged: ActivityDrag) =>
        edit(moveActivity({ dayId: dragged.dayId, activityId: dragged.activityId }, { dayId: day._id, index: 0 })),
      [day._id, edit],
    ),
  });

  // The new activity or meal takes the focus, so what is typed next goes into it, not into the button (issue 22).
  const addAndFocus = (recipe: (tracked: IdGenerator) => PageRecipe) => {
    let first: string | null = null;
    const tracked: IdGenerator = {
      newId: () => {
        const id = ids.newId();
        first ??= id;
        return id;
      },
    };
    edit(recipe(tracked));
    if (first !== null) focusNewPart(first);
  };

  return (
    <section
      aria-label={label}
      data-part-id={day._id}
      className="flex flex-col gap-2 border-b border-neutral-200 pb-4 last:border-b-0"
    >
      <div
        className={cx('flex flex-col gap-1 rounded-control', active ? 'ring-2 ring-primary-600' : undefined)}
        {...(editable ? pressToSelect(() => onActivateId(day._id)) : {})}
        onFocusCapture={editable ? () => onActivateId(day._id) : undefined}
        onBlurCapture={(event) => {
          // The day rules run when the author leaves the title (a blank one stays blank, showing its placeholder).
          if (
            !editable ||
            event.currentTarget.contains(event.relatedTarget as Node | null) ||
            !isRichTextBlank(day.title)
          )
            return;
          edit(normaliseDayTitle(day._id, ids));
        }}
      >
        <div role="heading" aria-level={2} className="px-1">
          <RichTextField
            className="text-lg font-bold text-primary-700"
            value={day.title}
            editable={editable}
            active={active}
            onActivate={() => onActivateId(day._id)}
            onChange={(title) => edit(setDayTitle(day._id, title), 'typing')}
            singleLine
            label={t('editorItems.itinerary.dayTitle')}
            placeholder={label}
          />
        </div>
        {active ? (
          <div className="flex justify-end">
            <RowActions
              label={t('editorItems.itinerary.dayActions')}
              onMoveUp={index > 0 ? () => edit(moveDay(day._id, -1)) : undefined}
              onMoveDown={index < count - 1 ? () => edit(moveDay(day._id, 1)) : undefined}
              onInsertAfter={() => edit(insertDayAfter(day._id, ids))}
              onCopyBelow={() => edit(copyDayBelow(day._id, ids))}
              onDelete={() => edit(deleteDay(day._id))}
            />
          </div>
        ) : null}
      </div>

      <div
        ref={zoneRef}
        className={cx(
          'flex flex-col gap-1',
          dropActive ? 'rounded-control bg-primary-50 outline-2 outline-primary-600 outline-dashed' : undefined,
        )}
      >
        {day.activities.map((activity, activityIndex) => (
          <ActivityBlock
            key={activity._id}
            dayId={day._id}
            activity={activity}
            index={activityIndex}
            canMoveUp={activityIndex > 0 || index > 0}
            canMoveDown={activityIndex < day.activities.length - 1 || index < count - 1}
          />
        ))}
      </div>

      {day.meals.length > 0 ? (
        <div className="flex flex-col gap-1">
          <h3 className="px-1 text-sm font-semibold text-neutral-600">{t('editorItems.itinerary.meals')}</h3>
          {day.meals.map((meal, mealIndex) => (
            <MealRow key={meal._id} dayId={day._id} meal={meal} index={mealIndex} count={day.meals.length} />
          ))}
        </div>
      ) : null}

      {editable ? (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            icon={<Plus className="size-4" aria-hidden="true" />}
            onClick={() => addAndFocus((tracked) => addActivity(day._id, tracked))}
          >
            {t('editorItems.itinerary.addActivity')}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            icon={<Plus className="size-4" aria-hidden="true" />}
            onClick={() => addAndFocus((tracked) => addMeal(day._id, tracked))}
          >
            {t('editorItems.itinerary.addMeal')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
