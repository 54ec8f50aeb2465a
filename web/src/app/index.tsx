import { useEffect, useLayoutEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import type { i18n as I18n } from 'i18next';
import { readAppConfig } from '../lib/app-config.tsx';
import type { SessionStore } from '../lib/session.ts';
import { AppProvider } from './provider.tsx';
import { createAppRouter, type AppRouter } from './router.tsx';

// Validated once, at start: a malformed setting fails loudly here rather than as a half-working widget later.
const config = readAppConfig(import.meta.env);

type AppProps = {
  /** over the texts of the visitor's language, fetched by main.tsx before the first drawing */
  i18n: I18n;
  /** made (and its first screen's code loaded) by main.tsx before the first drawing; one of its own otherwise */
  router?: AppRouter;
  /** the session main.tsx read to decide how to draw; one of the app's own otherwise */
  sessionStore?: SessionStore;
  /** once the first screen is in the document, before the browser paints it (main.tsx: what the drawn page set) */
  onDrawn?: () => void;
  /** once the first screen has been painted */
  onPainted?: () => void;
};

export function App({ i18n, router: given, sessionStore, onDrawn, onPainted }: AppProps) {
  const [router] = useState(() => given ?? createAppRouter());
  useLayoutEffect(() => onDrawn?.(), [onDrawn]);
  useEffect(() => onPainted?.(), [onPainted]);
  return (
    <AppProvider i18n={i18n} config={config} {...(sessionStore ? { sessionStore } : {})}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
