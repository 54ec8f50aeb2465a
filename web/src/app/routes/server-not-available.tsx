import { useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RefreshCw, WifiOff } from 'lucide-react';
import { Button } from '../../components/button.tsx';
import { paths } from '../paths.ts';
import type { ServerNotAvailableState } from './root-layout.tsx';

export function ServerNotAvailableRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const state = useLocation().state as ServerNotAvailableState | null;

  const retry = () => {
    // Start the screen the reader came from afresh rather than from its failed cache entries.
    queryClient.removeQueries();
    void navigate(state?.from ?? paths.home.getHref(), { replace: true });
  };

  return (
    <>
      <title>{`${t('serverNotAvailable.pageTitle')} · ${t('app.name')}`}</title>
      <section className="mx-auto flex max-w-md flex-col items-center py-16 text-center sm:py-24">
        <div
          className="mb-6 flex size-16 items-center justify-center rounded-full bg-neutral-100 text-neutral-500"
          aria-hidden="true"
        >
          <WifiOff className="size-7" />
        </div>
        <h1 className="text-xl font-bold text-neutral-900 sm:text-2xl">{t('serverNotAvailable.heading')}</h1>
        <p className="mt-3 text-base text-neutral-600">{t('serverNotAvailable.description')}</p>
        <Button className="mt-8" icon={<RefreshCw className="size-4" aria-hidden="true" />} onClick={retry}>
          {t('serverNotAvailable.retry')}
        </Button>
      </section>
    </>
  );
}
