import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRight, Inbox, Plus, Sparkles } from 'lucide-react';
import { richTextToPlain, type SampleGuidebook } from '@pocketguide/contracts';
import { toWireLanguage, isLanguage, DEFAULT_LANGUAGE } from '../../../lib/i18n.ts';
import { useSampleGuidebook } from '../api/get-sample-guidebook.ts';
import type { GuidebookLinks } from './guidebook-links.ts';

/** How many of the sample's menu tiles the card shows. */
const TILES_SHOWN = 4;

/**
 * 'No Recent Guidebooks Found' for someone with no guidebooks at all (spec 1 §2): the sample guidebook is fetched
 * and offered next to a blank one. If the sample cannot be read, its card still leads to /guidebooks/sample. After
 * the first guidebook the offer stays reachable as `SampleLink`, beside the recent cards.
 */
export function SampleOffer({ links }: { links: GuidebookLinks }) {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const sample = useSampleGuidebook(toWireLanguage(language));

  return (
    <section
      aria-labelledby="recent-empty-title"
      className="rounded-card border border-neutral-200 bg-white p-5 shadow-raised sm:p-8"
    >
      <div className="flex flex-col items-center text-center">
        <span
          className="mb-4 flex size-14 items-center justify-center rounded-full bg-primary-50 text-primary-600"
          aria-hidden="true"
        >
          <Inbox className="size-6" />
        </span>
        <h2 id="recent-empty-title" className="text-lg font-bold text-neutral-900">
          {t('guidebookLists.recent.empty.title')}
        </h2>
        <p className="mt-1 max-w-md text-sm text-neutral-600">{t('guidebookLists.recent.empty.description')}</p>
      </div>

      <ul className="mt-8 grid gap-4 md:grid-cols-2">
        <li>
          <SampleCard sample={sample.data} loading={sample.isPending} href={links.sample} />
        </li>
        <li>
          <Link
            to={links.create}
            className="group flex h-full min-h-56 flex-col items-center justify-center gap-3 rounded-card border-2 border-dashed border-neutral-300 bg-neutral-50 p-6 text-center transition-colors hover:border-primary-500 hover:bg-primary-50"
          >
            <span
              className="flex size-12 items-center justify-center rounded-full bg-white text-primary-600 shadow-raised"
              aria-hidden="true"
            >
              <Plus className="size-6" />
            </span>
            <span className="text-base font-semibold text-neutral-900">
              {t('guidebookLists.recent.empty.blankTitle')}
            </span>
            <span className="max-w-64 text-sm text-neutral-600">
              {t('guidebookLists.recent.empty.blankDescription')}
            </span>
          </Link>
        </li>
      </ul>
    </section>
  );
}

/** The sample once there are guidebooks: a quiet link beside the list's way on, leading to the same place. */
export function SampleLink({ href }: { href: string }) {
  const { t } = useTranslation();
  return (
    <Link
      to={href}
      className="inline-flex h-11 items-center gap-2 rounded-control px-4 text-sm font-semibold text-primary-700 hover:bg-primary-50"
    >
      <Sparkles className="size-4" aria-hidden="true" />
      {t('guidebookLists.actions.startFromSample')}
    </Link>
  );
}

function SampleCard({
  sample,
  loading,
  href,
}: {
  sample: SampleGuidebook | undefined;
  loading: boolean;
  href: string;
}) {
  const { t } = useTranslation();
  const cover =
    sample?.header.type === 'image' ? (sample.header.image?.medium ?? sample.header.image?.large) : undefined;
  const subtitle = sample ? richTextToPlain(sample.subheader.text).trim() : '';
  const tiles = sample?.contents.slice(0, TILES_SHOWN) ?? [];

  return (
    <Link
      to={href}
      className="group flex h-full flex-col overflow-hidden rounded-card border border-neutral-200 bg-white shadow-raised transition-colors hover:border-primary-200"
    >
      <div className="relative h-40 overflow-hidden bg-primary-50">
        {cover ? (
          <img
            src={cover}
            alt=""
            className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.02]"
          />
        ) : (
          <div className="flex size-full items-center justify-center text-primary-500" aria-hidden="true">
            <Sparkles className="size-8" />
          </div>
        )}
        <span className="absolute top-3 left-3 inline-flex items-center gap-1 rounded-full bg-accent-600 px-2.5 py-1 text-xs font-semibold text-white">
          <Sparkles className="size-3.5" aria-hidden="true" />
          {t('guidebookLists.recent.empty.sampleBadge')}
        </span>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <span className="text-base font-semibold text-neutral-900">
          {sample
            ? sample.title
            : loading
              ? t('guidebookLists.recent.empty.sampleLoading')
              : t('guidebookLists.recent.empty.sampleFallback')}
        </span>
        {subtitle ? <span className="text-sm text-neutral-600">{subtitle}</span> : null}
        {tiles.length > 0 ? (
          <span className="mt-1 flex flex-wrap gap-1.5" aria-hidden="true">
            {tiles.map((tile) => (
              <span
                key={tile._id}
                className="inline-flex items-center gap-1.5 rounded-full bg-neutral-100 py-1 pr-2.5 pl-1.5 text-xs font-semibold text-neutral-700"
              >
                {tile.icon ? <img src={tile.icon} alt="" className="size-4" /> : null}
                {tile.title}
              </span>
            ))}
          </span>
        ) : null}
        <span className="mt-auto inline-flex items-center gap-1.5 pt-3 text-sm font-semibold text-primary-700">
          {t('guidebookLists.actions.startFromSample')}
          <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" aria-hidden="true" />
        </span>
      </div>
    </Link>
  );
}
