import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CreateGuidebookForm } from '../../features/guidebooks/components/create-guidebook-form.tsx';
import { GuidebookList } from '../../features/guidebooks/components/guidebook-list.tsx';

/** The first thread's screen: create a guidebook and see it listed. Later issues replace it with the real screens. */
export function GuidebooksRoute() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = Math.max(1, Number.parseInt(searchParams.get('page') ?? '1', 10) || 1);
  const [after, setAfter] = useState<number>();

  const goToPage = (next: number) => {
    setSearchParams(next > 1 ? { page: String(next) } : {});
  };

  return (
    <>
      <title>{`${t('guidebooks.pageTitle')} · ${t('app.name')}`}</title>
      <div className="flex flex-col gap-10">
        <header>
          <h1 className="text-xl font-bold text-neutral-900 sm:text-2xl">{t('guidebooks.heading')}</h1>
          <p className="mt-2 text-base text-neutral-600">{t('guidebooks.description')}</p>
        </header>
        <CreateGuidebookForm
          onCreated={(accepted) => {
            setAfter(accepted.position);
            goToPage(1); // Newest first: the new guidebook is on the first page.
          }}
        />
        <GuidebookList page={page} after={after} onPageChange={goToPage} />
      </div>
    </>
  );
}
