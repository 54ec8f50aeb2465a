import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { MapPinned, Share2, Smartphone } from 'lucide-react';
import { cx } from '../../lib/class-names.ts';
import { BrandMark } from './brand-logo.tsx';

type AuthLayoutProps = {
  children: ReactNode;
  /** Login and signup show the product beside the form on wide screens; single-purpose pages stay narrow. */
  variant?: 'split' | 'narrow';
};

/** The frame of the signed-out screens: one card, the form in it, and on wide screens what the product does. */
export function AuthLayout({ children, variant = 'split' }: AuthLayoutProps) {
  return (
    <div
      className={cx(
        'mx-auto w-full overflow-hidden rounded-card border border-neutral-200 bg-white shadow-raised',
        variant === 'split' ? 'max-w-5xl lg:grid lg:grid-cols-[5fr_6fr]' : 'max-w-md',
      )}
    >
      {variant === 'split' ? <ProductAside /> : null}
      <div className={cx('px-5 py-8 sm:px-10 sm:py-10', variant === 'split' && 'lg:px-12 lg:py-12')}>{children}</div>
    </div>
  );
}

function ProductAside() {
  const { t } = useTranslation();
  const points = [
    { key: 'plan', Icon: MapPinned, text: t('auth.aside.points.plan') },
    { key: 'share', Icon: Share2, text: t('auth.aside.points.share') },
    { key: 'read', Icon: Smartphone, text: t('auth.aside.points.read') },
  ];
  return (
    <aside className="relative hidden flex-col justify-between overflow-hidden bg-primary-700 px-10 pt-12 text-white lg:flex">
      <div className="relative">
        <BrandMark className="size-10" />
        <p className="mt-8 text-xl leading-9 font-bold whitespace-pre-line">{t('auth.aside.title')}</p>
        <ul className="mt-8 flex flex-col gap-4">
          {points.map(({ key, Icon, text }) => (
            <li key={key} className="flex items-center gap-3 text-base text-primary-50">
              <span
                className="flex size-9 shrink-0 items-center justify-center rounded-full bg-white/12"
                aria-hidden="true"
              >
                <Icon className="size-4.5" />
              </span>
              {text}
            </li>
          ))}
        </ul>
      </div>
      <GuidebookIllustration className="relative mt-10 h-44 self-center" />
    </aside>
  );
}

/** A phone showing a guidebook page: decorative, drawn with the product's own tokens. */
function GuidebookIllustration({ className }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 220 176" fill="none" aria-hidden="true" focusable="false">
      <rect x="52" y="4" width="116" height="200" rx="18" fill="var(--color-primary-800)" />
      <rect x="60" y="14" width="100" height="190" rx="12" fill="#fff" />
      <rect x="60" y="14" width="100" height="54" rx="12" fill="var(--color-primary-200)" />
      <path d="M60 56l22-18 16 12 18-16 44 30v4H60Z" fill="var(--color-primary-500)" />
      <circle cx="138" cy="32" r="7" fill="var(--color-accent-500)" />
      <rect x="70" y="78" width="64" height="7" rx="3.5" fill="var(--color-neutral-800)" />
      <rect x="70" y="92" width="80" height="5" rx="2.5" fill="var(--color-neutral-300)" />
      <rect x="70" y="102" width="72" height="5" rx="2.5" fill="var(--color-neutral-300)" />
      {[0, 1, 2].map((column) => (
        <g key={column}>
          <rect x={70 + column * 28} y="118" width="22" height="22" rx="6" fill="var(--color-primary-50)" />
          <circle
            cx={81 + column * 28}
            cy="129"
            r="4"
            fill={column === 1 ? 'var(--color-accent-500)' : 'var(--color-primary-500)'}
          />
        </g>
      ))}
      <rect x="70" y="150" width="80" height="5" rx="2.5" fill="var(--color-neutral-200)" />
    </svg>
  );
}
