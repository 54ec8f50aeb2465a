import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, errorCodes } from '@pocketguide/contracts';
import en from './en.json';
import ko from './ko.json';

/** Every key path of a nested object, with i18next plural suffixes folded (Korean has one form, English two). */
function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix.replace(/_(one|other)$/, '')];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

describe('locales', () => {
  it('Korean and English hold the same texts', () => {
    expect([...new Set(keys(en))].sort()).toEqual([...new Set(keys(ko))].sort());
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
