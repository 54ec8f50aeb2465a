import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowRight } from 'lucide-react';
import { paths } from '../../app/paths.ts';

/** The live sample (`/m/sample`, drawn by the readers' viewer on the server), in the visitor's language. */
export function sampleHref(language: string): string {
  return `${paths.mobileGuidebook.getHref('sample')}?lang=${language === 'en' ? 'en' : 'ko'}`;
}

const WIDE = '(min-width: 1024px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the screen has room for the live phone; a phone never loads the framed viewer. */
function useWide(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE).matches,
    () => false,
  );
}

/**
 * Wide screens: the sample guidebook itself, live in a phone frame (the reader's real page, scrollable and
 * tappable). Narrow screens: a card with the sample's cover picture that opens it. Which one shows is the
 * stylesheet's choice, so the page rendered to HTML at build time (the front door) is laid out right before any
 * script runs; the frame gets its page only on a wide screen, so a phone never loads the framed viewer.
 */
export function SamplePreview() {
  const { t, i18n } = useTranslation();
  const wide = useWide();
  const href = sampleHref(i18n.language);

  return (
    <>
      <figure className="mx-auto hidden flex-col items-center gap-3 lg:flex">
        <div className="rounded-[44px] border border-neutral-300 bg-neutral-900 p-3 shadow-raised">
          {wide ? (
            <iframe
              src={href}
              title={t('landing.sample.frameTitle')}
              className="block h-[560px] w-[360px] rounded-[32px] bg-white"
            />
          ) : (
            <div className="h-[560px] w-[360px] rounded-[32px] bg-white" />
          )}
        </div>
        <figcaption className="flex items-center gap-2 text-sm text-neutral-600">
          <span className="rounded-full bg-accent-50 px-2 py-0.5 text-xs font-semibold text-accent-600">
            {t('landing.sample.live')}
          </span>
          {t('landing.sample.title')}
          <a
            href={href}
            className="inline-flex items-center gap-1 font-semibold text-primary-700 underline-offset-4 hover:underline"
          >
            {t('landing.sample.open')}
            <ArrowRight className="size-4" aria-hidden="true" />
          </a>
        </figcaption>
      </figure>
      <a
        href={href}
        className="group flex items-center gap-4 overflow-hidden rounded-card border border-neutral-200 bg-white p-3 shadow-raised hover:border-primary-200 lg:hidden"
      >
        <img
          src="/sample/jeju-coast-small.jpg"
          srcSet="/sample/jeju-coast-small.jpg 320w, /sample/jeju-coast-medium.jpg 640w"
          sizes="112px"
          alt=""
          width={112}
          height={63}
          className="h-16 w-28 shrink-0 rounded-control object-cover"
        />
        <span className="flex min-w-0 flex-col gap-0.5">
          <span className="text-xs font-semibold text-accent-600">{t('landing.sample.label')}</span>
          <span className="text-base font-semibold text-neutral-900">{t('landing.sample.title')}</span>
          <span className="inline-flex items-center gap-1 text-sm font-semibold text-primary-700 group-hover:underline">
            {t('landing.sample.open')}
            <ArrowRight className="size-4" aria-hidden="true" />
          </span>
        </span>
      </a>
    </>
  );
}
