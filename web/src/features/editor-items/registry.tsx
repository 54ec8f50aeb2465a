import { lazy, Suspense, type ComponentType } from 'react';
import { SECTION_ITEM_TYPES } from '@pocketguide/contracts';
import { cx } from '../../lib/class-names.ts';
import type {
  EditorItemRegistry,
  ItineraryPageProps,
  RichTextFieldProps,
  SectionItemComponents,
  SectionItemProps,
} from '../editor/item-contract.ts';
import { DormantRichText } from './rich-text/dormant-rich-text.tsx';
import { RichTextView } from './rich-text/render-rich-text.tsx';
import { EDITABLE_CLASS } from './rich-text/rich-text-style.ts';

/**
 * What the app's editor route hands to the editor (see `item-contract.ts`), with the parts' components in a file of
 * their own (issue 20): Slate, the item types and the itinerary are about half of the editor's code, and its first
 * screen (the cover: its picture is the largest paint) draws none of them but the cover's texts. Each part is drawn
 * by its component once that file is here; until then the cover's texts are drawn as the rich-text field draws a
 * field away from the viewport (`DormantRichText`, the same elements, so nothing moves when the field takes over),
 * and an item as an empty block. The file is asked for by the first part drawn, and by the route once the editor is
 * on screen (`preloadItemComponents`), so a page opened later finds it here.
 */
const loadItemComponents = () => import('./item-components.ts').then((module) => module.editorItemComponents);

/** Starts loading the parts' components (the editor route calls it once its first screen is drawn). */
export function preloadItemComponents(): void {
  void loadItemComponents().catch(() => undefined); // a failure is met again, and shown, where a part draws
}

function loadedLater<P extends object>(
  pick: (components: Required<EditorItemRegistry>) => ComponentType<P>,
  Placeholder: ComponentType<P>,
): ComponentType<P> {
  const Loaded = lazy(() => loadItemComponents().then((components) => ({ default: pick(components) })));
  function PartWhenLoaded(props: P) {
    return (
      <Suspense fallback={<Placeholder {...props} />}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return PartWhenLoaded;
}

/** A rich-text field while Slate loads: drawn as the field draws itself away from the viewport, or as a reader sees it. */
function RichTextPlaceholder({ value, editable, singleLine, placeholder, label, className }: RichTextFieldProps) {
  if (!editable) return <RichTextView value={value} className={className} />;
  return (
    <div data-rich-text-field="" className={cx('relative', className)}>
      <DormantRichText
        value={value}
        className={EDITABLE_CLASS}
        placeholder={placeholder}
        label={label}
        singleLine={singleLine}
        onWake={() => undefined}
      />
    </div>
  );
}

function PartPlaceholder() {
  return <div aria-busy="true" className="min-h-12" />;
}

export const editorItemRegistry: EditorItemRegistry = {
  // each type's component, found in the loaded file by its type (the map there is complete: item-components.ts)
  items: Object.fromEntries(
    SECTION_ITEM_TYPES.map((type) => [
      type,
      loadedLater((components) => components.items[type] as ComponentType<SectionItemProps>, PartPlaceholder),
    ]),
  ) as SectionItemComponents,
  ItineraryPage: loadedLater<ItineraryPageProps>((components) => components.ItineraryPage, PartPlaceholder),
  RichTextField: loadedLater<RichTextFieldProps>((components) => components.RichTextField, RichTextPlaceholder),
};
