import { current, type Draft } from 'immer';
import {
  copyBelow,
  deleteSubActivity,
  moveSubActivity,
  newActivity,
  newDay,
  newMeal,
  newSubActivity,
  normaliseDay,
  type Activity,
  type ContentPage,
  type Day,
  type IdGenerator,
  type Meal,
  type SubActivity,
} from '@pocketguide/contracts';

/**
 * The itinerary's edits as immer recipes on the page (spec §4 itinerary ordering). The rules themselves are the
 * contracts' pure functions (`deleteSubActivity`, `moveSubActivity`, `copyBelow`, `normaliseDay`); a recipe only
 * finds the part and writes back what changed, so each edit records small patches.
 */

export type PageRecipe = (page: Draft<ContentPage>) => void;

const findDay = (page: Draft<ContentPage>, dayId: string): Draft<Day> | undefined =>
  page.days.find((day) => day._id === dayId);
const findActivity = (page: Draft<ContentPage>, dayId: string, activityId: string): Draft<Activity> | undefined =>
  findDay(page, dayId)?.activities.find((activity) => activity._id === activityId);

/** Moves the entry with `id` by `delta` places within its list (no-op at the ends). */
function moveInList<T extends { _id: string }>(list: T[], id: string, delta: number): void {
  const from = list.findIndex((entry) => entry._id === id);
  const to = from + delta;
  if (from === -1 || to < 0 || to >= list.length) return;
  const [entry] = list.splice(from, 1);
  if (entry) list.splice(to, 0, entry);
}

/** Puts the copy `copyBelow` makes right below the original, leaving the rest of the list untouched. */
function insertCopyBelow<T extends { _id: string }>(list: Draft<T[]>, id: string, ids: IdGenerator): void {
  const index = list.findIndex((entry) => entry._id === id);
  if (index === -1) return;
  const copy = copyBelow(current<T[]>(list), id, ids)[index + 1];
  if (copy) list.splice(index + 1, 0, copy as Draft<T>);
}

function insertAfter<T extends { _id: string }>(list: Draft<T>[], afterId: string | null, entry: T): void {
  const index = afterId === null ? list.length - 1 : list.findIndex((candidate) => candidate._id === afterId);
  list.splice(index === -1 ? list.length : index + 1, 0, entry as Draft<T>);
}

/** The important toggle (the star in the row's actions) of an activity, sub-activity or meal. */
export const toggleImportant = (row: { isImportant: boolean }): void => {
  row.isImportant = !row.isImportant;
};

// ---------------------------------------------------------------- days

/** The add-day control: a day with an empty title ('Day 1', 'Day 2', … are the editor's placeholders, never stored). */
export const addDay =
  (ids: IdGenerator): PageRecipe =>
  (page) => {
    page.days.push(newDay(ids));
  };

export const insertDayAfter =
  (dayId: string, ids: IdGenerator): PageRecipe =>
  (page) =>
    insertAfter(page.days, dayId, newDay(ids));

export const deleteDay =
  (dayId: string): PageRecipe =>
  (page) => {
    const index = page.days.findIndex((day) => day._id === dayId);
    if (index !== -1) page.days.splice(index, 1);
  };

export const copyDayBelow =
  (dayId: string, ids: IdGenerator): PageRecipe =>
  (page) =>
    insertCopyBelow(page.days, dayId, ids);

export const moveDay =
  (dayId: string, delta: number): PageRecipe =>
  (page) =>
    moveInList(page.days, dayId, delta);

export const setDayTitle =
  (dayId: string, title: Day['title']): PageRecipe =>
  (page) => {
    const day = findDay(page, dayId);
    if (day) day.title = title;
  };

/** Applies the day rules when the title is left (a blank title stays blank: its placeholder is the editor's). */
export const normaliseDayTitle =
  (dayId: string, ids: IdGenerator): PageRecipe =>
  (page) => {
    const day = findDay(page, dayId);
    if (!day) return;
    const next = normaliseDay(current(day), ids);
    if (next.title !== current(day).title) day.title = next.title;
  };

