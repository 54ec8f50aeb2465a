import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from '../../../features/users/components/change-password-form.tsx';
import { useSession } from '../../../lib/session-context.tsx';
import { SettingsSectionHeader } from './settings-layout.tsx';

export function SettingsChangePasswordRoute() {
  const { t } = useTranslation();
  const session = useSession();
  if (!session) return null;
  return (
    <>
      <title>{`${t('settings.changePassword.heading')} · ${t('app.name')}`}</title>
      <SettingsSectionHeader
        title={t('settings.changePassword.heading')}
        description={t('settings.changePassword.description')}
      />
      <ChangePasswordForm userId={session.id} email={session.email} />
    </>
  );
}
