import { useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NotificationDetail } from '../../../features/messages/components/notification-detail.tsx';
import { NotificationList } from '../../../features/messages/components/notification-list.tsx';
import { paths } from '../../paths.ts';
import { SettingsSectionHeader } from './settings-layout.tsx';

/** /settings/notifications: the member's messages, a page at a time (`?page=`). */
export function SettingsNotificationsRoute() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  return (
    <>
      <title>{`${t('settings.notifications.heading')} · ${t('app.name')}`}</title>
      <SettingsSectionHeader title={t('settings.notifications.heading')} />
      <NotificationList
        page={page}
        onPageChange={(next) => setSearch(next > 1 ? { page: String(next) } : {})}
        detailHref={paths.settingsNotification.getHref}
      />
    </>
  );
}

/** /settings/notifications/{messageId}: one message. */
export function SettingsNotificationRoute() {
  const { t } = useTranslation();
  const { messageId = '' } = useParams();
  return (
    <>
      <title>{`${t('settings.notifications.heading')} · ${t('app.name')}`}</title>
      <SettingsSectionHeader title={t('settings.notifications.heading')} />
      <NotificationDetail messageId={messageId} listHref={paths.settingsNotifications.getHref()} />
    </>
  );
}
