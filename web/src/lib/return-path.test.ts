import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path.ts';

const origin = 'https://pocketguide.test';

describe('safeReturnPath: only a path of this site comes back', () => {
  it('keeps a relative path of this site, with its query and hash', () => {
    expect(safeReturnPath('/guidebooks/edit/gb-1', origin)).toBe('/guidebooks/edit/gb-1');
    expect(safeReturnPath('/guidebooks/edit/gb-1/contents/c-2?x=1#top', origin)).toBe('/guidebooks/edit/gb-1/contents/c-2?x=1#top');
  });

  it('refuses other origins however they are written', () => {
    for (const value of [
      'https://evil.example/guidebooks',
      '//evil.example/guidebooks',
      '/\\evil.example',
      '\\\\evil.example',
      'javascript:alert(1)',
      'guidebooks/edit/1',
      '/%2F%2Fevil.example'.replace('%2F%2F', '/\t/'),
      ' /guidebooks',
      '/guide books',
      '/\u0000x',
    ]) {
      expect(safeReturnPath(value, origin), value).toBeNull();
    }
  });

  it('refuses the API, empty values and very long ones', () => {
    expect(safeReturnPath('/api/users', origin)).toBeNull();
    expect(safeReturnPath('/api', origin)).toBeNull();
    expect(safeReturnPath('', origin)).toBeNull();
    expect(safeReturnPath(null, origin)).toBeNull();
    expect(safeReturnPath(`/${'a'.repeat(1000)}`, origin)).toBeNull();
  });

  it('a path that only looks odd stays on this site', () => {
    // percent-encoded slashes are path characters, not another host
    expect(safeReturnPath('/%2F%2Fevil.example', origin)).toBe('/%2F%2Fevil.example');
    expect(safeReturnPath('/guidebooks/../settings', origin)).toBe('/settings');
  });
});
