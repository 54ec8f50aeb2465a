import { useTranslation } from 'react-i18next';
import { LandingPage } from '../../features/landing/landing-page.tsx';

/** `/` for signed-out visitors (issue 11); AnonymousOnly sends signed-in people to where they work. */
export function LandingRoute() {
  const { t } = useTranslation();
  return (
    <>
      <title>{`${t('app.name')} · ${t('landing.pageTitle')}`}</title>
      <LandingPage />
    </>
  );
}
