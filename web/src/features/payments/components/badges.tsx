import { useTranslation } from 'react-i18next';
import { SUBSCRIPTION_TYPES } from '@pocketguide/contracts';
import { cx } from '../../../lib/class-names.ts';

const planTones: Record<string, string> = {
  mini: 'bg-neutral-100 text-neutral-700',
  standard: 'bg-primary-50 text-primary-700',
  onemonth: 'bg-primary-50 text-primary-700',
  pro: 'bg-info-50 text-info-700',
  business: 'bg-accent-50 text-accent-600',
  enterprise: 'bg-accent-50 text-accent-600',
};

const isKnownPlan = (plan: string): plan is (typeof SUBSCRIPTION_TYPES)[number] =>
  (SUBSCRIPTION_TYPES as readonly string[]).includes(plan);

export function PlanBadge({ plan }: { plan: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={cx(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        planTones[plan] ?? 'bg-neutral-100 text-neutral-700',
      )}
    >
      {isKnownPlan(plan) ? t(`plans.${plan}`) : plan}
    </span>
  );
}

const statusTones: Record<string, string> = {
  paid: 'bg-primary-50 text-primary-700',
  failed: 'bg-alert-50 text-alert-700',
  refunded: 'bg-warning-50 text-warning-700',
  'partially-refunded': 'bg-warning-50 text-warning-700',
  pending: 'bg-neutral-100 text-neutral-700',
};

const STATUS_KEYS = ['paid', 'failed', 'refunded', 'partially-refunded', 'pending'] as const;

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  const known = (STATUS_KEYS as readonly string[]).includes(status) ? (status as (typeof STATUS_KEYS)[number]) : null;
  return (
    <span
      className={cx(
        'inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        statusTones[status] ?? 'bg-neutral-100 text-neutral-700',
      )}
    >
      {known ? t(`payments.status.${known}`) : status}
    </span>
  );
}
