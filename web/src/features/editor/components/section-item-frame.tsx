import { memo, useCallback, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDown, ArrowUp, Copy, GripVertical, Pin, Star, Trash2 } from 'lucide-react';
import type { ImageSet, SectionItem } from '@pocketguide/contracts';
import { cx } from '../../../lib/class-names.ts';
import { copyItem, deleteItem, moveItem, toggleImportant } from '../editor-actions.ts';
import { useEditor } from '../editor-context.tsx';
import type { EditRecipe, SectionItemProps } from '../item-contract.ts';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useItemDrag } from './drag-and-drop.tsx';
import { pressToSelect } from '../press-to-select.ts';
import { BADGE_INSIDE, CARD_TYPES, ImportantBadge } from '../important-badge.tsx';

type SectionItemFrameProps = {
  contentId: string;
  item: SectionItem;
  sectionIndex: number;
  itemIndex: number;
  isFirst: boolean;
  isLast: boolean;
  editable: boolean;
  active: boolean;
};

/**
 * One section item on the canvas: the item type's component (from the registry) inside the editor's chrome: a
 * selection outline, and while selected a toolbar to drag, move, mark important (Sticky for images), copy and
 * delete. The toolbar hangs under the item in room the item keeps for it (not over the item above, nor over the
 * item's own text): nothing that can be clicked is ever under it, on a phone as on a desktop. Memoised: typing in one item re-renders only that item.
 */
export const SectionItemFrame = memo(function SectionItemFrame({
  contentId,
  item,
  sectionIndex,
  itemIndex,
  isFirst,
  isLast,
  editable,
  active,
}: SectionItemFrameProps) {
  const { t } = useTranslation();
  const { store, registry, uploadImage } = useEditor();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const itemId = item._id;
  const onActivate = useCallback(() => store.select(itemId), [store, itemId]);
  const onEdit = useCallback(
    (recipe: EditRecipe<SectionItem>, label?: string) => void store.editItem(contentId, itemId, recipe, label),
    [store, contentId, itemId],
  );
  const upload = useCallback(
    (file: File, onProgress?: (fraction: number) => void): Promise<ImageSet> =>
      uploadImage({ kind: 'item', contentId, itemId }, file, onProgress),
    [uploadImage, contentId, itemId],
  );
  const { ref, handleRef, isDragging, dropLine } = useItemDrag(contentId, itemId, sectionIndex, itemIndex, editable);

  const typeLabel = t(`editor.canvas.itemTypes.${item.type}`, { defaultValue: item.type });
  // The registry is keyed by type, so the component found takes exactly this item's props.
  const Component = registry.items[item.type] as ComponentType<SectionItemProps> | undefined;
  const importantLabel = item.type === 'image' ? t('editor.canvas.item.sticky') : t('editor.canvas.item.important');

  return (
    <div
      ref={ref}
      data-item-id={itemId}
      data-item-type={item.type}
      className={cx(
        'relative rounded-[6px]',
        isDragging && 'opacity-40',
        // the selected item keeps room below it for its toolbar, so the toolbar covers nothing that can be clicked
        editable &&
          (active
            ? 'mb-11 outline-2 outline-offset-2 outline-primary-600'
            : 'hover:outline hover:outline-offset-2 hover:outline-primary-200'),
        // an important item is marked as readers see it: a bar on its left (a card's own left border for cards)
        item.isImportant &&
          item.type !== 'image' &&
          !CARD_TYPES.has(item.type) &&
          'border-l-[3px] border-accent-500 pl-3',
        // headings inside items read as the viewer's (`.pg-rich h2`, `.pg-title h3`: 20 and 17 px)
        '[&_h2]:text-[20px] [&_h3]:text-[17px]',
      )}
      {...(editable && !active ? pressToSelect(onActivate) : {})}
      onFocusCapture={editable && !active ? onActivate : undefined}
    >
      {dropLine ? (
        <span
          aria-hidden="true"
          className={cx(
            'absolute inset-x-0 z-20 h-1 rounded-full bg-primary-600',
            dropLine === 'before' ? '-top-2' : '-bottom-2',
          )}
        />
      ) : null}
      {editable && active ? (
        <div
          role="toolbar"
          aria-label={t('editor.canvas.item.toolbar', { type: typeLabel })}
          className="absolute top-full right-0 z-20 mt-1.5 flex items-center gap-0.5 rounded-control border border-neutral-200 bg-white p-0.5 shadow-raised"
        >
          <button
            ref={handleRef}
            type="button"
            className={toolClass('cursor-grab')}
            aria-label={t('editor.canvas.item.drag')}
            title={t('editor.canvas.item.drag')}
          >
            <GripVertical className="size-4" aria-hidden="true" />
          </button>
          <ToolButton
            label={t('editor.canvas.item.moveUp')}
            disabled={isFirst}
            onClick={() => moveItem(store, contentId, itemId, -1)}
          >
            <ArrowUp className="size-4" aria-hidden="true" />
          </ToolButton>
          <ToolButton
            label={t('editor.canvas.item.moveDown')}
            disabled={isLast}
            onClick={() => moveItem(store, contentId, itemId, 1)}
          >
            <ArrowDown className="size-4" aria-hidden="true" />
          </ToolButton>
          <ToolButton
            label={importantLabel}
            pressed={item.isImportant}
            onClick={() => toggleImportant(store, contentId, itemId)}
          >
            {item.type === 'image' ? (
              <Pin className="size-4" aria-hidden="true" />
            ) : (
              <Star className="size-4" aria-hidden="true" />
            )}
          </ToolButton>
          <ToolButton label={t('editor.canvas.item.copy')} onClick={() => copyItem(store, contentId, itemId)}>
            <Copy className="size-4" aria-hidden="true" />
          </ToolButton>
          <ToolButton label={t('editor.canvas.item.delete')} onClick={() => setConfirmDelete(true)}>
            <Trash2 className="size-4" aria-hidden="true" />
          </ToolButton>
        </div>
      ) : null}
      {item.isImportant && !BADGE_INSIDE.has(item.type) ? <ImportantBadge className="mb-1 flex" /> : null}
      {Component ? (
        <Component
          item={item}
          editable={editable}
          active={editable && active}
          onActivate={onActivate}
          onEdit={onEdit}
          ids={store.ids}
          {...(editable ? { uploadImage: upload } : {})}
        />
      ) : (
        <ItemPlaceholder type={typeLabel} />
      )}
      {editable ? (
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title={t('editor.canvas.item.delete')}
          message={t('editor.canvas.item.deleteConfirm', { type: typeLabel })}
          confirmLabel={t('editor.confirm.deleteAction')}
          tone="accent"
          onConfirm={() => void deleteItem(store, contentId, itemId)}
        />
      ) : null}
    </div>
  );
});

const toolClass = (extra?: string) =>
  cx(
    'inline-flex size-8 items-center justify-center rounded-[6px] text-neutral-700 hover:bg-neutral-100 disabled:opacity-30 aria-pressed:bg-accent-50 aria-pressed:text-accent-600',
    extra,
  );

function ToolButton({
  label,
  pressed,
  disabled,
  onClick,
  children,
}: {
  label: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick(): void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      className={toolClass()}
    >
      {children}
    </button>
  );
}

/** Until an item type has its component (or for a type this build does not know). */
function ItemPlaceholder({ type }: { type: string }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-control border border-dashed border-neutral-300 bg-neutral-50 px-4 py-3 text-sm text-neutral-600">
      {t('editor.canvas.item.placeholder', { type })}
    </div>
  );
}
