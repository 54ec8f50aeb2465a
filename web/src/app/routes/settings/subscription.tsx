import { useTranslation } from 'react-i18next';
import { SubscriptionStepper } from '../../../features/subscription/components/subscription-stepper.tsx';
import { SettingsSectionHeader } from './settings-layout.tsx';

/** /settings/subscription: the subscription stepper (spec 2 §2); `?step=` picks the step. */
export function SettingsSubscriptionRoute() {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${t('settings.subscription.heading')} · ${t('app.name')}`}</title>
      <SettingsSectionHeader title={t('settings.subscription.heading')} description={t('subscription.description')} />
      <SubscriptionStepper />
    </>
  );
}
