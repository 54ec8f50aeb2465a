import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, errorCodes } from '@pocketguide/contracts';
import en from './en.json';
import ko from './ko.json';

/** Every key path of a nested object, as i18next looks it up (plural suffixes kept). */
function paths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => paths(child, prefix ? `${prefix}.${key}` : key));
}

/** The same with i18next plural suffixes folded (Korean has one form, English two). */
const keys = (value: unknown) => paths(value).map((path) => path.replace(/_(one|other)$/, ''));

describe('locales', () => {
  it('Korean and English hold the same texts', () => {
    expect([...new Set(keys(en))].sort()).toEqual([...new Set(keys(ko))].sort());
  });

  // An English page loads the English texts only (lib/i18n.ts), so its Korean fallback is never at hand: a key English
  // lacks would show as the raw key.
  it('every Korean text has its English one, key for key, and each English plural both its forms', () => {
    const english = new Set(paths(en));
    expect(paths(ko).filter((path) => !english.has(path) && !english.has(`${path}_other`))).toEqual([]);
    const plurals = [...english].filter((path) => /_(one|other)$/.test(path));
    const unpaired = plurals.filter(
      (path) => !english.has(path.replace(/_(one|other)$/, (_, form: string) => (form === 'one' ? '_other' : '_one'))),
    );
    expect(unpaired).toEqual([]);
  });

  it('every error code the server can answer has a text in both languages', () => {
    for (const code of errorCodes) {
      expect(ko.errors.codes).toHaveProperty(code);
      expect(en.errors.codes).toHaveProperty(code);
    }
  });

  it('every account message the server and the forms share has a text in both languages', () => {
    for (const key of Object.keys(ACCOUNT_MESSAGES)) {
      expect(ko.account.messages).toHaveProperty(key);
      expect(en.account.messages).toHaveProperty(key);
    }
  });

  it('the English account messages are the spec texts, word for word', () => {
    for (const [key, text] of Object.entries(ACCOUNT_MESSAGES)) {
      expect(en.account.messages[key as keyof typeof en.account.messages]).toBe(text);
    }
  });
});
