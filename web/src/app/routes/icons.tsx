import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { IconLibrary } from '../../features/icons/components/icon-library.tsx';

/** /icons (the person's own) and /admin/icons (everyone's), spec 3 §2.3. */
export function IconsRoute() {
  const { t } = useTranslation();
  const admin = useLocation().pathname.startsWith('/admin/');
  return (
    <>
      <title>{`${admin ? t('icons.adminTitle') : t('icons.title')} · ${t('app.name')}`}</title>
      <IconLibrary scope={admin ? 'all' : 'own'} />
    </>
  );
}
