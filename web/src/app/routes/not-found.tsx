import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MapPinned } from 'lucide-react';
import { EmptyState } from '../../components/empty-state.tsx';
import { paths } from '../paths.ts';

export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${t('notFound.pageTitle')} · ${t('app.name')}`}</title>
      <EmptyState
        titleAs="h1"
        className="py-24"
        icon={<MapPinned className="size-6" />}
        title={t('notFound.heading')}
        description={t('notFound.description')}
        action={
          <Link
            to={paths.home.getHref()}
            className="inline-flex h-11 items-center rounded-control bg-primary-600 px-5 font-semibold text-white hover:bg-primary-700"
          >
            {t('common.goHome')}
          </Link>
        }
      />
    </>
  );
}
