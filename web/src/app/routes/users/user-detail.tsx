import { Navigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { UserAccountDetail } from '../../../features/admin-users/components/user-account-detail.tsx';
import { useSession } from '../../../lib/session-context.tsx';
import { paths } from '../../paths.ts';

/** /users/{userId} (spec 2 §2): the signed-in person's own account; administrators may open anyone's. */
export function UserDetailRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const userId = useParams().userId ?? '';
  const own = session?.id === userId;
  return (
    <>
      <title>{`${t('adminUsers.account.title')} · ${t('app.name')}`}</title>
      <UserAccountDetail
        key={userId}
        userId={userId}
        links={{
          payments: paths.userPayments.getHref(userId),
          ownAccount: paths.userDetail.getHref(session?.id ?? ''),
          ...(own
            ? {
                own: {
                  guidebooks: paths.guidebooks.getHref(),
                  profile: paths.settingsProfile.getHref(),
                  subscription: paths.settingsSubscription.getHref(),
                },
              }
            : {}),
          ...(session?.isAdmin ? { manage: paths.adminUser.getHref(userId) } : {}),
        }}
      />
    </>
  );
}

/** /users: nothing lists people outside the back office, so administrators go to its user list, a member to their own account. */
export function UsersRoute() {
  const session = useSession();
  if (!session) return null;
  return <Navigate to={session.isAdmin ? paths.adminUsers.getHref() : paths.userDetail.getHref(session.id)} replace />;
}
