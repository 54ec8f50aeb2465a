import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AdminUserDetail } from '../../../features/admin-users/components/admin-user-detail.tsx';
import { paths } from '../../paths.ts';

// The audit timeline is its own chunk: the detail draws first, the timeline when it has loaded.
const AuditTimeline = lazy(() => import('../../../features/audit/components/audit-timeline.tsx').then((module) => ({ default: module.AuditTimeline })));

/** /admin/users/{userId} (spec 3 §2.6), with the user's audit timeline under it. */
export function AdminUserDetailRoute() {
  const { t } = useTranslation();
  const userId = useParams().userId ?? '';
  return (
    <>
      <title>{`${t('adminUsers.detail.title')} · ${t('app.name')}`}</title>
      <AdminUserDetail
        key={userId}
        userId={userId}
        listHref={paths.adminUsers.getHref()}
        guidebooksHref={paths.adminUserGuidebooks.getHref(userId)}
        paymentsHref={paths.adminUserPayments.getHref(userId)}
        timeline={
          <Suspense fallback={null}>
            <AuditTimeline subject="user" id={userId} />
          </Suspense>
        }
      />
    </>
  );
}
