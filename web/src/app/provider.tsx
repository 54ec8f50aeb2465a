import { useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { Toaster } from 'sonner';
import type { i18n as I18n } from 'i18next';
import { createI18n } from '../lib/i18n.ts';
import { createQueryClient } from '../lib/query-client.ts';

type AppProviderProps = {
  children: ReactNode;
  /** Tests pass their own; the app builds one of each on first render. */
  queryClient?: QueryClient;
  i18n?: I18n;
};

export function AppProvider({ children, queryClient, i18n }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [translations] = useState(() => i18n ?? createI18n());
  return (
    <I18nextProvider i18n={translations}>
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
    </I18nextProvider>
  );
}
