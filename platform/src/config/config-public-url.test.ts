import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('PUBLIC_BASE_URL and its other name PUBLIC_URL', () => {
  test('PUBLIC_BASE_URL alone: the address, without a trailing slash', () => {
    const config = loadConfig({ PUBLIC_BASE_URL: 'https://guide.example.com/' });
    expect(config.PUBLIC_BASE_URL).toBe('https://guide.example.com');
    expect(config.publicBaseUrl).toBe('https://guide.example.com');
  });

  test('PUBLIC_URL alone is read as PUBLIC_BASE_URL', () => {
    const config = loadConfig({ PUBLIC_URL: 'https://guide.example.com/' });
    expect(config.PUBLIC_BASE_URL).toBe('https://guide.example.com');
    expect(config.publicBaseUrl).toBe('https://guide.example.com');
    expect(config).not.toHaveProperty('PUBLIC_URL');
  });

  test('both set to the same address (trailing slashes aside) is fine', () => {
    const config = loadConfig({
      PUBLIC_BASE_URL: 'https://guide.example.com',
      PUBLIC_URL: 'https://guide.example.com/',
    });
    expect(config.publicBaseUrl).toBe('https://guide.example.com');
  });

  test('both set to different addresses: the process refuses to start, naming both', () => {
    const both = { PUBLIC_BASE_URL: 'https://guide.example.com', PUBLIC_URL: 'https://other.example.com' };
    expect(() => loadConfig(both)).toThrow(ConfigError);
    expect(() => loadConfig(both)).toThrow(
      /PUBLIC_URL: is another name of PUBLIC_BASE_URL, and the two differ \(https:\/\/other\.example\.com vs https:\/\/guide\.example\.com\): set only one of them/,
    );
  });

  test('neither set: this process own address; a blank PUBLIC_URL is unset', () => {
    expect(loadConfig({ PORT: '4000' }).publicBaseUrl).toBe('http://localhost:4000');
    expect(loadConfig({ PORT: '4000', PUBLIC_URL: ' ' }).PUBLIC_BASE_URL).toBeUndefined();
  });

  test('a PUBLIC_URL that is not an http(s) URL is refused', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'guide.example.com' })).toThrow(/PUBLIC_URL: must be an http\(s\) URL/);
    expect(() => loadConfig({ PUBLIC_URL: '/' })).toThrow(/PUBLIC_URL: must be an http\(s\) URL/);
  });
});
