import { useCallback, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Draft } from 'immer';
import { GripVertical, Star } from 'lucide-react';
import { isReplacementSubActivity, type Activity, type SubActivity } from '@pocketguide/contracts';
import { cx } from '../../../lib/class-names.ts';
import { RichTextField } from '../rich-text/rich-text-field.tsx';
import { GridCells, type CellKey } from './grid-cells.tsx';
import { useItinerary } from './itinerary-context.ts';
import {
  DRAG_ACTIVITY,
  DRAG_SUB_ACTIVITY,
  DropIndicator,
  useSortableRow,
  type ActivityDrag,
  type DropPosition,
  type SubActivityDrag,
} from './itinerary-dnd.tsx';
import {
  copyActivityBelow,
  copySubActivityBelow,
  deleteActivity,
  editActivity,
  editSubActivity,
  insertActivityAfter,
  insertSubActivityAfter,
  moveActivity,
  relocateSubActivity,
  removeSubActivity,
  stepActivity,
  stepSubActivity,
  toggleImportant,
} from './itinerary-edits.ts';
import { RowActions } from './row-actions.tsx';
import { pressToSelect } from '../../editor/press-to-select.ts';

type ActivityBlockProps = {
  dayId: string;
  activity: Activity;
  index: number;
  /** where the activity sits, to tell whether it can move up or down (into the days around) */
  canMoveUp: boolean;
  canMoveDown: boolean;
};

/** An activity: its place, time and schedule, then its sub-activities (spec §3 Day / Activity / Sub-activity). */
export function ActivityBlock({ dayId, activity, index, canMoveUp, canMoveDown }: ActivityBlockProps) {
  const { t } = useTranslation();
  const { editable, activeId, onActivateId, edit, ids } = useItinerary();
  const active = editable && activeId === activity._id;
  const label = t('editorItems.itinerary.activity', { number: index + 1 });

  const dragItem = useMemo<ActivityDrag>(() => ({ dayId, activityId: activity._id }), [dayId, activity._id]);
  const onDrop = useCallback(
    (dragged: ActivityDrag, position: DropPosition) => {
      if (dragged.activityId === activity._id) return;
      edit((page) => {
        const target = page.days.find((day) => day._id === dayId);
        const source = page.days.find((day) => day._id === dragged.dayId);
        const at = target?.activities.findIndex((candidate) => candidate._id === activity._id) ?? -1;
        const from = source?.activities.findIndex((candidate) => candidate._id === dragged.activityId) ?? -1;
        if (at === -1 || from === -1) return;
        let index = position === 'before' ? at : at + 1;
        // The index is counted without the moved activity.
        if (dragged.dayId === dayId && from < index) index -= 1;
        moveActivity({ dayId: dragged.dayId, activityId: dragged.activityId }, { dayId, index })(page);
      });
    },
    [activity._id, dayId, edit],
  );
  const { rowRef, handleRef, isDragging, indicator } = useSortableRow<ActivityDrag>({
    type: DRAG_ACTIVITY,
    item: dragItem,
    enabled: editable,
    canDrop: useCallback(() => true, []),
    onDrop,
  });
  const change = (update: (draft: Draft<Activity>) => void, editLabel?: string) =>
    edit(editActivity(dayId, activity._id, update), editLabel);

  return (
    <div
      ref={rowRef}
      role="group"
      aria-label={label}
      data-part-id={activity._id}
      className={cx(
        'relative flex flex-col gap-1 rounded-control py-1.5',
        activity.isImportant ? 'bg-accent-50' : undefined,
        active ? 'ring-2 ring-primary-600' : editable ? 'hover:bg-neutral-50' : undefined,
        isDragging ? 'opacity-40' : undefined,
      )}
      {...(editable ? pressToSelect(() => onActivateId(activity._id)) : {})}
      onFocusCapture={editable ? () => onActivateId(activity._id) : undefined}
    >
      <DropIndicator position={indicator} />
      <RowContent handleRef={handleRef} important={activity.isImportant}>
        <GridCells
          values={activity}
          labelPrefix={label}
          onValue={(key, value) => change(setCell(key, value), 'typing')}
        />
      </RowContent>
      {/* under the row, not over it: selecting a row never moves the field that was tapped (issue 22) */}
      {active ? (
        <div className="flex justify-end px-1">
          <RowActions
            label={t('editorItems.itinerary.activityActions')}
            onMoveUp={canMoveUp ? () => edit(stepActivity(dayId, activity._id, -1)) : undefined}
            onMoveDown={canMoveDown ? () => edit(stepActivity(dayId, activity._id, 1)) : undefined}
            onInsertAfter={() => edit(insertActivityAfter(dayId, activity._id, ids))}
            onCopyBelow={() => edit(copyActivityBelow(dayId, activity._id, ids))}
            onDelete={() => edit(deleteActivity(dayId, activity._id))}
            important={{ value: activity.isImportant, onToggle: () => change(toggleImportant) }}
          />
        </div>
      ) : null}
      <ul className="flex flex-col gap-1 pl-5">
        {activity.subActivities.map((sub, subIndex) =>
          // Readers are not shown the empty 'Enter Activity' stand-in; authors edit it like any other.
          !editable && isReplacementSubActivity(sub) ? null : (
            <SubActivityRow
              key={sub._id}
              dayId={dayId}
              activityId={activity._id}
              sub={sub}
              index={subIndex}
              canMoveUp={subIndex > 0 || canMoveUp}
              canMoveDown={subIndex < activity.subActivities.length - 1 || canMoveDown}
            />
          ),
        )}
      </ul>
    </div>
  );
}

