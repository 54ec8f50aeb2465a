import { useTranslation } from 'react-i18next';
import type { Draft } from 'immer';
import { Utensils } from 'lucide-react';
import type { Meal } from '@pocketguide/contracts';
import { cx } from '../../../lib/class-names.ts';
import { RichTextField } from '../rich-text/rich-text-field.tsx';
import { ImportantMark } from './activity-block.tsx';
import { useItinerary } from './itinerary-context.ts';
import { copyMealBelow, deleteMeal, editMeal, insertMealAfter, moveMeal, toggleImportant } from './itinerary-edits.ts';
import { RowActions } from './row-actions.tsx';
import { pressToSelect } from '../../editor/press-to-select.ts';

/** A meal of the day: a title (empty at first, 'Meal title' its placeholder) and what to eat where. */
export function MealRow({ dayId, meal, index, count }: { dayId: string; meal: Meal; index: number; count: number }) {
  const { t } = useTranslation();
  const { editable, activeId, onActivateId, edit, ids } = useItinerary();
  const active = editable && activeId === meal._id;
  const label = t('editorItems.itinerary.meal', { number: index + 1 });
  const change = (update: (draft: Draft<Meal>) => void, editLabel?: string) =>
    edit(editMeal(dayId, meal._id, update), editLabel);

  return (
    <div
      role="group"
      aria-label={label}
      data-part-id={meal._id}
      className={cx(
        'flex flex-col gap-1 rounded-control px-1 py-1.5',
        meal.isImportant ? 'bg-accent-50' : undefined,
        active ? 'ring-2 ring-primary-600' : undefined,
      )}
      {...(editable ? pressToSelect(() => onActivateId(meal._id)) : {})}
      onFocusCapture={editable ? () => onActivateId(meal._id) : undefined}
    >
      {meal.isImportant && !editable ? <ImportantMark /> : null}
      <div className="flex items-start gap-2">
        <Utensils className="mt-1 size-4 shrink-0 text-primary-600" aria-hidden="true" />
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          <RichTextField
            className="font-semibold text-neutral-900"
            value={meal.title}
            editable={editable}
            active={active}
            onActivate={() => onActivateId(meal._id)}
            onChange={(title) =>
              change((draft) => {
                draft.title = title;
              }, 'typing')
            }
            singleLine
            label={`${label} ${t('editorItems.itinerary.mealTitle')}`}
            placeholder={t('editorItems.itinerary.mealTitle')}
          />
          <RichTextField
            className="text-sm text-neutral-700"
            value={meal.body}
            editable={editable}
            active={active}
            onActivate={() => onActivateId(meal._id)}
            onChange={(body) =>
              change((draft) => {
                draft.body = body;
              }, 'typing')
            }
            label={`${label} ${t('editorItems.itinerary.mealBody')}`}
            placeholder={t('editorItems.itinerary.mealBodyPlaceholder')}
          />
        </div>
      </div>
      {active ? (
        <div className="flex justify-end">
          <RowActions
            label={t('editorItems.itinerary.mealActions')}
            onMoveUp={index > 0 ? () => edit(moveMeal(dayId, meal._id, -1)) : undefined}
            onMoveDown={index < count - 1 ? () => edit(moveMeal(dayId, meal._id, 1)) : undefined}
            onInsertAfter={() => edit(insertMealAfter(dayId, meal._id, ids))}
            onCopyBelow={() => edit(copyMealBelow(dayId, meal._id, ids))}
            onDelete={() => edit(deleteMeal(dayId, meal._id))}
            important={{ value: meal.isImportant, onToggle: () => change(toggleImportant) }}
          />
        </div>
      ) : null}
    </div>
  );
}
