import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AdminFeedbackList } from '../../../features/feedback/components/admin-feedback-list.tsx';

/** /admin/feedback: what people sent through the feedback form. */
export function AdminFeedbackRoute() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  return (
    <>
      <title>{`${t('feedback.admin.title')} · ${t('app.name')}`}</title>
      <div className="flex flex-col gap-6">
        <header>
          <h1 className="text-xl font-bold text-neutral-900 sm:text-2xl">{t('feedback.admin.title')}</h1>
          <p className="mt-1.5 text-base text-neutral-600">{t('feedback.admin.description')}</p>
        </header>
        <AdminFeedbackList page={page} onPageChange={(next) => setSearch(next > 1 ? { page: String(next) } : {})} />
      </div>
    </>
  );
}
