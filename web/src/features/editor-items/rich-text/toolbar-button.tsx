import { forwardRef, type ComponentProps, type ReactNode } from 'react';
import { cx } from '../../../lib/class-names.ts';

type ToolbarButtonProps = Omit<ComponentProps<'button'>, 'aria-label'> & {
  label: string;
  /** a toggle (bold, a block type, an alignment): announced as pressed or not */
  pressed?: boolean | undefined;
  icon: ReactNode;
};

/**
 * A small icon button of the rich-text toolbar. It keeps the editor's selection (no focus change on mouse down),
 * so a mark applies to the text the author selected.
 */
export const ToolbarButton = forwardRef<HTMLButtonElement, ToolbarButtonProps>(function ToolbarButton(
  { label, pressed, icon, className, onMouseDown, ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type="button"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      onMouseDown={(event) => {
        event.preventDefault();
        onMouseDown?.(event);
      }}
      className={cx(
        'flex size-8 shrink-0 items-center justify-center rounded-control text-neutral-700 transition-colors',
        'hover:bg-neutral-100 focus-visible:outline-2 focus-visible:outline-primary-600',
        pressed ? 'bg-primary-50 text-primary-700' : undefined,
        className,
      )}
      {...props}
    >
      {icon}
    </button>
  );
});
