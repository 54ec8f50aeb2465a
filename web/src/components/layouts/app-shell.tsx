import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from './brand-logo.tsx';
import { LanguageSwitch } from './language-switch.tsx';

type AppShellProps = {
  homeHref: string;
  children: ReactNode;
};

const MAIN_ID = 'main-content';

/** Header (64 px), content at most 1200 px wide, footer with the company details. */
export function AppShell({ homeHref, children }: AppShellProps) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href={`#${MAIN_ID}`}
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-control focus:bg-white focus:px-4 focus:py-2 focus:shadow-raised"
      >
        {t('app.skipToContent')}
      </a>
      <header className="sticky top-0 z-40 h-16 border-b border-neutral-200 bg-white/95 backdrop-blur-sm">
        <div className="mx-auto flex h-full max-w-content items-center justify-between gap-4 px-4 sm:px-6">
          <Link
            to={homeHref}
            aria-label={t('app.home')}
            className="flex items-center gap-2.5 rounded-control text-lg font-bold tracking-tight text-neutral-900"
          >
            <BrandMark className="size-8" />
            <span>{t('app.name')}</span>
          </Link>
          <LanguageSwitch />
        </div>
      </header>

      <main id={MAIN_ID} tabIndex={-1} className="mx-auto w-full max-w-content flex-1 px-4 py-8 outline-none sm:px-6 sm:py-12">
        {children}
      </main>

      <footer className="border-t border-neutral-200 bg-white">
        <div className="mx-auto flex max-w-content flex-col gap-3 px-4 py-8 text-xs text-neutral-500 sm:px-6">
          <p className="flex items-center gap-2 text-sm font-semibold text-neutral-700">
            <BrandMark className="size-5" />
            {t('footer.company')}
          </p>
          <ul className="flex flex-wrap gap-x-4 gap-y-1">
            <li>{t('footer.representative')}</li>
            <li>{t('footer.businessNumber')}</li>
            <li>{t('footer.address')}</li>
            <li>{t('footer.contact')}</li>
          </ul>
          <p>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
        </div>
      </footer>
    </div>
  );
}
