import { describe, expect, it } from 'vitest';
import en from '../locales/en.json';
import ko from '../locales/ko.json';
import { createI18n, loadTexts, switchLanguage } from './i18n.ts';

describe('the app’s texts, one language at a time (lib/i18n.ts)', () => {
  it('loads each language’s texts on their own', async () => {
    expect(await loadTexts('ko')).toEqual(ko);
    expect(await loadTexts('en')).toEqual(en);
  });

  it('starts with the texts of the language shown and no other', () => {
    const i18n = createI18n('ko', { ko });
    expect(i18n.t('app.tagline')).toBe(ko.app.tagline);
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(false);
    expect(() => createI18n('en', { ko })).toThrow(/en texts/);
  });

  it('switches once the other language’s texts have arrived, never showing keys in between', async () => {
    const i18n = createI18n('ko', { ko });
    const shown: string[] = [];
    i18n.on('languageChanged', () => shown.push(i18n.t('app.tagline')));
    const switching = switchLanguage(i18n, 'en');
    expect(i18n.language).toBe('ko'); // still Korean while the English texts are on their way
    expect(i18n.t('app.tagline')).toBe(ko.app.tagline);
    await switching;
    expect(i18n.language).toBe('en');
    expect(shown).toEqual([en.app.tagline]);
    // and back: the Korean texts are at hand, the switch is at once
    await switchLanguage(i18n, 'ko');
    expect(shown).toEqual([en.app.tagline, ko.app.tagline]);
  });

  it('keeps the last language asked for when an earlier one’s texts arrive after it', async () => {
    const i18n = createI18n('ko', { ko });
    const toEnglish = switchLanguage(i18n, 'en');
    await switchLanguage(i18n, 'ko');
    await toEnglish;
    expect(i18n.language).toBe('ko');
    expect(i18n.hasResourceBundle('en', 'translation')).toBe(true); // fetched all the same, for the next switch
  });
});