// ---------------------------------------------------------------- activities

export const addActivity =
  (dayId: string, ids: IdGenerator): PageRecipe =>
  (page) => {
    findDay(page, dayId)?.activities.push(newActivity(ids));
  };

export const insertActivityAfter =
  (dayId: string, activityId: string, ids: IdGenerator): PageRecipe =>
  (page) => {
    const day = findDay(page, dayId);
    if (day) insertAfter(day.activities, activityId, newActivity(ids));
  };

export const deleteActivity =
  (dayId: string, activityId: string): PageRecipe =>
  (page) => {
    const day = findDay(page, dayId);
    const index = day?.activities.findIndex((activity) => activity._id === activityId) ?? -1;
    if (day && index !== -1) day.activities.splice(index, 1);
  };

export const copyActivityBelow =
  (dayId: string, activityId: string, ids: IdGenerator): PageRecipe =>
  (page) => {
    const day = findDay(page, dayId);
    if (day) insertCopyBelow(day.activities, activityId, ids);
  };

/**
 * Moves an activity to `to.index` of a day's list (counted without the moved one), within a day or to another
 * (spec §4 "activities across days").
 */
export const moveActivity =
  (from: { dayId: string; activityId: string }, to: { dayId: string; index: number }): PageRecipe =>
  (page) => {
    const source = findDay(page, from.dayId);
    const target = findDay(page, to.dayId);
    const index = source?.activities.findIndex((activity) => activity._id === from.activityId) ?? -1;
    if (!source || !target || index === -1) return;
    const [moved] = source.activities.splice(index, 1);
    if (!moved) return;
    const at = Math.min(Math.max(0, to.index), target.activities.length);
    target.activities.splice(at, 0, moved);
  };

/** Up or down one place; past the first or last one of a day, to the end of the day before or the start of the next. */
export const stepActivity =
  (dayId: string, activityId: string, delta: -1 | 1): PageRecipe =>
  (page) => {
    const dayIndex = page.days.findIndex((day) => day._id === dayId);
    const day = page.days[dayIndex];
    const index = day?.activities.findIndex((activity) => activity._id === activityId) ?? -1;
    if (!day || index === -1) return;
    const inside = index + delta;
    if (inside >= 0 && inside < day.activities.length)
      return moveActivity({ dayId, activityId }, { dayId, index: inside })(page);
    const neighbour = page.days[dayIndex + delta];
    if (neighbour)
      moveActivity(
        { dayId, activityId },
        { dayId: neighbour._id, index: delta < 0 ? neighbour.activities.length : 0 },
      )(page);
  };

export const editActivity =
  (dayId: string, activityId: string, edit: (activity: Draft<Activity>) => void): PageRecipe =>
  (page) => {
    const activity = findActivity(page, dayId, activityId);
    if (activity) edit(activity);
  };

// ---------------------------------------------------------------- sub-activities

export const insertSubActivityAfter =
  (dayId: string, activityId: string, subActivityId: string | null, ids: IdGenerator): PageRecipe =>
  (page) => {
    const activity = findActivity(page, dayId, activityId);
    if (activity) insertAfter(activity.subActivities, subActivityId, newSubActivity(ids));
  };

/** The last one deleted leaves an empty replacement reading 'Enter Activity' (spec §4). */
export const removeSubActivity =
  (dayId: string, activityId: string, subActivityId: string, ids: IdGenerator): PageRecipe =>
  (page) => {
    const activity = findActivity(page, dayId, activityId);
    if (activity) activity.subActivities = deleteSubActivity(current(activity), subActivityId, ids).subActivities;
  };

export const copySubActivityBelow =
  (dayId: string, activityId: string, subActivityId: string, ids: IdGenerator): PageRecipe =>
  (page) => {
    const activity = findActivity(page, dayId, activityId);
    if (activity) insertCopyBelow(activity.subActivities, subActivityId, ids);
  };

