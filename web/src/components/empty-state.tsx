import type { ReactNode } from 'react';
import { cx } from '../lib/class-names.ts';

type EmptyStateProps = {
  icon?: ReactNode;
  title: string;
  description?: string;
  action?: ReactNode;
  /** When the empty state is the whole page, its title is the page's heading. */
  titleAs?: 'h1' | 'h2' | 'h3' | 'p';
  className?: string;
};

export function EmptyState({ icon, title, description, action, titleAs: Title = 'p', className }: EmptyStateProps) {
  return (
    <div className={cx('flex flex-col items-center px-6 py-12 text-center', className)}>
      {icon ? (
        <div
          className="mb-4 flex size-14 items-center justify-center rounded-full bg-primary-50 text-primary-600"
          aria-hidden="true"
        >
          {icon}
        </div>
      ) : null}
      <Title
        className={Title === 'h1' ? 'text-xl font-bold text-neutral-900' : 'text-base font-semibold text-neutral-800'}
      >
        {title}
      </Title>
      {description ? <p className="mt-1 max-w-sm text-sm text-neutral-500">{description}</p> : null}
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}
