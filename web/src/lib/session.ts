import { z } from 'zod';
import { isAdminRole, sessionUserSchema, type AuthResponse, type SessionUser } from '@pocketguide/contracts';

/**
 * The signed-in person, kept in localStorage (spec 2 §3: token, role, name, companyName, image, id, email,
 * subscription, subscriptionType, expiresAt, paymentMethod, language) with the admin flag derived from the role.
 * One store per app, made by the composition root; other tabs' sign-ins and sign-outs are followed through the
 * `storage` event, so a sign-out anywhere signs out everywhere.
 */

export const SESSION_STORAGE_KEY = 'pocketguide.session';

const storedSessionSchema = sessionUserSchema.extend({ token: z.string().min(1) });
type StoredSession = z.infer<typeof storedSessionSchema>;

export type Session = StoredSession & {
  /** Any role other than 'user' counts as administrator on the client (spec 3 §1). */
  isAdmin: boolean;
};

export type SessionStore = {
  get(): Session | null;
  subscribe(listener: () => void): () => void;
  /** Keeps the answer of POST /api/auth (or the Kakao exchange). */
  signIn(auth: AuthResponse): Session;
  /**
   * Replaces the profile fields a later answer carries (a saved profile, a new portrait, a language), or the
   * token (a password change ends every session and hands this device a new one).
   */
  update(changes: Partial<SessionUser & { token: string }>): void;
  signOut(): void;
  /** Stops following other tabs. */
  dispose(): void;
};

type StoreOptions = {
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined;
  /** where `storage` events arrive; the window in the browser */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'> | undefined;
};

function toSession(stored: StoredSession): Session {
  return { ...stored, isAdmin: isAdminRole(stored.role) };
}

/** A stored value that no longer matches today's shape (an older app, a hand edit) is treated as signed out. */
function parseStored(raw: string | null | undefined): Session | null {
  if (!raw) return null;
  try {
    const parsed = storedSessionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? toSession(parsed.data) : null;
  } catch {
    return null;
  }
}

function withoutDerived(session: Session): StoredSession {
  const { isAdmin: _isAdmin, ...stored } = session;
  return stored;
}

export function createSessionStore({
  storage = safeLocalStorage(),
  events = safeWindow(),
}: StoreOptions = {}): SessionStore {
  let current = parseStored(read());
  const listeners = new Set<() => void>();

  function read(): string | null {
    try {
      return storage?.getItem(SESSION_STORAGE_KEY) ?? null;
    } catch {
      return null;
    }
  }

  function write(session: Session | null): void {
    try {
      if (session) storage?.setItem(SESSION_STORAGE_KEY, JSON.stringify(withoutDerived(session)));
      else storage?.removeItem(SESSION_STORAGE_KEY);
    } catch {
      // Blocked or full storage: the session still lives for this page.
    }
  }

  function set(next: Session | null): void {
    current = next;
    write(next);
    for (const listener of listeners) listener();
  }

  const onStorage = (event: StorageEvent) => {
    if (event.key !== SESSION_STORAGE_KEY && event.key !== null) return;
    current = parseStored(read());
    for (const listener of listeners) listener();
  };
  events?.addEventListener('storage', onStorage);

  return {
    get: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn({ token, user }) {
      const session = toSession({ ...user, token });
      set(session);
      return session;
    },
    update(changes) {
      if (!current) return;
      const merged = storedSessionSchema.safeParse({ ...withoutDerived(current), ...changes });
      if (merged.success) set(toSession(merged.data));
    },
    signOut() {
      if (current) set(null);
    },
    dispose() {
      events?.removeEventListener('storage', onStorage);
      listeners.clear();
    },
  };
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

function safeWindow(): Window | undefined {
  return typeof window === 'undefined' ? undefined : window;
}
