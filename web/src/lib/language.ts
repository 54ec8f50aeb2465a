import type { Language as WireLanguage } from '@pocketguide/contracts';

/**
 * The interface's languages and where the choice is kept, without any of the texts (lib/i18n.ts has those): what
 * the front door needs before it has loaded a single text, so its first files carry Korean only.
 */

export const LANGUAGES = ['ko', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ko';

// Before sign-in the choice lives in this browser; once signed in, the session (and the account) carries it too.
export const LANGUAGE_STORAGE_KEY = 'pocketguide.language';

/**
 * The cookie that tells the server which language to send the front door's pre-rendered pages in (`/`, `/login`,
 * `/signup`: query-api/src/front-door); the browser's own choice stays in localStorage.
 */
export const LANGUAGE_COOKIE = 'pocketguide.language';

export type { WireLanguage };

/** The API speaks the spec's codes (`kr`, `en`); i18next and `<html lang>` want BCP 47 (`ko`, `en`). */
export function toWireLanguage(language: Language): WireLanguage {
  return language === 'ko' ? 'kr' : 'en';
}

export function fromWireLanguage(language: WireLanguage): Language {
  return language === 'kr' ? 'ko' : 'en';
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function readStoredLanguage(storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage()): Language {
  const stored = storage?.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/** `<html lang>` and the server's cookie follow the language shown. */
export function rememberLanguage(language: Language): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  if (!document.cookie.split('; ').includes(`${LANGUAGE_COOKIE}=${language}`)) {
    document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
  }
}

/** A language chosen here: shown in `<html lang>`, sent to the server in the cookie, kept in this browser. */
export function keepLanguage(language: Language): void {
  rememberLanguage(language);
  try {
    safeLocalStorage()?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // blocked or full storage: the choice holds for this page
  }
}

export function safeLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // Storage can throw when the browser blocks it; the default language still works.
  }
}