/**
 * Moves a sub-activity within its day (the same activity, or another): the source keeps a replacement when it
 * loses its last one, and a target holding only a replacement collapses to the moved one (spec §4).
 */
export const relocateSubActivity =
  (
    dayId: string,
    from: { activityId: string; subActivityId: string },
    to: { activityId: string; index: number },
    ids: IdGenerator,
  ): PageRecipe =>
  (page) => {
    const day = findDay(page, dayId);
    if (!day) return;
    const before = current(day);
    const next = moveSubActivity(before, from, to, ids);
    next.activities.forEach((activity, index) => {
      const draft = day.activities[index];
      if (draft && activity !== before.activities[index]) draft.subActivities = activity.subActivities;
    });
  };

/** Up or down one place in its activity; past the ends, into the activity before or after in the same day. */
export const stepSubActivity =
  (dayId: string, activityId: string, subActivityId: string, delta: -1 | 1, ids: IdGenerator): PageRecipe =>
  (page) => {
    const day = findDay(page, dayId);
    const activityIndex = day?.activities.findIndex((activity) => activity._id === activityId) ?? -1;
    const activity = day?.activities[activityIndex];
    const index = activity?.subActivities.findIndex((sub) => sub._id === subActivityId) ?? -1;
    if (!day || !activity || index === -1) return;
    const inside = index + delta;
    if (inside >= 0 && inside < activity.subActivities.length) {
      moveInList(activity.subActivities, subActivityId, delta);
      return;
    }
    const neighbour = day.activities[activityIndex + delta];
    if (!neighbour) return;
    const to = { activityId: neighbour._id, index: delta < 0 ? neighbour.subActivities.length : 0 };
    relocateSubActivity(dayId, { activityId, subActivityId }, to, ids)(page);
  };

export const editSubActivity =
  (dayId: string, activityId: string, subActivityId: string, edit: (sub: Draft<SubActivity>) => void): PageRecipe =>
  (page) => {
    const sub = findActivity(page, dayId, activityId)?.subActivities.find(
      (candidate) => candidate._id === subActivityId,
    );
    if (sub) edit(sub);
  };

// ---------------------------------------------------------------- meals

export const addMeal =
  (dayId: string, ids: IdGenerator): PageRecipe =>
  (page) => {
    findDay(page, dayId)?.meals.push(newMeal(ids));
  };

export const insertMealAfter =
  (dayId: string, mealId: string, ids: IdGenerator): PageRecipe =>
  (page) => {
    const day = findDay(page, dayId);
    if (day) insertAfter(day.meals, mealId, newMeal(ids));
  };

export const deleteMeal =
  (dayId: string, mealId: string): PageRecipe =>
  (page) => {
    const day = findDay(page, dayId);
    const index = day?.meals.findIndex((meal) => meal._id === mealId) ?? -1;
    if (day && index !== -1) day.meals.splice(index, 1);
  };

export const copyMealBelow =
  (dayId: string, mealId: string, ids: IdGenerator): PageRecipe =>
  (page) => {
    const day = findDay(page, dayId);
    if (day) insertCopyBelow(day.meals, mealId, ids);
  };

export const moveMeal =
  (dayId: string, mealId: string, delta: -1 | 1): PageRecipe =>
  (page) => {
    const day = findDay(page, dayId);
    if (day) moveInList(day.meals, mealId, delta);
  };

export const editMeal =
  (dayId: string, mealId: string, edit: (meal: Draft<Meal>) => void): PageRecipe =>
  (page) => {
    const meal = findDay(page, dayId)?.meals.find((candidate) => candidate._id === mealId);
    if (meal) edit(meal);
  };

// ---------------------------------------------------------------- the grid's columns

export const setColumnWidths =
  (widths: number[]): PageRecipe =>
  (page) => {
    page.colWidths = widths;
  };

export const setColumnTitle =
  (index: number, title: string): PageRecipe =>
  (page) => {
    if (index >= 0 && index < page.colTitles.length) page.colTitles[index] = title;
  };
