import { describe, expect, test } from 'vitest';
import { eventStoreDescription, readStoreDescription } from '../composition/open-stores.ts';
import { ConfigError, loadConfig } from './config.ts';

describe('DATABASE_URL', () => {
  test('unset or blank keeps the embedded SQLite stores', () => {
    for (const env of [{}, { DATABASE_URL: '' }, { DATABASE_URL: '  ' }]) {
      const config = loadConfig(env);
      expect(config.DATABASE_URL).toBeUndefined();
      expect(eventStoreDescription(config)).toMatch(/^SQLite file /);
      expect(readStoreDescription(config)).toMatch(/^SQLite file /);
    }
  });

  test('a PostgreSQL URL selects PostgreSQL for the stores, and messages hide its password', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://pocketguide:s3cret@db:5432/pocketguide' });
    expect(config.DATABASE_URL).toBe('postgres://pocketguide:s3cret@db:5432/pocketguide');
    expect(eventStoreDescription(config)).toBe('PostgreSQL at postgres://***@db:5432/pocketguide (schema event_store)');
    expect(readStoreDescription(config)).toBe('PostgreSQL at postgres://***@db:5432/pocketguide (schema read_models)');
    expect(loadConfig({ DATABASE_URL: 'postgresql://db/pocketguide' }).DATABASE_URL).toBe(
      'postgresql://db/pocketguide',
    );
  });

  test('an engine URL of its own wins for its store', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://db/pg', EVENTSTORE_URL: 'esdb://es:2113?tls=false' });
    expect(eventStoreDescription(config)).toMatch(/^EventStoreDB/);
    expect(readStoreDescription(config)).toMatch(/^PostgreSQL/);
  });

  test('anything else is refused at start, naming the key', () => {
    for (const value of ['mysql://db/x', 'db:5432', 'postgres://']) {
      expect(() => loadConfig({ DATABASE_URL: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ DATABASE_URL: value }), value).toThrow(/DATABASE_URL/);
    }
  });
});
