import { useTranslation } from 'react-i18next';
import type { SubscriptionType, UserStatus } from '@pocketguide/contracts';
import { cx } from '../../../lib/class-names.ts';

const STATUS_LOOKS: Record<UserStatus, string> = {
  active: 'bg-primary-50 text-primary-700 ring-primary-100',
  inactive: 'bg-warning-50 text-warning-700 ring-warning-200',
  hidden: 'bg-neutral-100 text-neutral-700 ring-neutral-200',
};

/** Spec 3 §2.6: the label prefers hidden, then active, then not confirmed (the server decides which). */
export function UserStatusBadge({ status }: { status: UserStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={cx(
        'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        STATUS_LOOKS[status],
      )}
      data-user-status={status}
    >
      {t(`adminUsers.status.${status}`)}
    </span>
  );
}

/** The plan, and whether it still renews: a paid plan whose subscription was ended runs to its expiry. */
export function UserPlanBadge({ plan, subscribed }: { plan: SubscriptionType; subscribed: boolean }) {
  const { t } = useTranslation();
  const paid = plan !== 'free';
  return (
    <span className="inline-flex flex-wrap items-center gap-1" data-user-plan={plan}>
      <span
        className={cx(
          'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
          paid ? 'bg-accent-50 text-accent-600 ring-accent-100' : 'bg-neutral-50 text-neutral-600 ring-neutral-200',
        )}
      >
        {t(`plans.${plan}`)}
      </span>
      {paid && !subscribed ? (
        <span className="text-xs whitespace-nowrap text-neutral-500">{t('adminUsers.plan.ended')}</span>
      ) : null}
    </span>
  );
}
