import { memo, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ChevronLeft, ChevronRight, GripVertical, Pencil, Plus } from 'lucide-react';
import { DEFAULT_CONTENT_ICONS, menuTiles, type GuidebookDocument, type MenuTile } from '@pocketguide/contracts';
import { cx } from '../../../lib/class-names.ts';
import { copyContentPage } from '../api/guidebook-settings.ts';
import { copyPageLocally, deletePage, movePage, setPageIcon, setPageText } from '../editor-actions.ts';
import { useEditor, useEditorState } from '../editor-context.tsx';
import { ChooseIconDialog } from './choose-icon-dialog.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { useTileDrag } from './drag-and-drop.tsx';

/**
 * The cover's menu: one tile per content page (icon and title), three to a row as in the viewer. In the editor a
 * tile opens its page; hovering, focusing or selecting it shows its handles (drag, edit) and options (Icon, Text,
 * Del, Copy), with move buttons for the keyboard. On a touch screen the first tap selects the tile (there is no
 * hover to show the options) and the second opens the page.
 */
export function MenuTiles({
  doc,
  editable,
  onAddPage,
}: {
  doc: GuidebookDocument;
  editable: boolean;
  onAddPage?: () => void;
}) {
  const { t } = useTranslation();
  const tiles = menuTiles(doc);
  if (tiles.length === 0 && !editable) return null;
  return (
    <nav aria-label={t('editor.canvas.menu')} className="p-4">
      <ul className="grid grid-cols-3 gap-3">
        {tiles.map((tile, index) => (
          <MenuTileView key={tile.contentId} tile={tile} index={index} count={tiles.length} editable={editable} />
        ))}
        {editable && onAddPage ? (
          <li>
            <button
              type="button"
              onClick={onAddPage}
              className="flex min-h-[104px] w-full flex-col items-center justify-center gap-2 rounded-card border-2 border-dashed border-neutral-300 text-sm font-semibold text-neutral-600 hover:border-primary-600 hover:bg-primary-50 hover:text-primary-700"
            >
              <Plus className="size-6" aria-hidden="true" />
              {t('editor.canvas.addPage')}
            </button>
          </li>
        ) : null}
      </ul>
      {tiles.length === 0 && editable ? (
        <p className="mt-3 text-center text-sm text-neutral-500">{t('editor.canvas.noPages')}</p>
      ) : null}
    </nav>
  );
}

