import { useTranslation } from 'react-i18next';
import { ProfileForm } from '../../../features/users/components/profile-form.tsx';
import { useSession } from '../../../lib/session-context.tsx';
import { SettingsSectionHeader } from './settings-layout.tsx';

export function SettingsProfileRoute() {
  const { t } = useTranslation();
  const session = useSession();
  if (!session) return null; // RequireSession has already sent a signed-out reader away
  return (
    <>
      <title>{`${t('settings.profile.heading')} · ${t('app.name')}`}</title>
      <SettingsSectionHeader title={t('settings.profile.heading')} description={t('settings.profile.description')} />
      <ProfileForm userId={session.id} language={session.language} />
    </>
  );
}
