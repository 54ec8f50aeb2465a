import type { ReactNode } from 'react';
import { CircleAlert, Info, TriangleAlert } from 'lucide-react';
import { cx } from '../lib/class-names.ts';

type BannerProps = {
  tone: 'info' | 'warning' | 'alert';
  children: ReactNode;
  action?: ReactNode;
  className?: string;
};

const tones = {
  info: { box: 'border-info-200 bg-info-50 text-info-700', Icon: Info },
  warning: { box: 'border-warning-200 bg-warning-50 text-warning-700', Icon: TriangleAlert },
  alert: { box: 'border-alert-200 bg-alert-50 text-alert-700', Icon: CircleAlert },
} as const;

/** A message strip in the spec's status colours; alerts interrupt screen readers, the others wait their turn. */
export function Banner({ tone, children, action, className }: BannerProps) {
  const { box, Icon } = tones[tone];
  return (
    <div
      role={tone === 'alert' ? 'alert' : 'status'}
      className={cx(
        'flex flex-wrap items-center gap-x-3 gap-y-2 rounded-control border px-4 py-3 text-sm',
        box,
        className,
      )}
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1">{children}</div>
      {action ? <div className="shrink-0">{action}</div> : null}
    </div>
  );
}
