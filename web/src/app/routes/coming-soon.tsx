import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Hourglass } from 'lucide-react';
import { EmptyState } from '../../components/empty-state.tsx';
import { useSession } from '../../lib/session-context.tsx';
import { homeOf, paths } from '../paths.ts';

/** Menu entries whose screens come in later issues land here rather than on a dead link. */
export function ComingSoonRoute() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <>
      <title>{`${t('comingSoon.pageTitle')} · ${t('app.name')}`}</title>
      <div className="rounded-card border border-dashed border-neutral-300 bg-white">
        <EmptyState
          titleAs="h1"
          className="py-20"
          icon={<Hourglass className="size-6" />}
          title={t('comingSoon.heading')}
          description={t('comingSoon.description')}
          action={
            <Link
              to={session ? homeOf(session) : paths.home.getHref()}
              className="inline-flex h-11 items-center rounded-control bg-primary-600 px-5 font-semibold text-white hover:bg-primary-700"
            >
              {t('common.goHome')}
            </Link>
          }
        />
      </div>
    </>
  );
}
