import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe("BEACON_PORT (the readers' beacons on a port of their own, issue 24)", () => {
  test('unset or blank: no beacon port (beacons are taken on PORT only)', () => {
    expect(loadConfig({}).BEACON_PORT).toBeUndefined();
    expect(loadConfig({ BEACON_PORT: ' ' }).BEACON_PORT).toBeUndefined();
  });

  test('a port, or 0 for any free one', () => {
    expect(loadConfig({ BEACON_PORT: '3001' }).BEACON_PORT).toBe(3001);
    expect(loadConfig({ BEACON_PORT: '0' }).BEACON_PORT).toBe(0);
  });

  test('anything else refuses the start, naming the key', () => {
    for (const bad of ['70000', '-1', 'eighty', '3.5'])
      expect(() => loadConfig({ BEACON_PORT: bad }), bad).toThrow(ConfigError);
    expect(() => loadConfig({ BEACON_PORT: 'eighty' })).toThrow(/BEACON_PORT/);
  });

  test('the default roles include `beacons` (it serves nothing without BEACON_PORT)', () => {
    expect(loadConfig({}).ROLES.split(',')).toContain('beacons');
  });
});
