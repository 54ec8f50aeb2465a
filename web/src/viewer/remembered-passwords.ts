/**
 * Spec 1 §4: a correct share password is remembered per guidebook in memory, local storage and session storage,
 * so the gate opens silently next time. Storage may be blocked (private modes, a full quota): memory still works.
 */
const KEY = (uuid: string) => `pocketguide.viewer.password.${uuid}`;
const memory = new Map<string, string>();

function stores(): Storage[] {
  const found: Storage[] = [];
  for (const get of [() => window.sessionStorage, () => window.localStorage]) {
    try {
      const storage = get();
      if (storage) found.push(storage);
    } catch {
      // blocked storage: skip it
    }
  }
  return found;
}

export function rememberedPassword(uuid: string): string | null {
  const inMemory = memory.get(uuid);
  if (inMemory !== undefined) return inMemory;
  for (const storage of stores()) {
    try {
      const value = storage.getItem(KEY(uuid));
      if (value) return value;
    } catch {
      // unreadable: try the next place
    }
  }
  return null;
}

export function rememberPassword(uuid: string, password: string): void {
  memory.set(uuid, password);
  for (const storage of stores()) {
    try {
      storage.setItem(KEY(uuid), password);
    } catch {
      // full or blocked: memory keeps it for this page
    }
  }
}

export function forgetPassword(uuid: string): void {
  memory.delete(uuid);
  for (const storage of stores()) {
    try {
      storage.removeItem(KEY(uuid));
    } catch {
      // nothing to forget there
    }
  }
}
