import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowDown, ArrowUp, Copy, Plus, Star, Trash2 } from 'lucide-react';
import { cx } from '../../../lib/class-names.ts';

type RowActionsProps = {
  /** names the toolbar ("Activity actions") */
  label: string;
  onMoveUp?: (() => void) | undefined;
  onMoveDown?: (() => void) | undefined;
  onInsertAfter(): void;
  onCopyBelow(): void;
  onDelete(): void;
  /** days have no important flag */
  important?: { value: boolean; onToggle(): void } | undefined;
  /** a drag handle, first in the bar */
  handle?: ReactNode;
};

/**
 * The editing chrome of a day, activity, sub-activity or meal: move up/down (the keyboard's way to reorder),
 * insert below, copy below, important, delete.
 */
export function RowActions({
  label,
  onMoveUp,
  onMoveDown,
  onInsertAfter,
  onCopyBelow,
  onDelete,
  important,
  handle,
}: RowActionsProps) {
  const { t } = useTranslation();
  return (
    <div
      role="toolbar"
      aria-label={label}
      className="flex flex-wrap items-center gap-0.5 rounded-control border border-neutral-200 bg-white p-0.5 shadow-raised"
    >
      {handle}
      <ActionButton
        label={t('editorItems.itinerary.actions.moveUp')}
        disabled={!onMoveUp}
        onClick={onMoveUp}
        icon={<ArrowUp className="size-4" aria-hidden="true" />}
      />
      <ActionButton
        label={t('editorItems.itinerary.actions.moveDown')}
        disabled={!onMoveDown}
        onClick={onMoveDown}
        icon={<ArrowDown className="size-4" aria-hidden="true" />}
      />
      <ActionButton
        label={t('editorItems.itinerary.actions.insertAfter')}
        onClick={onInsertAfter}
        icon={<Plus className="size-4" aria-hidden="true" />}
      />
      <ActionButton
        label={t('editorItems.itinerary.actions.copyBelow')}
        onClick={onCopyBelow}
        icon={<Copy className="size-4" aria-hidden="true" />}
      />
      {important ? (
        <ActionButton
          label={t('editorItems.itinerary.actions.important')}
          pressed={important.value}
          onClick={important.onToggle}
          icon={<Star className={cx('size-4', important.value ? 'fill-current' : undefined)} aria-hidden="true" />}
        />
      ) : null}
      <ActionButton
        label={t('editorItems.itinerary.actions.delete')}
        onClick={onDelete}
        icon={<Trash2 className="size-4" aria-hidden="true" />}
        danger
      />
    </div>
  );
}

function ActionButton({
  label,
  icon,
  onClick,
  disabled,
  pressed,
  danger,
}: {
  label: string;
  icon: ReactNode;
  onClick?: (() => void) | undefined;
  disabled?: boolean;
  pressed?: boolean;
  danger?: boolean;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      onClick={onClick}
      className={cx(
        'flex size-8 items-center justify-center rounded-[6px] transition-colors disabled:cursor-not-allowed disabled:opacity-35',
        danger ? 'text-alert-700 hover:bg-alert-50' : 'text-neutral-700 hover:bg-neutral-100',
        pressed ? 'bg-accent-50 text-accent-600' : undefined,
      )}
    >
      {icon}
    </button>
  );
}
