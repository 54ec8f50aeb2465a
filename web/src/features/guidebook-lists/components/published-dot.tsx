import { useTranslation } from 'react-i18next';
import { cx } from '../../../lib/class-names.ts';

/** The list's published dot: filled teal when published, a grey ring when not; the words are there for screen readers. */
export function PublishedDot({ published, className }: { published: boolean; className?: string }) {
  const { t } = useTranslation();
  const label = published ? t('guidebookLists.status.published') : t('guidebookLists.status.unpublished');
  return (
    <span className={cx('inline-flex shrink-0 items-center justify-center', className)} title={label}>
      <span
        aria-hidden="true"
        className={cx(
          'block size-2.5 rounded-full',
          published ? 'bg-primary-500 ring-3 ring-primary-100' : 'border-2 border-neutral-300 bg-white',
        )}
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}
