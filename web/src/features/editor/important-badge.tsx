import { useTranslation } from 'react-i18next';
import { Star } from 'lucide-react';
import { cx } from '../../lib/class-names.ts';

/**
 * The "Important" badge readers get on an important item (the viewer's `.pg-badge`, contracts/viewer/render-items.ts),
 * drawn where the viewer draws it: above most items (the item frame), inside a card's body or head for the card
 * types, after a day's title.
 */
export function ImportantBadge({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={cx(
        'inline-flex w-fit shrink-0 items-center gap-[3px] rounded-full bg-accent-50 py-px pr-2 pl-1.5 align-middle text-xs leading-5 font-bold whitespace-nowrap text-accent-700',
        className,
      )}
    >
      <Star className="size-3.5 fill-current" strokeWidth={0} aria-hidden="true" />
      {t('editor.canvas.item.important')}
    </span>
  );
}

/** Item types that draw their own badge (in a card's body or head, after a day's title) and their own accent border. */
export const BADGE_INSIDE = new Set(['preparation', 'airticket', 'accordion', 'day', 'image']);
/** Card types: important, the card's own left border turns accent (the viewer's `.pg-preparation.is-important`…). */
export const CARD_TYPES = new Set(['preparation', 'airticket', 'accordion']);
