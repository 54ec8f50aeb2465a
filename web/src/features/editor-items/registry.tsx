import { lazy, Suspense, useCallback, useEffect, useState, type ComponentType } from 'react';
import { SECTION_ITEM_TYPES } from '@pocketguide/contracts';
import { cx } from '../../lib/class-names.ts';
import type {
  EditorItemRegistry,
  ItineraryPageProps,
  RichTextFieldProps,
  SectionItemComponents,
  SectionItemProps,
} from '../editor/item-contract.ts';
import { DormantRichText, type WakePoint } from './rich-text/dormant-rich-text.tsx';
import type { WokenBeforeLoad } from './rich-text/rich-text-field.tsx';
import { RichTextView } from './rich-text/render-rich-text.tsx';
import { EDITABLE_CLASS } from './rich-text/rich-text-style.ts';

/**
 * What the app's editor route hands to the editor (see `item-contract.ts`), with the parts' components in a file of
 * their own (issue 20): Slate, the item types and the itinerary are about half of the editor's code, and its first
 * screen (the cover: its picture is the largest paint) draws none of them but the cover's texts. Until that file is
 * here the cover's texts are drawn as the rich-text field draws a field away from the viewport (`DormantRichText`,
 * the same elements, so nothing moves when the field takes over), and an item as an empty block. A cover text asks
 * for the file only once the screen it is on has been painted and the browser is idle, so the file never competes
 * with the cover's picture; an item (a page of the guidebook, opened first or later) asks for it at once.
 */
let arrived = false;
const loadItemComponents = () =>
  import('./item-components.ts').then((module) => {
    arrived = true;
    return module.editorItemComponents;
  });

/** After the next paint, once the browser is idle (at most a second later). */
function whenIdleAfterPaint(then: () => void): () => void {
  if (typeof requestIdleCallback === 'undefined') {
    const timer = setTimeout(then, 200);
    return () => clearTimeout(timer);
  }
  const idle = requestIdleCallback(then, { timeout: 1000 });
  return () => cancelIdleCallback(idle);
}

/** An item's part: asked for at once (a page opened first, or later), an empty block of its room until here. */
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

/**
 * A rich-text field: drawn asleep until the parts' file is here (asked for after the paint, or at once by a press).
 * A press or a Tab on it before then is not lost (issue 22): it asks for the file at once, and the field starts
 * awake with the focus and the caret where the press was (`wokenAt`), as a sleeping field wakes once loaded.
 */
const LoadedRichTextField = lazy(() =>
  loadItemComponents().then((components) => ({
    default: components.RichTextField as ComponentType<RichTextFieldProps & WokenBeforeLoad>,
  })),
);
function RichTextFieldWhenLoaded(props: RichTextFieldProps) {
  const [wanted, setWanted] = useState(() => arrived);
  const [wokenAt, setWokenAt] = useState<WakePoint | undefined>(undefined);
  useEffect(() => (wanted ? undefined : whenIdleAfterPaint(() => setWanted(true))), [wanted]);
  const wake = useCallback((point: WakePoint) => {
    setWokenAt(point);
    setWanted(true);
  }, []);
  const asleep = <RichTextPlaceholder {...props} onWake={wake} />;
  if (!wanted) return asleep;
  return (
    <Suspense fallback={asleep}>
      <LoadedRichTextField {...props} wokenAt={wokenAt} />
    </Suspense>
  );
}

/** A rich-text field while Slate loads: drawn as the field draws itself away from the viewport, or as a reader sees it. */
function RichTextPlaceholder({
  value,
  editable,
  singleLine,
  placeholder,
  label,
  className,
  onWake,
}: RichTextFieldProps & { onWake(point: WakePoint): void }) {
  if (!editable) return <RichTextView value={value} className={className} />;
  return (
    <div data-rich-text-field="" className={cx('relative', className)}>
      <DormantRichText
        value={value}
        className={EDITABLE_CLASS}
        placeholder={placeholder}
        label={label}
        singleLine={singleLine}
        onWake={onWake}
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
  RichTextField: RichTextFieldWhenLoaded,
};
