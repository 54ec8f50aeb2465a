import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { configKeys } from './config.ts';

/** `.env.example` is the configuration's reference: every key config.ts reads is written there, set or commented. */
describe('.env.example', () => {
  it('documents every key that loadConfig reads', () => {
    const text = readFileSync(resolve(import.meta.dirname, '../../../.env.example'), 'utf8');
    // a key is documented where it is assigned (`KEY=`, maybe commented out) or named in the notes (an alias)
    const documented = new Set([...text.matchAll(/\b([A-Z][A-Z0-9_]*[A-Z0-9])\b/g)].map((match) => match[1]));
    expect(configKeys.length).toBeGreaterThan(20);
    expect(configKeys.filter((key) => !documented.has(key))).toEqual([]);
  });
});
