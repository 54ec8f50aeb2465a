import { describe, expect, it } from 'vitest';
import { errorCodes } from '@pocketguide/contracts';
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
});
