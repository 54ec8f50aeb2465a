import { describe, expect, it } from 'vitest';
import { deriveEventId, deriveId } from './ids.ts';

describe('deriveId', () => {
  it('is stable for a seed and differs between seeds', () => {
    expect(deriveId('a')).toBe(deriveId('a'));
    expect(deriveId('a')).not.toBe(deriveId('b'));
    expect(deriveEventId('cmd', 0)).not.toBe(deriveEventId('cmd', 1));
  });

  it('is a version-8 UUID', () => {
    expect(deriveId('seed')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
