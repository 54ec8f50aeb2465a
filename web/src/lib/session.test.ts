import { describe, expect, it, vi } from 'vitest';
import { signedIn, userView } from '../testing/sessions.ts';
import { createSessionStore, SESSION_STORAGE_KEY } from './session.ts';

function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
    items,
  };
}

describe('session store', () => {
  it('keeps the spec session fields and the token in storage, and derives the admin flag from the role', () => {
    const storage = memoryStorage();
    const store = createSessionStore({ storage, events: undefined });
    expect(store.get()).toBeNull();

    const session = store.signIn(signedIn());
    expect(session).toMatchObject({
      token: 'token-1',
      id: 'user-1',
      role: 'user',
      isAdmin: false,
      language: 'kr',
      subscriptionType: 'free',
    });
    const stored = JSON.parse(storage.items.get(SESSION_STORAGE_KEY)!) as Record<string, unknown>;
    expect(Object.keys(stored).sort()).toEqual(
      [
        'companyName',
        'email',
        'expiresAt',
        'id',
        'image',
        'language',
        'name',
        'paymentMethod',
        'role',
        'subscription',
        'subscriptionType',
        'token',
      ].sort(),
    );
    expect(stored).not.toHaveProperty('isAdmin');

    expect(store.signIn(signedIn({ role: 'admin' })).isAdmin).toBe(true);
  });

  it('reads a session another page stored, and drops one that does not match today’s shape', () => {
    const good = memoryStorage({ [SESSION_STORAGE_KEY]: JSON.stringify({ ...signedIn().user, token: 't' }) });
    expect(createSessionStore({ storage: good, events: undefined }).get()?.email).toBe('traveller@example.com');
    const broken = memoryStorage({ [SESSION_STORAGE_KEY]: '{"token":"t","role":"superhero"' });
    expect(createSessionStore({ storage: broken, events: undefined }).get()).toBeNull();
    const old = memoryStorage({ [SESSION_STORAGE_KEY]: JSON.stringify({ token: 't', name: 'no id' }) });
    expect(createSessionStore({ storage: old, events: undefined }).get()).toBeNull();
  });

  it('update merges profile fields (extra fields of a user view are left out) and tells subscribers', () => {
    const storage = memoryStorage();
    const store = createSessionStore({ storage, events: undefined });
    store.signIn(signedIn());
    const listener = vi.fn();
    store.subscribe(listener);

    store.update({ name: '새 이름', image: '/media/users/user-1/portrait.webp' });
    expect(store.get()).toMatchObject({
      name: '새 이름',
      image: '/media/users/user-1/portrait.webp',
      token: 'token-1',
    });
    expect(listener).toHaveBeenCalledTimes(1);
    store.update(userView({ language: 'en', companyAddress: 'not a session field' }));
    expect(store.get()?.language).toBe('en');
    expect(JSON.parse(storage.items.get(SESSION_STORAGE_KEY)!)).not.toHaveProperty('companyAddress');
  });

  it('sign out clears storage and tells subscribers once', () => {
    const storage = memoryStorage();
    const store = createSessionStore({ storage, events: undefined });
    store.signIn(signedIn());
    const listener = vi.fn();
    store.subscribe(listener);
    store.signOut();
    store.signOut();
    expect(store.get()).toBeNull();
    expect(storage.items.has(SESSION_STORAGE_KEY)).toBe(false);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('follows a sign-out in another tab through the storage event', () => {
    const storage = memoryStorage();
    const events = new EventTarget();
    const store = createSessionStore({ storage, events: events as unknown as Window });
    store.signIn(signedIn());
    const listener = vi.fn();
    store.subscribe(listener);

    storage.items.delete(SESSION_STORAGE_KEY); // the other tab signed out
    events.dispatchEvent(Object.assign(new Event('storage'), { key: SESSION_STORAGE_KEY }));
    expect(store.get()).toBeNull();
    expect(listener).toHaveBeenCalledTimes(1);
    store.dispose();
  });
});
