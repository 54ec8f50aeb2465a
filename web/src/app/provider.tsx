import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from 'sonner';
import type { i18n as I18n } from 'i18next';
import { createApiClient } from '../lib/api-client.ts';
import { AppConfigProvider, type AppConfig } from '../lib/app-config.tsx';
import { ApiClientProvider } from '../lib/api-client-context.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { createSessionStore, type SessionStore } from '../lib/session.ts';
import { SessionStoreProvider } from '../lib/session-context.tsx';

type AppProviderProps = {
  children: ReactNode;
  /** Tests pass their own; the app builds one of each on first render. */
  queryClient?: QueryClient;
  /** made over the texts of the visitor's language, which are fetched before the first drawing (main.tsx) */
  i18n: I18n;
  sessionStore?: SessionStore;
  config?: AppConfig;
};

const NO_OPTIONAL_FEATURES: AppConfig = { supportChatUrl: undefined, thumbnailProxies: [] };

export function AppProvider({
  children,
  queryClient,
  i18n,
  sessionStore,
  config = NO_OPTIONAL_FEATURES,
}: AppProviderProps) {
  const [store] = useState(() => sessionStore ?? createSessionStore());
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [api] = useState(() =>
    createApiClient({
      getToken: () => store.get()?.token,
      // The root layout sees the session end and takes the reader to the login screen.
      onUnauthorized: () => store.signOut(),
    }),
  );

  return (
    <I18nextProvider i18n={i18n}>
      <AppConfigProvider config={config}>
        <SessionStoreProvider store={store}>
          <ApiClientProvider client={api}>
            <QueryClientProvider client={client}>
              {children}
              {/* Top centre, at most three at once, 4 s unless a call says otherwise (spec error catalogue). */}
              <Toaster
                position="top-center"
                visibleToasts={3}
                duration={4000}
                toastOptions={{ style: { fontFamily: 'var(--font-sans)' } }}
              />
            </QueryClientProvider>
          </ApiClientProvider>
        </SessionStoreProvider>
      </AppConfigProvider>
    </I18nextProvider>
  );
}