const MenuTileView = memo(function MenuTileView({
  tile,
  index,
  count,
  editable,
}: {
  tile: MenuTile;
  index: number;
  count: number;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const { store, links, api, saver, reload } = useEditor();
  const guidebookId = useEditorState((state) => state.guidebookId);
  const active = useEditorState((state) => state.activeId === tile.contentId) && editable;
  const editing = useEditorState((state) => state.editingId === tile.contentId) && editable;
  const [dialog, setDialog] = useState<'icon' | 'delete' | 'copy' | null>(null);
  const { ref, handleRef, isDragging, dropLine } = useTileDrag(tile.contentId, index, editable);
  // A phone has no hover: the first tap on a tile selects it (its options appear), the next opens its page (issue 22).
  const press = useRef<{ touch: boolean; wasActive: boolean } | null>(null);
  // An untitled page reads as its type's name, greyed (a placeholder in the author's language, never stored).
  const untitled = tile.title.trim() === '';
  const title = untitled ? t(`editor.contentTypes.${tile.contentType}`) : tile.title;
  const column = index % 3;
  const icon = tile.icon || DEFAULT_CONTENT_ICONS[tile.contentType];

  const copy = async () => {
    if (guidebookId === null) {
      copyPageLocally(store, tile.contentId);
      return;
    }
    // a saved guidebook copies on the server (the copy gets its ids there); our edits go first
    if (!(await saver.flush())) return;
    try {
      const answer = await copyContentPage(api, guidebookId, tile.contentId);
      await reload(answer.position);
      toast.success(t('editor.toast.pageCopied'), { duration: 2000 });
    } catch {
      toast.error(t('editor.toast.failed'));
    }
  };

  return (
    <li
      ref={ref}
      className={cx('group relative', isDragging && 'opacity-40')}
      onPointerDown={
        editable
          ? (event) => {
              press.current = { touch: event.pointerType === 'touch', wasActive: active };
              store.select(tile.contentId);
            }
          : undefined
      }
    >
      {dropLine === 'before' ? (
        <span aria-hidden="true" className="absolute inset-y-0 -left-2 w-1 rounded-full bg-primary-600" />
      ) : null}
      {dropLine === 'after' ? (
        <span aria-hidden="true" className="absolute inset-y-0 -right-2 w-1 rounded-full bg-primary-600" />
      ) : null}
      {editing ? (
        <TileTitleEditor
          title={tile.title}
          placeholder={t(`editor.contentTypes.${tile.contentType}`)}
          icon={icon}
          onDone={(value) => {
            if (value !== null && value !== tile.title) setPageText(store, tile.contentId, 'title', value);
            store.stopEditing();
          }}
        />
      ) : (
        <Link
          to={links.content(guidebookId, tile.contentId)}
          onClick={(event) => {
            const pressed = press.current;
            press.current = null;
            if (editable && pressed?.touch && !pressed.wasActive) event.preventDefault();
          }}
          className={cx(
            'flex min-h-[104px] flex-col items-center gap-2 rounded-card border bg-white px-1.5 pt-3.5 pb-3 text-center text-sm leading-[1.35] font-semibold text-neutral-800 shadow-raised',
            active ? 'border-primary-600 ring-2 ring-primary-100' : 'border-neutral-200 hover:border-primary-200',
          )}
        >
          <img src={icon} alt="" width={40} height={40} className="size-10" />
          <span className={untitled ? 'font-normal text-neutral-400' : undefined}>{title}</span>
        </Link>
      )}
      {editable && !editing ? (
        <>
          {/* handles in the tile's top corners: drag, and edit (the title in place) */}
          <span
            ref={handleRef}
            className={cx(
              'absolute top-1 left-1 z-10 size-7 cursor-grab items-center justify-center rounded-[6px] bg-white/90 text-neutral-500 hover:bg-neutral-100',
              active ? 'flex' : 'hidden group-hover:flex group-focus-within:flex',
            )}
            title={t('editor.canvas.tile.drag', { title })}
            aria-hidden="true"
          >
            <GripVertical className="size-4" />
          </span>
          <button
            type="button"
            onClick={() => store.startEditing(tile.contentId)}
            aria-label={`${t('editor.canvas.tile.edit')}: ${title}`}
            title={`${t('editor.canvas.tile.edit')}: ${title}`}
            className={cx(
              'absolute top-1 right-1 z-10 size-7 items-center justify-center rounded-[6px] bg-white/90 text-neutral-500 hover:bg-neutral-100 hover:text-neutral-800',
              active ? 'flex' : 'hidden group-hover:flex group-focus-within:flex',
            )}
          >
            <Pencil className="size-3.5" aria-hidden="true" />
          </button>
          {/* the options panel under the tile, kept inside the phone: left column aligned left, right column right */}
          <div
            className={cx(
              'absolute top-full z-20 mt-1 items-center gap-0.5 rounded-control border border-neutral-200 bg-white p-0.5 shadow-raised',
              active ? 'flex' : 'hidden group-hover:flex group-focus-within:flex',
              column === 0 ? 'left-0' : column === 2 ? 'right-0' : 'left-1/2 -translate-x-1/2',
            )}
            role="toolbar"
            aria-label={t('editor.canvas.tile.options', { title })}
          >
            <TileButton
              label={t('editor.canvas.tile.moveEarlier', { title })}
              disabled={index === 0}
              onClick={() => movePage(store, tile.contentId, index - 1)}
            >
              <ChevronLeft className="size-3.5" aria-hidden="true" />
            </TileButton>
            <TileButton
              label={`${t('editor.canvas.tile.icon')}: ${title}`}
              text={t('editor.canvas.tile.icon')}
              onClick={() => setDialog('icon')}
            />
            <TileButton
              label={`${t('editor.canvas.tile.text')}: ${title}`}
              text={t('editor.canvas.tile.text')}
              onClick={() => store.startEditing(tile.contentId)}
            />
            <TileButton
              label={`${t('editor.canvas.tile.delete')}: ${title}`}
              text={t('editor.canvas.tile.delete')}
              onClick={() => setDialog('delete')}
            />
            <TileButton
              label={`${t('editor.canvas.tile.copy')}: ${title}`}
              text={t('editor.canvas.tile.copy')}
              onClick={() => setDialog('copy')}
            />
            <TileButton
              label={t('editor.canvas.tile.moveLater', { title })}
              disabled={index === count - 1}
              onClick={() => movePage(store, tile.contentId, index + 1)}
            >
              <ChevronRight className="size-3.5" aria-hidden="true" />
            </TileButton>
          </div>
        </>
      ) : null}
      {editable ? (
        <>
          <ChooseIconDialog
            open={dialog === 'icon'}
            onOpenChange={(open) => setDialog(open ? 'icon' : null)}
            current={icon}
            onChoose={(url) => {
              setPageIcon(store, tile.contentId, url);
              setDialog(null);
            }}
          />
          <ConfirmDialog
            open={dialog === 'delete'}
            onOpenChange={(open) => setDialog(open ? 'delete' : null)}
            title={t('editor.canvas.tile.delete')}
            message={t('editor.canvas.tile.deleteConfirm', { title })}
            confirmLabel={t('editor.confirm.deleteAction')}
            tone="accent"
            onConfirm={() => void deletePage(store, tile.contentId)}
          />
          <ConfirmDialog
            open={dialog === 'copy'}
            onOpenChange={(open) => setDialog(open ? 'copy' : null)}
            title={t('editor.canvas.tile.copy')}
            message={t('editor.canvas.tile.copyConfirm', { title })}
            confirmLabel={t('editor.confirm.copyAction')}
            onConfirm={copy}
          />
        </>
      ) : null}
    </li>
  );
});

/** An option of a tile: the spec's short word (Icon, Text, Del, Copy) or an arrow; the full name for screen readers. */
function TileButton({
  label,
  text,
  disabled,
  onClick,
  children,
}: {
  label: string;
  text?: string;
  disabled?: boolean;
  onClick(): void;
  children?: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className="inline-flex h-7 min-w-6 items-center justify-center rounded-[6px] px-1.5 text-xs font-semibold whitespace-nowrap text-neutral-700 hover:bg-primary-50 hover:text-primary-700 disabled:opacity-30"
    >
      {children}
      {text}
    </button>
  );
}

/** Edit mode of a tile's text: Enter keeps it, Escape leaves it as it was (spec §2: edit mode ends with either). */
function TileTitleEditor({
  title,
  placeholder,
  icon,
  onDone,
}: {
  title: string;
  placeholder: string;
  icon: string;
  onDone(value: string | null): void;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState(title);
  const input = useRef<HTMLInputElement>(null);
  const done = useRef(false);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  const finish = (next: string | null) => {
    if (done.current) return;
    done.current = true;
    onDone(next);
  };
  return (
    <div className="flex min-h-[104px] flex-col items-center gap-2 rounded-card border border-primary-600 bg-white px-1.5 pt-3.5 pb-3 ring-2 ring-primary-100">
      <img src={icon} alt="" width={40} height={40} className="size-10" />
      <input
        ref={input}
        value={value}
        aria-label={t('editor.canvas.tile.titleField')}
        placeholder={placeholder}
        maxLength={500}
        onChange={(event) => setValue(event.target.value)}
        onBlur={() => finish(value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            finish(value);
          } else if (event.key === 'Escape') {
            event.preventDefault();
            event.stopPropagation();
            finish(null);
          }
        }}
        className="w-full rounded-[6px] border border-neutral-300 px-1 text-center text-sm font-semibold focus-visible:border-primary-600 focus-visible:outline-none"
      />
    </div>
  );
}
