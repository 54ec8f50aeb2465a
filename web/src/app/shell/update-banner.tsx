import { useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Check, Sparkles, X } from 'lucide-react';
import { groupDigits, longDate } from '../../lib/plain-format.ts';
import { GUIDEBOOK_PREVIEW_PREFIX, MOBILE_VIEWER_PREFIX } from '../paths.ts';

/** Spec 3 §2.11. A new announcement gets a new version, and so a new key: an old suppression does not hide it. */
export const UPDATE_BANNER_VERSION = '1.1.0';
export const UPDATE_BANNER_STORAGE_KEY = `pocketguide.updateBanner.${UPDATE_BANNER_VERSION}.hidden`;
const NEW_PRICES_FROM = new Date(2025, 10, 1);
const NEW_MONTHLY_PRICES = { standard: 50_000, pro: 150_000, business: 330_000 } as const;

export function isUpdateBannerSuppressed(storage: Pick<Storage, 'getItem'> | undefined = safeStorage()): boolean {
  try {
    return storage?.getItem(UPDATE_BANNER_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

/** Closing is remembered in this browser for this version: the next announcement has a new key and shows again. */
export function dismissUpdateBanner(storage: Pick<Storage, 'setItem'> | undefined = safeStorage()): void {
  try {
    storage?.setItem(UPDATE_BANNER_STORAGE_KEY, '1');
  } catch {
    // Blocked storage: the banner still closes for this visit.
  }
}

export function UpdateBanner({ now = () => new Date() }: { now?: () => Date } = {}) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  // Once closed, closed: a banner that comes back on every page and every visit is noise, not news. The front door's
  // pages are HTML rendered at build time with the banner open; hydrating them starts from that, and the front door's
  // first lines hide a banner this browser closed before anything is drawn (web/front.html, data-update-banner).
  const suppressed = useSyncExternalStore(unchanging, isUpdateBannerSuppressedHere, neverSuppressed);
  const [closedNow, setClosed] = useState(false);
  const closed = suppressed || closedNow;

  if (closed || pathname.startsWith(MOBILE_VIEWER_PREFIX) || pathname.startsWith(GUIDEBOOK_PREVIEW_PREFIX)) return null;

  // The unit (원, ₩) sits in the text, where each language puts it. Formatted without Intl: the banner is on the
  // first screen, and a first Intl formatter costs the first render a locale data load (issue 11).
  const date = longDate(NEW_PRICES_FROM, i18n.language === 'ko' ? 'ko' : 'en');
  const features = [
    t('updateBanner.features.redesign'),
    t('updateBanner.features.mobile'),
    t('updateBanner.features.prices', {
      standard: groupDigits(NEW_MONTHLY_PRICES.standard),
      pro: groupDigits(NEW_MONTHLY_PRICES.pro),
      business: groupDigits(NEW_MONTHLY_PRICES.business),
    }),
  ];

  const close = () => {
    dismissUpdateBanner();
    setClosed(true);
  };
  // The prices are announced ahead of the day and reported after it, in the tense that is true on the day it is read.
  const description =
    now() < NEW_PRICES_FROM ? t('updateBanner.description', { date }) : t('updateBanner.descriptionSince', { date });

  return (
    <section
      aria-label={t('updateBanner.label')}
      data-update-banner={UPDATE_BANNER_VERSION}
      className="mx-auto w-full max-w-content px-4 pt-4 sm:px-6 sm:pt-6"
    >
      <div className="relative rounded-card border border-info-200 bg-info-50 px-5 py-4 sm:px-6">
        <button
          type="button"
          aria-label={t('updateBanner.close')}
          onClick={close}
          className="absolute top-2.5 right-2.5 flex size-9 items-center justify-center rounded-control text-info-700 hover:bg-info-200/50"
        >
          <X className="size-4.5" aria-hidden="true" />
        </button>
        <div className="flex flex-wrap items-center gap-2 pr-10">
          <Sparkles className="size-4.5 text-info-700" aria-hidden="true" />
          <h2 className="text-base font-bold text-neutral-900">{t('updateBanner.title')}</h2>
          <span className="rounded-full bg-white px-2 py-0.5 text-xs font-semibold text-info-700 ring-1 ring-info-200">
            {t('updateBanner.version', { version: UPDATE_BANNER_VERSION })}
          </span>
        </div>
        <p className="mt-2 text-sm text-neutral-700">{description}</p>
        <ul className="mt-3 flex flex-col gap-1.5 text-sm text-neutral-700 md:flex-row md:flex-wrap md:gap-x-6">
          {features.map((feature) => (
            <li key={feature} className="flex items-start gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-info-700" aria-hidden="true" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

const unchanging = () => () => {};
const isUpdateBannerSuppressedHere = () => isUpdateBannerSuppressed();
const neverSuppressed = () => false;

function safeStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}
