import type { i18n as I18n } from 'i18next';
import en from '../locales/en.json';
import ko from '../locales/ko.json';
import { createI18n as createAppI18n, type Language } from '../lib/i18n.ts';

/** The app's i18next instance with both languages' texts at hand, as tests want it: switching is immediate. */
export function createI18n(language: Language): I18n {
  return createAppI18n(language, { ko, en });
}