function SubActivityRow({
  dayId,
  activityId,
  sub,
  index,
  canMoveUp,
  canMoveDown,
}: {
  dayId: string;
  activityId: string;
  sub: SubActivity;
  index: number;
  canMoveUp: boolean;
  canMoveDown: boolean;
}) {
  const { t } = useTranslation();
  const { editable, activeId, onActivateId, edit, ids } = useItinerary();
  const active = editable && activeId === sub._id;
  const label = t('editorItems.itinerary.subActivity', { number: index + 1 });

  const dragItem = useMemo<SubActivityDrag>(
    () => ({ dayId, activityId, subActivityId: sub._id }),
    [dayId, activityId, sub._id],
  );
  const onDrop = useCallback(
    (dragged: SubActivityDrag, position: DropPosition) => {
      if (dragged.subActivityId === sub._id) return;
      edit((page) => {
        const activity = page.days
          .find((day) => day._id === dayId)
          ?.activities.find((candidate) => candidate._id === activityId);
        const at = activity?.subActivities.findIndex((candidate) => candidate._id === sub._id) ?? -1;
        const from = activity?.subActivities.findIndex((candidate) => candidate._id === dragged.subActivityId) ?? -1;
        if (at === -1 || from === -1) return;
        let index = position === 'before' ? at : at + 1;
        if (from < index) index -= 1;
        relocateSubActivity(
          dayId,
          { activityId, subActivityId: dragged.subActivityId },
          { activityId, index },
          ids,
        )(page);
      });
    },
    [activityId, dayId, edit, ids, sub._id],
  );
  const { rowRef, handleRef, isDragging, indicator } = useSortableRow<SubActivityDrag>({
    type: DRAG_SUB_ACTIVITY,
    item: dragItem,
    enabled: editable,
    // Spec §4: sub-activities move within the same activity.
    canDrop: useCallback((dragged: SubActivityDrag) => dragged.activityId === activityId, [activityId]),
    onDrop,
  });
  const change = (update: (draft: Draft<SubActivity>) => void, label?: string) =>
    edit(editSubActivity(dayId, activityId, sub._id, update), label);

  return (
    <li
      className={cx(
        'relative list-none rounded-control py-1',
        sub.isImportant ? 'bg-accent-50' : undefined,
        active ? 'ring-2 ring-primary-600' : undefined,
        isDragging ? 'opacity-40' : undefined,
      )}
    >
      <div
        ref={rowRef}
        role="group"
        aria-label={label}
        className="flex flex-col gap-1"
        {...(editable ? pressToSelect(() => onActivateId(sub._id)) : {})}
        onFocusCapture={editable ? () => onActivateId(sub._id) : undefined}
      >
        <DropIndicator position={indicator} />
        <RowContent handleRef={handleRef} important={sub.isImportant}>
          <GridCells
            compact
            values={sub}
            labelPrefix={label}
            onValue={(key, value) => change(setCell(key, value), 'typing')}
          />
          <RichTextField
            className="px-1 text-sm text-neutral-700"
            value={sub.body}
            editable={editable}
            active={active}
            onActivate={() => onActivateId(sub._id)}
            onChange={(body) =>
              change((draft) => {
                draft.body = body;
              }, 'typing')
            }
            label={`${label} ${t('editorItems.itinerary.body')}`}
            placeholder={
              isReplacementSubActivity(sub)
                ? t('editorItems.itinerary.replacementPlaceholder')
                : t('editorItems.itinerary.bodyPlaceholder')
            }
          />
        </RowContent>
        {active ? (
          <div className="flex justify-end px-1">
            <RowActions
              label={t('editorItems.itinerary.subActivityActions')}
              onMoveUp={canMoveUp ? () => edit(stepSubActivity(dayId, activityId, sub._id, -1, ids)) : undefined}
              onMoveDown={canMoveDown ? () => edit(stepSubActivity(dayId, activityId, sub._id, 1, ids)) : undefined}
              onInsertAfter={() => edit(insertSubActivityAfter(dayId, activityId, sub._id, ids))}
              onCopyBelow={() => edit(copySubActivityBelow(dayId, activityId, sub._id, ids))}
              onDelete={() => edit(removeSubActivity(dayId, activityId, sub._id, ids))}
              important={{ value: sub.isImportant, onToggle: () => change(toggleImportant) }}
            />
          </div>
        ) : null}
      </div>
    </li>
  );
}

