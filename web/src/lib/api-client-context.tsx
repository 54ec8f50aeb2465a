import { createContext, useContext, type ReactNode } from 'react';
import type { ApiClient } from './api-client.ts';

const ApiClientContext = createContext<ApiClient | null>(null);

export function ApiClientProvider({ client, children }: { client: ApiClient; children: ReactNode }) {
  return <ApiClientContext.Provider value={client}>{children}</ApiClientContext.Provider>;
}

/** The app's one client: it adds the session's token and ends the session on a refused token. */
export function useApiClient(): ApiClient {
  const client = useContext(ApiClientContext);
  if (!client) throw new Error('useApiClient needs an ApiClientProvider (see app/provider.tsx)');
  return client;
}
