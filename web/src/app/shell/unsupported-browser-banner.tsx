import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { TriangleAlert } from 'lucide-react';

/** Internet Explorer (MSIE, Trident) and the old Edge (EdgeHTML, `Edge/`; the current one says `Edg/`). */
export function isUnsupportedBrowser(userAgent: string): boolean {
  return /MSIE |Trident\//.test(userAgent) || /\bEdge\/\d+/.test(userAgent);
}

/** Spec 3 §2.10: a warning for old browsers, recommending Chrome or Safari (IE itself gets index.html's notice). */
export function UnsupportedBrowserBanner({ userAgent }: { userAgent?: string }) {
  const { t } = useTranslation();
  // the browser's own, once there is one (the front door's pages are rendered to HTML at build time: no browser)
  const browsers = useSyncExternalStore(unchanging, browserUserAgent, noUserAgent);
  if (!isUnsupportedBrowser(userAgent ?? browsers)) return null;
  return (
    <div role="alert" className="border-b border-warning-200 bg-warning-50 text-warning-700">
      <p className="mx-auto flex max-w-content items-start gap-2 px-4 py-3 text-sm font-semibold sm:px-6">
        <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {t('unsupportedBrowser.message')}
      </p>
    </div>
  );
}

const unchanging = () => () => {};
const browserUserAgent = () => navigator.userAgent;
const noUserAgent = () => '';
