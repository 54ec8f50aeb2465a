import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CalendarPlus,
  ChevronsUpDown,
  Heading,
  Image,
  LayoutPanelLeft,
  Link2,
  ListChecks,
  Map,
  Pilcrow,
  Plane,
  Table,
  Video,
  type LucideIcon,
} from 'lucide-react';
import { ADDABLE_ITEM_TYPES, type ContentPage, type SectionItemType } from '@pocketguide/contracts';
import { addDay, addItem } from '../editor-actions.ts';
import { useEditor } from '../editor-context.tsx';
import { TableDimensionsDialog } from './table-dimensions-dialog.tsx';
import { focusNewPart } from '../focus-new-part.ts';

const ICONS: Partial<Record<SectionItemType, LucideIcon>> = {
  title: Heading,
  text: Pilcrow,
  image: Image,
  imagetext: LayoutPanelLeft,
  table: Table,
  video: Video,
  button: Link2,
  map: Map,
  accordion: ChevronsUpDown,
  preparation: ListChecks,
  airticket: Plane,
};

/** Spec §2: the menu's top stays between the frame's top + 100 and its bottom − 110, and never above 150. */
export function clampAddMenuTop(desired: number, frameHeight: number, menuHeight: number): number {
  const lowest = frameHeight - 110 - menuHeight;
  return Math.max(150, Math.min(Math.max(desired, 100), lowest));
}

/**
 * The floating add menu beside the phone (spec §2): attractions offer nine item types, preparations and
 * airtickets one, itinerary an add-day control. It follows the reader's scroll within the clamp.
 */
export function AddMenu({ contentId, contentType, frame }: { contentId: string; contentType: ContentPage['contentType']; frame: RefObject<HTMLDivElement | null> }) {
  const { t } = useTranslation();
  const { store } = useEditor();
  const menu = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(150);
  const [tableOpen, setTableOpen] = useState(false);

  useEffect(() => {
    let frameRequest = 0;
    const place = () => {
      frameRequest = 0;
      const box = frame.current?.getBoundingClientRect();
      const height = menu.current?.offsetHeight ?? 0;
      if (!box) return;
      // keep the menu around the middle of the window while the page scrolls past
      setTop(clampAddMenuTop(window.innerHeight / 2 - box.top - height / 2, box.height, height));
    };
    const schedule = () => {
      if (frameRequest === 0) frameRequest = requestAnimationFrame(place);
    };
    place();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frameRequest !== 0) cancelAnimationFrame(frameRequest);
    };
  }, [frame, contentType]);

  const add = (type: SectionItemType) => {
    if (type === 'table') {
      setTableOpen(true);
      return;
    }
    // the new item takes the focus: a sentence typed after 'Add' lands in it whole (issue 22)
    const added = addItem(store, contentId, type);
    if (added) focusNewPart(added);
  };
  const types = ADDABLE_ITEM_TYPES[contentType] as readonly SectionItemType[];
  const buttonClass =
    'flex w-full items-center gap-2.5 rounded-control px-3 py-2 text-left text-sm font-semibold text-neutral-700 hover:bg-primary-50 hover:text-primary-700 focus-visible:bg-primary-50 max-md:w-auto max-md:gap-1.5 max-md:px-2.5 max-md:whitespace-nowrap';

  return (
    // Under 768 px (no room beside the phone) it is a bar across the bottom of the window (its place sticks it
    // there, see the editor's layout): static, so the `top` the desktop menu follows the scroll with does nothing.
    <div
      ref={menu}
      style={{ top }}
      className="absolute left-0 w-48 rounded-card border border-neutral-200 bg-white p-2 shadow-raised transition-[top] duration-150 max-md:static max-md:w-full max-md:p-1.5 max-sm:rounded-none max-sm:border-x-0 max-sm:border-b-0"
      role="group"
      aria-label={t('editor.addMenu.label')}
      data-editor-surface
    >
      <p className="px-3 pt-1 pb-2 text-xs font-semibold text-neutral-500 max-md:sr-only">{t('editor.addMenu.label')}</p>
      <ul className="flex flex-col max-md:flex-row max-md:gap-1 max-md:overflow-x-auto">
        {contentType === 'itinerary' ? (
          <li className="shrink-0">
            <button type="button" className={buttonClass} onClick={() => {
                const added = addDay(store, contentId);
                if (added) focusNewPart(added);
              }}
            >
              <CalendarPlus className="size-4 shrink-0" aria-hidden="true" />
              {t('editor.addMenu.addDay')}
            </button>
          </li>
        ) : (
          types.map((type) => {
            const Icon = ICONS[type] ?? Pilcrow;
            const label = t(`editor.canvas.itemTypes.${type}`, { defaultValue: type });
            return (
              <li key={type} className="shrink-0">
                <button type="button" className={buttonClass} onClick={() => add(type)} aria-label={t('editor.addMenu.add', { type: label })}>
                  <Icon className="size-4 shrink-0" aria-hidden="true" />
                  {types.length === 1 ? t('editor.addMenu.add', { type: label }) : label}
                </button>
              </li>
            );
          })
        )}
      </ul>
      <TableDimensionsDialog
        open={tableOpen}
        onOpenChange={setTableOpen}
        onAdd={(rows, cols) => {
          const added = addItem(store, contentId, 'table', { rows, cols });
          setTableOpen(false);
          if (added) focusNewPart(added);
        }}
      />
    </div>
  );
}
