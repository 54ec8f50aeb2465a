import { cx } from '../lib/class-names.ts';

/** A determinate progress bar (0 to 1), announced to screen readers as a percentage. */
export function ProgressBar({ value, label, className }: { value: number; label: string; className?: string }) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className={cx('h-2 overflow-hidden rounded-full bg-neutral-100', className)}
    >
      <div
        className="h-full rounded-full bg-primary-600 transition-[width] duration-150"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
