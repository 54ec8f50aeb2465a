import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TriangleAlert } from 'lucide-react';
import { Button } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';

/** Last line of defence when a screen throws while rendering. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error(error); // Leaves the cause in the console for whoever reports the problem.
  }, [error]);
  return (
    <div className="flex min-h-dvh items-center justify-center px-4">
      <EmptyState
        titleAs="h1"
        icon={<TriangleAlert className="size-6" />}
        title={t('errors.generic')}
        action={
          <Button variant="secondary" onClick={() => window.location.reload()}>
            {t('common.retry')}
          </Button>
        }
      />
    </div>
  );
}
