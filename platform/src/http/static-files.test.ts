import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acceptedEncodings, fileUnder } from './static-files.ts';

describe('acceptedEncodings', () => {
  it('brotli before gzip when both are accepted equally, as browsers send it', () => {
    expect(acceptedEncodings('gzip, deflate, br, zstd')).toEqual(['br', 'gzip']);
  });

  it('by q value, and never an encoding refused with q=0', () => {
    expect(acceptedEncodings('br;q=0.5, gzip;q=0.8')).toEqual(['gzip', 'br']);
    expect(acceptedEncodings('br;q=0, gzip')).toEqual(['gzip']);
    expect(acceptedEncodings('gzip;q=0, br;q=0')).toEqual([]);
  });

  it('`*` stands for what the header does not name; no header, or identity only, takes none', () => {
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('br;q=0, *;q=0.1')).toEqual(['gzip']);
    expect(acceptedEncodings(undefined)).toEqual([]);
    expect(acceptedEncodings('')).toEqual([]);
    expect(acceptedEncodings('identity')).toEqual([]);
  });

  it('names in any case, x-gzip as gzip, garbage ignored', () => {
    expect(acceptedEncodings('BR, X-GZIP')).toEqual(['br', 'gzip']);
    expect(acceptedEncodings('gzip;q=abc, br')).toEqual(['br']);
  });
});

describe('fileUnder', () => {
  const root = resolve('/srv/web');

  it('a path under the folder, decoded', () => {
    expect(fileUnder(root, '/assets/main-abc.js')).toBe(resolve(root, 'assets/main-abc.js'));
    expect(fileUnder(root, '/icons/default/%ED%95%9C.svg')).toBe(resolve(root, 'icons/default/한.svg'));
  });

  it('nothing outside it, hidden, or undecodable', () => {
    expect(fileUnder(root, '/../etc/passwd')).toBeNull();
    expect(fileUnder(root, '/%2e%2e/etc/passwd')).toBeNull();
    expect(fileUnder(root, '/assets/%2e%2e%2f%2e%2e%2fsecret')).toBeNull();
    expect(fileUnder(root, '/.vite/manifest.json')).toBeNull();
    expect(fileUnder(root, '/%ff')).toBeNull();
    expect(fileUnder(root, '/a%00b')).toBeNull();
    expect(fileUnder(root, '/')).toBeNull();
  });
});
