import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BrandMark } from './brand-logo.tsx';

type AppShellProps = {
  /** the 64 px bar's contents */
  header: ReactNode;
  /** the admin layout's compact bar (48 px) instead of the 64 px one (spec 3 §2.10) */
  compactHeader?: boolean;
  /** full-width notices above the header (an unsupported browser) */
  notices?: ReactNode;
  /** under the header, above the page (the update banner) */
  banners?: ReactNode;
  /** beside the company details in the footer (the feedback form) */
  footerAside?: ReactNode;
  /** fixed layers: progress bar, scroll buttons, chat */
  overlays?: ReactNode;
  children: ReactNode;
};

const MAIN_ID = 'main-content';

/** Header (64 px), content at most 1200 px wide, footer with the company details. */
export function AppShell({
  header,
  compactHeader = false,
  notices,
  banners,
  footerAside,
  overlays,
  children,
}: AppShellProps) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href={`#${MAIN_ID}`}
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-control focus:bg-white focus:px-4 focus:py-2 focus:shadow-raised"
      >
        {t('app.skipToContent')}
      </a>
      {notices}
      <header
        className={`sticky top-0 z-40 ${compactHeader ? 'h-12' : 'h-16'} border-b border-neutral-200 bg-white/95 backdrop-blur-sm`}
      >
        {header}
      </header>
      {banners}

      {/* at least the first screen tall: the footer starts below it, so a page's content arriving (a list, the
          editor) never pushes a footer that was on screen (issue 20: CLS) */}
      <main
        id={MAIN_ID}
        tabIndex={-1}
        className="mx-auto min-h-dvh w-full max-w-content flex-1 px-4 py-8 outline-none sm:px-6 sm:py-12"
      >
        {children}
      </main>

      <footer className="border-t border-neutral-200 bg-white">
        <div className="mx-auto grid max-w-content gap-8 px-4 py-8 sm:px-6 lg:grid-cols-[1fr_minmax(0,420px)] lg:gap-12">
          <div className="flex flex-col gap-3 text-xs text-neutral-500">
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
            <p className="flex flex-wrap gap-x-4 gap-y-1">
              <a
                href="mailto:help@pocketguide.example"
                className="font-semibold text-primary-700 underline-offset-4 hover:underline"
              >
                {t('footer.help')}
              </a>
              <Link to="/terms" className="font-semibold text-primary-700 underline-offset-4 hover:underline">
                {t('legal.terms')}
              </Link>
              <Link to="/privacy" className="font-semibold text-primary-700 underline-offset-4 hover:underline">
                {t('legal.privacy')}
              </Link>
            </p>
            {/* the front door's pages are rendered at build time: a page hydrated in a later year shows this year's */}
            <p suppressHydrationWarning>{t('footer.copyright', { year: new Date().getFullYear() })}</p>
          </div>
          {footerAside ? <div>{footerAside}</div> : null}
        </div>
      </footer>
      {overlays}
    </div>
  );
}