/** Writes one grid cell of an activity or sub-activity. */
const setCell = (key: CellKey, value: string) => (row: Record<CellKey, string>) => {
  row[key] = value;
};

/**
 * What an activity and a sub-activity show below their actions: in the editor the drag handle beside the content;
 * to readers an important one's mark above it.
 */
function RowContent({
  handleRef,
  important,
  children,
}: {
  handleRef(node: HTMLElement | null): void;
  important: boolean;
  children: ReactNode;
}) {
  const { editable } = useItinerary();
  return (
    <div className="flex items-start">
      {editable ? <DragHandle handleRef={handleRef} /> : null}
      <div className="min-w-0 flex-1">
        {important && !editable ? <ImportantMark /> : null}
        {children}
      </div>
    </div>
  );
}

export function DragHandle({ handleRef }: { handleRef(node: HTMLElement | null): void }) {
  const { t } = useTranslation();
  return (
    <span
      ref={handleRef}
      title={t('editorItems.itinerary.actions.drag')}
      // Pointer only: keyboard users move rows with the move up / move down buttons.
      aria-hidden="true"
      className="mt-1 flex h-6 w-4 shrink-0 cursor-grab items-center justify-center text-neutral-400 hover:text-neutral-700 active:cursor-grabbing"
    >
      <GripVertical className="size-4" />
    </span>
  );
}

export function ImportantMark() {
  const { t } = useTranslation();
  return (
    <span className="mb-0.5 inline-flex items-center gap-1 px-1 text-xs font-semibold text-accent-600">
      <Star className="size-3.5 fill-current" aria-hidden="true" />
      {t('editorItems.itinerary.actions.important')}
    </span>
  );
}
