import { useTranslation } from 'react-i18next';
import { CreditCard, Hourglass } from 'lucide-react';
import { formatDateTime } from '../../../lib/format-date-time.ts';
import { useSession } from '../../../lib/session-context.tsx';
import { SettingsSectionHeader } from './settings-layout.tsx';

/** The subscription stepper comes with the payments issue; until then, the current plan and a calm note. */
export function SettingsSubscriptionRoute() {
  const { t } = useTranslation();
  const session = useSession();
  if (!session) return null;
  const date = formatDateTime(session.expiresAt).slice(0, 10);
  const ended = Date.parse(session.expiresAt) < Date.now();
  const period = ended
    ? t('settings.subscription.expired', { date })
    : session.subscriptionType === 'free'
      ? t('settings.subscription.trialUntil', { date })
      : t('settings.subscription.activeUntil', { date });
  return (
    <>
      <title>{`${t('settings.subscription.heading')} · ${t('app.name')}`}</title>
      <SettingsSectionHeader title={t('settings.subscription.heading')} />
      <div className="flex items-center gap-4 rounded-card border border-neutral-200 p-5">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-primary-50 text-primary-600" aria-hidden="true">
          <CreditCard className="size-5" />
        </span>
        <div>
          <p className="text-sm text-neutral-500">{t('settings.subscription.currentPlan')}</p>
          <p className="text-lg font-bold text-neutral-900">{t(`plans.${session.subscriptionType}`)}</p>
          {date ? <p className="text-sm text-neutral-600">{period}</p> : null}
        </div>
      </div>
      <ComingSoonNote text={t('settings.subscription.comingSoon')} />
    </>
  );
}

export function ComingSoonNote({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <div className="mt-6 flex items-start gap-3 rounded-card bg-neutral-50 p-5 text-sm text-neutral-600">
      <Hourglass className="mt-0.5 size-4.5 shrink-0 text-neutral-500" aria-hidden="true" />
      <p>
        <span className="mr-2 rounded-full bg-neutral-200 px-2 py-0.5 text-xs font-semibold text-neutral-700">{t('common.comingSoon')}</span>
        {text}
      </p>
    </div>
  );
}
