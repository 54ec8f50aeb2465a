/**
 * The one contract every credential store adapter passes. An adapter's test file calls
 * `await credentialStoreContract('SQLite', factory)` at the top level.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, test } from 'vitest';
import type { CredentialStore } from './credential-store.ts';

export type CredentialStoreFactory = () => Promise<
  { store: CredentialStore; reopen?: () => Promise<CredentialStore>; cleanup(): Promise<void> } | { skip: string }
>;

export async function credentialStoreContract(name: string, factory: CredentialStoreFactory): Promise<void> {
  const setup = await factory();
  if ('skip' in setup) {
    describe.skip(`credential store contract: ${name} (skipped: ${setup.skip})`, () => {
      test('skipped', () => {});
    });
    return;
  }
  const { store, reopen, cleanup } = setup;
  afterAll(() => cleanup());

  describe(`credential store contract: ${name}`, () => {
    test('an account without credentials has none', async () => {
      expect(await store.getPasswordHash(randomUUID())).toBeNull();
    });

    test('stores, replaces and deletes a hash', async () => {
      const userId = randomUUID();
      await store.setPasswordHash(userId, '$scrypt$one');
      expect(await store.getPasswordHash(userId)).toBe('$scrypt$one');
      await store.setPasswordHash(userId, '$scrypt$two');
      expect(await store.getPasswordHash(userId)).toBe('$scrypt$two');
      await store.delete(userId);
      expect(await store.getPasswordHash(userId)).toBeNull();
      await store.delete(userId);
    });

    test('accounts are independent', async () => {
      const [a, b] = [randomUUID(), randomUUID()];
      await Promise.all([store.setPasswordHash(a, 'hash-a'), store.setPasswordHash(b, 'hash-b')]);
      expect(await store.getPasswordHash(a)).toBe('hash-a');
      expect(await store.getPasswordHash(b)).toBe('hash-b');
    });

    test('answers ping', async () => {
      await expect(store.ping()).resolves.toBeUndefined();
    });

    test.runIf(reopen !== undefined)('survives closing and reopening', async () => {
      const userId = randomUUID();
      await store.setPasswordHash(userId, 'kept');
      await store.close();
      const again = await reopen!();
      expect(await again.getPasswordHash(userId)).toBe('kept');
      await again.close();
    });
  });
}
