import type { ComponentProps, ReactNode } from 'react';
import { cx } from '../lib/class-names.ts';
import { Spinner } from './spinner.tsx';

type ButtonProps = ComponentProps<'button'> & {
  variant?: 'primary' | 'accent' | 'secondary' | 'ghost';
  size?: 'sm' | 'md';
  /** Shows a spinner, keeps the width steady and blocks clicks while a request runs. */
  loading?: boolean;
  icon?: ReactNode;
};

const variants = {
  primary: 'bg-primary-600 text-white hover:bg-primary-700 active:bg-primary-800',
  accent: 'bg-accent-600 text-white hover:bg-accent-500',
  secondary: 'border border-neutral-300 bg-white text-neutral-800 hover:bg-neutral-50 active:bg-neutral-100',
  ghost: 'text-neutral-700 hover:bg-neutral-100 active:bg-neutral-200',
} as const;

const sizes = { sm: 'h-8 px-3 text-sm gap-1.5', md: 'h-11 px-5 text-base gap-2' } as const;

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  icon,
  disabled,
  className,
  children,
  type = 'button',
  ...props
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cx(
        'inline-flex shrink-0 items-center justify-center rounded-control font-semibold whitespace-nowrap',
        'transition-colors duration-150 disabled:cursor-not-allowed disabled:opacity-60',
        variants[variant],
        sizes[size],
        className,
      )}
      {...props}
    >
      {loading ? <Spinner size="sm" /> : icon}
      {children}
    </button>
  );
}
