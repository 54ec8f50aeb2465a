import type { ComponentType } from 'react';
import type { Draft } from 'immer';
import type {
  ContentPage,
  IdGenerator,
  ImageSet,
  RichText,
  SectionItem,
  SectionItemOf,
  SectionItemType,
} from '@pocketguide/contracts';

/**
 * The contract between the editor core (`features/editor`) and the item components (`features/editor-items`).
 *
 * The editor owns the document, selection, undo/redo and saving; an item component only shows one part of the
 * guidebook as readers see it and, when `editable`, edits it in place through `onEdit`. This file holds types
 * only, so `editor-items` may import it without depending on the editor's code (the app's route composes the two).
 *
 * Rules both sides keep:
 * - `onEdit(recipe, label?)` takes an immer recipe on the part itself (the item, or the itinerary page). The editor
 *   runs it at the part's path in the document with `produceWithPatches`, records the patches and their inverses
 *   as one undo step, marks the guidebook dirty and schedules the auto-save. Never mutate `item` outside a recipe
 *   and never keep a draft after the recipe returns.
 * - A recipe may use `ids.newId()` for new nested parts (activities, meals, copies): every `_id` must be fresh.
 * - Undo grouping: consecutive edits with the same non-empty `label` on the same part within `EDIT_MERGE_MS` form
 *   ONE undo step (pass e.g. 'typing' from a text field so a typed word is one step). An edit without a label is
 *   always its own step. Structural edits (add, delete, move, copy, important) should pass no label, or a
 *   distinct one.
 * - The editor runs the structural rules (`normaliseDocument`) after each edit; fixes become part of the same step.
 *   So a field the rules refill when blank (a day title becomes 'New Day') should keep its blank value locally while
 *   focused and send it on blur, or the author sees the default appear mid-typing.
 * - Undo is the editor's: Ctrl/Cmd+Z, Shift+Ctrl/Cmd+Z and Ctrl+Y are caught at the window (capture phase) and undo
 *   or redo the document, every edit included. Do not add slate-history's `withHistory` (two histories would fight).
 *   When `item` changes from outside (undo, redo, a merge with another tab's changes, the server's fixes), show the
 *   new value: e.g. a Slate editor compares the prop with the value it last sent and resets its children if they
 *   differ.
 * - `active` is the editor's selection: the component shows its editing controls (toolbar, table cell controls,
 *   map interaction) only when `editable && active`. Call `onActivate()` on pointer down / focus inside the part.
 *   Escape or a mouseup outside the editor clears the selection (the editor handles both).
 * - Chrome around a section item (select outline, drag handle, move up/down, copy, delete, important/sticky toggle)
 *   is drawn by the editor; the component draws the content only. Inside the itinerary page the page component
 *   draws the chrome of its days, activities, sub-activities and meals itself (see `ItineraryPageProps`).
 * - `uploadImage(file)` validates the file (one image, jpg/png/gif, at most 5 MB), makes sure the guidebook and the
 *   pending edits are saved, uploads, and PUTS THE IMAGE IN PLACE itself (the server records the upload as a change
 *   of the document: an item's `image`, or appended to its `images`). It resolves with the stored sizes after the
 *   document holds them; the component must not write the image again. It rejects with an `Error` whose message is
 *   already shown to the author (toast/alert), so the component only needs to reset its busy state. `onProgress`
 *   hears 0 to 1 as the bytes leave the browser (`ImageUploadButton` shows it). It is absent
 *   when uploading is impossible (e.g. read-only history previews); on an unsaved guidebook it is present but
 *   rejects with the spec's 'You need to save the guidebook before you can upload images' alert.
 */

/** Edits with the same label on the same part within this many ms merge into one undo step. */
export const EDIT_MERGE_MS = 1000;

export type EditRecipe<T> = (draft: Draft<T>) => void;

/** Common props of every part the editor renders through the registry. */
export type PartProps<T> = {
  item: T;
  /** false in previews, history versions and for readers: render exactly as the viewer does */
  editable: boolean;
  /** the part is selected: show its editing controls (only meaningful when editable) */
  active: boolean;
  onActivate(): void;
  onEdit(recipe: EditRecipe<T>, label?: string): void;
  uploadImage?(file: File, onProgress?: (fraction: number) => void): Promise<ImageSet>;
  /** fresh ids for nested parts a recipe creates */
  ids: IdGenerator;
};

/** Props of the component of one section item type. */
export type SectionItemProps<T extends SectionItem = SectionItem> = PartProps<T>;

/**
 * Props of the itinerary page component: it renders the whole page (`item` is the `ContentPage` of type
 * itinerary: its `days`, `colWidths`, `colTitles`) and the selection inside it. `activeId` is the `_id` of the
 * selected day, activity, sub-activity or meal (null: none); `onActivateId(id)` selects one. `active` is true when
 * anything inside the page is selected. The add-day control lives in the editor's floating add menu.
 */
export type ItineraryPageProps = PartProps<ContentPage> & {
  activeId: string | null;
  onActivateId(id: string): void;
};

/**
 * A rich-text field (Slate), used by the editor for the cover's header, subheader and footer texts.
 * `onChange` gets the whole new value; the editor turns it into an edit with label 'typing'.
 */
export type RichTextFieldProps = {
  value: RichText;
  editable: boolean;
  active: boolean;
  onActivate(): void;
  onChange(value: RichText): void;
  /** block Enter (spec §5: single-line fields) */
  singleLine?: boolean;
  placeholder?: string;
  /** accessible name of the field */
  label?: string;
  className?: string;
};

/** The component of each section item type; a type without one shows the editor's placeholder. */
export type SectionItemComponents = { [K in SectionItemType]?: ComponentType<SectionItemProps<SectionItemOf<K>>> };

/**
 * What `features/editor-items/registry.ts` exports as `editorItemRegistry` (the app's editor route passes it to
 * the editor as a prop; the editor never imports `editor-items` itself).
 */
export type EditorItemRegistry = {
  items: SectionItemComponents;
  ItineraryPage?: ComponentType<ItineraryPageProps>;
  RichTextField?: ComponentType<RichTextFieldProps>;
};
