import { createContext, useContext } from 'react';
import type { IdGenerator } from '@pocketguide/contracts';
import type { PageRecipe } from './itinerary-edits.ts';

/** What every row of the itinerary page needs, shared down the days, activities and meals. */
export type ItineraryScope = {
  editable: boolean;
  activeId: string | null;
  onActivateId(id: string): void;
  /** one edit of the page; `label` merges typing into one undo step */
  edit(recipe: PageRecipe, label?: string): void;
  ids: IdGenerator;
  /** the grid's column widths in px (place, time, schedule) */
  widths: readonly number[];
};

export const ItineraryContext = createContext<ItineraryScope | null>(null);

export function useItinerary(): ItineraryScope {
  const scope = useContext(ItineraryContext);
  if (!scope) throw new Error('useItinerary outside ItineraryPage');
  return scope;
}

/**
 * The grid template of the three itinerary columns: the widths as proportions of the width there is (as readers'
 * pages draw them), so the grid fits the 435 px phone and a narrower screen without scrolling sideways.
 */
export const gridColumns = (widths: readonly number[]): string =>
  widths.map((width) => `minmax(0, ${Math.max(1, Math.round(width))}fr)`).join(' ');
