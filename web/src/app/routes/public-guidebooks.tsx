import { useTranslation } from 'react-i18next';
import { PublicGallery } from '../../features/guidebook-lists/components/public-gallery.tsx';
import { useSession } from '../../lib/session-context.tsx';

/** /public-guidebooks (spec 3 §2.2): open to everyone; administrators also get the regenerate control. */
export function PublicGuidebooksRoute() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <>
      <title>{`${t('publicGallery.title')} · ${t('app.name')}`}</title>
      <div className="flex flex-col gap-6">
        <header>
          <h1 className="text-xl font-bold text-neutral-900 sm:text-2xl">{t('publicGallery.title')}</h1>
          <p className="mt-1.5 text-base text-neutral-600">{t('publicGallery.description')}</p>
        </header>
        <PublicGallery admin={session?.isAdmin ?? false} />
      </div>
    </>
  );
}
