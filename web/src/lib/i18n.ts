import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import ko from '../locales/ko.json';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  isLanguage,
  keepLanguage,
  readStoredLanguage,
  rememberLanguage,
  type Language,
} from './language.ts';

export * from './language.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof ko };
  }
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
    if (isLanguage(next)) keepLanguage(next);
  });
  return instance;
}
