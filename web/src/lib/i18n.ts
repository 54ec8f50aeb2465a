import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Language as WireLanguage } from '@pocketguide/contracts';
import en from '../locales/en.json';
import ko from '../locales/ko.json';

export const LANGUAGES = ['ko', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'ko';

// Before sign-in the choice lives in this browser; once signed in, the session (and the account) carries it too.
export const LANGUAGE_STORAGE_KEY = 'pocketguide.language';

export type { WireLanguage };

/** The API speaks the spec's codes (`kr`, `en`); i18next and `<html lang>` want BCP 47 (`ko`, `en`). */
export function toWireLanguage(language: Language): WireLanguage {
  return language === 'ko' ? 'kr' : 'en';
}

export function fromWireLanguage(language: WireLanguage): Language {
  return language === 'kr' ? 'ko' : 'en';
}

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof ko };
  }
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function readStoredLanguage(storage: Pick<Storage, 'getItem'> | undefined = safeLocalStorage()): Language {
  const stored = storage?.getItem(LANGUAGE_STORAGE_KEY);
  return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/** One i18next instance per app (no module singleton), Korean by default; it keeps `<html lang>` and storage in step. */
export function createI18n(language: Language = readStoredLanguage()): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { ko: { translation: ko }, en: { translation: en } },
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false }, // React escapes already.
    returnNull: false,
    initAsync: false,
  });
  rememberLanguage(language);
  instance.on('languageChanged', (next) => {
    if (!isLanguage(next)) return;
    rememberLanguage(next);
    safeLocalStorage()?.setItem(LANGUAGE_STORAGE_KEY, next);
  });
  return instance;
}

/**
 * The cookie that tells the server which language to send the front door's pre-rendered pages in (`/`, `/login`,
 * `/signup`: query-api/src/front-door); the browser's own choice stays in localStorage.
 */
export const LANGUAGE_COOKIE = 'pocketguide.language';

/** `<html lang>` and the server's cookie follow the language shown. */
export function rememberLanguage(language: Language): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  if (!document.cookie.split('; ').includes(`${LANGUAGE_COOKIE}=${language}`)) {
    document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=31536000; SameSite=Lax`;
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined; // Storage can throw when the browser blocks it; the default language still works.
  }
}
