import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  DEFAULT_LANGUAGE,
  LANGUAGES,
  isLanguage,
  keepLanguage,
  rememberLanguage,
  type Language,
} from '../lib/language.ts';
import ko from '../locales/ko.json';

/**
 * The front door's texts (issue 11): as lib/i18n.ts's createI18n (Korean by default, `<html lang>` and this
 * browser's choice kept in step), but with only the language shown in the first load: Korean is in the entry, English
 * comes as its own file when chosen, so neither visitor downloads both (13 KB gzipped each).
 */
export async function loadTexts(language: Language): Promise<Record<string, unknown>> {
  return language === 'en' ? (await import('../locales/en.json')).default : ko;
}

/** The i18next instance over texts already at hand: what the build's pre-render and the browser both start from. */
export function frontDoorI18n(language: Language, texts: Record<string, unknown>): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { ko: { translation: ko }, [language]: { translation: texts } },
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return instance;
}

/** In the browser: the texts of `language`, and `<html lang>`, storage and the server's cookie kept in step. */
export async function createFrontDoorI18n(language: Language): Promise<I18n> {
  const instance = frontDoorI18n(language, await loadTexts(language));
  rememberLanguage(language);
  instance.on('languageChanged', (next: string) => {
    if (isLanguage(next)) keepLanguage(next);
  });
  return instance;
}

/** The language switch: the texts first, then the switch, so no screen shows keys in between. */
export async function switchLanguage(i18n: I18n, language: Language): Promise<void> {
  i18n.addResourceBundle(language, 'translation', await loadTexts(language), true, true);
  await i18n.changeLanguage(language);
}
