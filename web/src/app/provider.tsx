import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from 'sonner';
import type { i18n as I18n } from 'i18next';
import { createApiClient } from '../lib/api-client.ts';
import { AppConfigProvider, type AppConfig } from '../lib/app-config.tsx';
import { ApiClientProvider } from '../lib/api-client-context.tsx';
import { createI18n, fromWireLanguage, readStoredLanguage } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { createSessionStore, type SessionStore } from '../lib/session.ts';
import { SessionStoreProvider } from '../lib/session-context.tsx';

type AppProviderProps = {
  children: ReactNode;
  /** Tests pass their own; the app builds one of each on first render. */
  queryClient?: QueryClient;
  i18n?: I18n;
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
  // A signed-in person reads in the language their account keeps; before sign-in, in this browser's choice.
  const [translations] = useState(() => {
    if (i18n) return i18n;
    const language = store.get()?.language;
    return createI18n(language ? fromWireLanguage(language) : readStoredLanguage());
  });
  const [api] = useState(() =>
    createApiClient({
      getToken: () => store.get()?.token,
      // The root layout sees the session end and takes the reader to the login screen.
      onUnauthorized: () => store.signOut(),
    }),
  );

  return (
    <I18nextProvider i18n={translations}>
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
