import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DashboardView } from '../../../features/dashboard/components/dashboard-view.tsx';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** /admin/dashboard[?asOf=YYYY-MM-DD]: the back office's figures, now or as they were at the end of a past day. */
export function AdminDashboardRoute() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const raw = search.get('asOf');
  const asOf = raw && DAY.test(raw) ? raw : null;
  return (
    <>
      <title>{`${t('dashboard.title')} · ${t('app.name')}`}</title>
      <DashboardView asOf={asOf} onAsOfChange={(day) => setSearch(day ? { asOf: day } : {})} />
    </>
  );
}
