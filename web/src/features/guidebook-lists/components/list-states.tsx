import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BookOpen, Plus, SearchX, Sparkles } from 'lucide-react';
import { Banner } from '../../../components/banner.tsx';
import { Button } from '../../../components/button.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import type { GuidebookLinks } from './guidebook-links.ts';

export function ListLoading() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-56 items-center justify-center gap-3 rounded-card border border-neutral-200 bg-white text-neutral-500">
      <Spinner className="text-primary-600" />
      <span role="status">{t('guidebookLists.list.loading')}</span>
    </div>
  );
}

/** Spec 1 §8: a failed list read ends the loading and shows 'Something went wrong'. */
export function ListError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Banner
      tone="alert"
      action={
        <Button variant="secondary" size="sm" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    >
      <p className="font-semibold">{t('guidebookLists.list.error')}</p>
      <p>{t('guidebookLists.list.errorHint')}</p>
    </Banner>
  );
}

type ListEmptyProps = {
  /** a search or a filter is on: the hint is to change it, not to create */
  filtered: boolean;
  links: GuidebookLinks;
  onClearFilters: () => void;
};

/** 'Sorry! No Guidebooks Found' with the way out: change the search, or make the first guidebook. */
export function ListEmpty({ filtered, links, onClearFilters }: ListEmptyProps) {
  const { t } = useTranslation();
  return (
    <div className="rounded-card border border-dashed border-neutral-300 bg-white">
      <EmptyState
        className="py-14"
        icon={filtered ? <SearchX className="size-6" /> : <BookOpen className="size-6" />}
        title={t('guidebookLists.empty.title')}
        description={filtered ? t('guidebookLists.empty.filteredHint') : t('guidebookLists.empty.hint')}
        action={
          filtered ? (
            <Button variant="secondary" onClick={onClearFilters}>
              {t('guidebookLists.empty.clearFilters')}
            </Button>
          ) : (
            <CreateActions links={links} />
          )
        }
      />
    </div>
  );
}

/** The two ways to a first guidebook: a blank one, or the sample to adapt. */
export function CreateActions({ links }: { links: GuidebookLinks }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-2 sm:flex-row">
      <Link
        to={links.create}
        className="inline-flex h-11 items-center justify-center gap-2 rounded-control bg-primary-600 px-5 font-semibold text-white hover:bg-primary-700"
      >
        <Plus className="size-4.5" aria-hidden="true" />
        {t('guidebookLists.actions.create')}
      </Link>
      <Link
        to={links.sample}
        className="inline-flex h-11 items-center justify-center gap-2 rounded-control border border-neutral-300 bg-white px-5 font-semibold text-neutral-800 hover:bg-neutral-50"
      >
        <Sparkles className="size-4.5 text-accent-600" aria-hidden="true" />
        {t('guidebookLists.actions.startFromSample')}
      </Link>
    </div>
  );
}
