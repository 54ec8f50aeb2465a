import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type ko from '../locales/ko.json';
import { DEFAULT_LANGUAGE, LANGUAGES, isLanguage, keepLanguage, rememberLanguage, type Language } from './language.ts';

export * from './language.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof ko };
  }
}

/** One language's texts, as web/src/locales holds them. */
export type Texts = typeof ko;

/**
 * One language's texts, each its own file (issue 20): the app's first files carry none, and a visitor downloads
 * only the language shown (the drawn screen asks for it beside the entry: web/scripts/app-shell.ts), the other only
 * when they switch to it. No English text is missing (locales.test.ts), so the Korean fallback is never needed for
 * an English page and is not fetched for one.
 */
export async function loadTexts(language: Language): Promise<Texts> {
  return language === 'en'
    ? (await import('../locales/en.json')).default
    : (await import('../locales/ko.json')).default;
}

/**
 * One i18next instance per app (no module singleton) over the texts at hand, which must hold `language`'s; it keeps
 * `<html lang>` and storage in step.
 */
export function createI18n(language: Language, texts: Partial<Record<Language, Texts>>): I18n {
  if (!texts[language]) throw new Error(`createI18n: the ${language} texts were not given`);
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: Object.fromEntries(Object.entries(texts).map(([lng, translation]) => [lng, { translation }])),
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

/**
 * Shows `language`: its texts first (fetched if this page has not yet), then the switch, so no screen shows keys in
 * between. A switch asked for while the texts were on their way wins over this one.
 */
export async function switchLanguage(i18n: I18n, language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) {
    await i18n.changeLanguage(language);
    return;
  }
  let overtaken = false;
  const onChanging = () => {
    overtaken = true;
  };
  i18n.on('languageChanging', onChanging);
  try {
    const texts = await loadTexts(language);
    i18n.addResourceBundle(language, 'translation', texts, true, true);
  } finally {
    i18n.off('languageChanging', onChanging);
  }
  if (!overtaken) await i18n.changeLanguage(language);
}
