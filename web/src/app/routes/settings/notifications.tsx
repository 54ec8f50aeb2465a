import { useTranslation } from 'react-i18next';
import { SettingsSectionHeader } from './settings-layout.tsx';
import { ComingSoonNote } from './subscription.tsx';

export function SettingsNotificationsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${t('settings.notifications.heading')} · ${t('app.name')}`}</title>
      <SettingsSectionHeader title={t('settings.notifications.heading')} />
      <ComingSoonNote text={t('settings.notifications.comingSoon')} />
    </>
  );
}
