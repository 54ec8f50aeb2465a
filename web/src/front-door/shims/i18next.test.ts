import realI18next from 'i18next';
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ko from '../../locales/ko.json';
import shim from './i18next.ts';

/** Every text key of a locale file, dotted, with the plural suffix taken off. */
function keysOf(tree: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    value !== null && typeof value === 'object'
      ? keysOf(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key.replace(/_(one|other)$/, '')}`],
  );
}

// values for every `{{name}}` the locale files use
const VALUES = {
  title: 'T',
  number: 3,
  date: '2025-11-01',
  type: 'x',
  revision: 7,
  max: 9,
  days: 14,
  percent: 50,
  name: 'N',
  time: '10:00',
  size: '2',
  email: 'a@b.c',
  year: 2026,
  version: '1.1.0',
  url: 'https://x',
  standard: '50,000',
  search: 's',
  row: 1,
  pro: '150,000',
  price: '11,000',
  part: 'p',
  page: 2,
  n: 4,
  min: 1,
  message: 'm',
  col: 2,
  business: '330,000',
  address: 'addr',
};

async function both(language: 'ko' | 'en') {
  const resources = { ko: { translation: ko }, en: { translation: en } };
  const real = realI18next.createInstance();
  await real.init({
    resources,
    lng: language,
    fallbackLng: 'ko',
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  const stand = shim.createInstance();
  await stand.init({ resources, lng: language, fallbackLng: 'ko' });
  return { real, stand };
}

describe('the front door’s i18next stand-in', () => {
  for (const language of ['ko', 'en'] as const) {
    it(`gives i18next’s text for every key of ${language}.json, with values, counts and objects`, async () => {
      const { real, stand } = await both(language);
      const keys = [...new Set(keysOf(language === 'ko' ? ko : en))];
      expect(keys.length).toBeGreaterThan(500);
      for (const key of keys) {
        for (const options of [VALUES, { ...VALUES, count: 1 }, { ...VALUES, count: 5 }]) {
          expect(stand.t(key, options), key).toBe((real.t as (key: string, options: object) => string)(key, options));
        }
      }
      expect(stand.t('account.messages', { returnObjects: true })).toEqual(
        real.t('account.messages', { returnObjects: true }),
      );
      expect(stand.t('no.such.key')).toBe('no.such.key');
    });
  }

  it('changes language, tells its listeners, and takes a language’s texts added later', async () => {
    const stand = shim.createInstance();
    await stand.init({ resources: { ko: { translation: ko } }, lng: 'ko', fallbackLng: 'ko' });
    const heard: string[] = [];
    stand.on('languageChanged', (language) => heard.push(language));
    stand.addResourceBundle('en', 'translation', en);
    await stand.changeLanguage('en');
    expect(heard).toEqual(['en']);
    expect(stand.language).toBe('en');
    expect(stand.t('login.heading')).toBe(en.login.heading);
  });
});
