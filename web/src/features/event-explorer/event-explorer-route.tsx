import { useTranslation } from 'react-i18next';
import { EventExplorer } from './components/event-explorer.tsx';

/** /admin/events: the event explorer (administrators). */
export function AdminEventsRoute() {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${t('eventExplorer.title')} · ${t('app.name')}`}</title>
      <EventExplorer />
    </>
  );
}
