import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';
import type { Session, SessionStore } from './session.ts';

const SessionStoreContext = createContext<SessionStore | null>(null);

export function SessionStoreProvider({ store, children }: { store: SessionStore; children: ReactNode }) {
  return <SessionStoreContext.Provider value={store}>{children}</SessionStoreContext.Provider>;
}

export function useSessionStore(): SessionStore {
  const store = useContext(SessionStoreContext);
  if (!store) throw new Error('useSessionStore needs a SessionStoreProvider (see app/provider.tsx)');
  return store;
}

/** The signed-in person, or null; re-renders on sign-in, sign-out and profile changes (in any tab). */
export function useSession(): Session | null {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
