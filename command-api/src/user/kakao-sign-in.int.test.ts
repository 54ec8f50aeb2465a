import { randomBytes, randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { userEmailStream, userKakaoStream } from '@pocketguide/contracts';
import { createScryptPasswordHasher } from '@pocketguide/platform/auth/password-hasher';
import { createSecretTokens } from '@pocketguide/platform/auth/secret-tokens';
import { createSqliteCredentialStore } from '@pocketguide/platform/credentials/sqlite-credential-store';
import type { EventStore } from '@pocketguide/platform/event-store/event-store';
import { createSqliteEventStore } from '@pocketguide/platform/event-store/sqlite-event-store';
import { randomIds, systemClock } from '../core/ids.ts';
import { createAccounts } from './accounts.ts';

/**
 * Two first Kakao sign-ins of one person at once, interleaved the way an asynchronous commit (the SQLite commit
 * thread, any networked store) lets them: the first has claimed the Kakao id and waits for its email reservation
 * to commit when the second loads the link. The second sees the id claimed by an account not registered yet. That
 * is a sign-in in progress, not a stale claim: taking it for stale released the first one's claim and started a
 * second account under a new id, and the first then found its address reserved by that account (409 "Email already
 * taken"). Both must sign into one account.
 */

const stores: Array<{ close(): Promise<void> | void }> = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

/** The real store, with the first append to `streamId` held until `release()`: a commit that takes its time. */
function holdingFirstAppend(store: EventStore, streamId: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let reached!: () => void;
  const arrived = new Promise<void>((resolve) => (reached = resolve));
  let held = false;
  const eventStore: EventStore = {
    maxAppendBytes: store.maxAppendBytes,
    async appendToStream(id, events, options) {
      if (id === streamId && !held) {
        held = true;
        reached();
        await released;
      }
      return store.appendToStream(id, events, options);
    },
    readStream: (id, options) => store.readStream(id, options),
    readAll: (options) => store.readAll(options),
    subscribeToAll: (options) => store.subscribeToAll(options),
    headPosition: () => store.headPosition(),
    ping: () => store.ping(),
    close: () => store.close(),
  };
  return { eventStore, arrived, release };
}

function accountsOn(eventStore: EventStore) {
  const credentials = createSqliteCredentialStore({ path: ':memory:' });
  stores.push(credentials);
  return createAccounts({
    eventStore,
    credentials,
    passwords: createScryptPasswordHasher({ logN: 10 }),
    secretTokens: createSecretTokens(randomBytes(32)),
    clock: systemClock,
    ids: randomIds,
  });
}

const metadata = () => ({ commandId: randomUUID(), userId: 'anonymous' });

describe('two first Kakao sign-ins at once', () => {
  it('the second, arriving while the first waits between its claim and its email reservation, signs into the same account', async () => {
    const store = createSqliteEventStore({ path: ':memory:' });
    stores.push(store);
    const email = `burst-${randomUUID().slice(0, 8)}@kakao.com`;
    const profile = { id: String(Date.now()), email, nickname: '여행자' };
    const held = holdingFirstAppend(store, userEmailStream(email));
    const accounts = accountsOn(held.eventStore);

    const first = accounts.signInWithKakao(profile, metadata());
    await held.arrived;
    // the first one's claim is stored, its email reservation is not yet
    const claims = [];
    for await (const event of store.readStream(userKakaoStream(profile.id))) claims.push(event.type);
    expect(claims).toEqual(['KakaoIdClaimed']);

    const second = accounts.signInWithKakao(profile, metadata());
    // the second finishes or waits on the same held reservation; either way both answer once it commits
    await new Promise((resolve) => setImmediate(resolve));
    held.release();
    const [a, b] = await Promise.allSettled([first, second]);
    expect(a.status, a.status === 'rejected' ? String(a.reason) : '').toBe('fulfilled');
    expect(b.status, b.status === 'rejected' ? String(b.reason) : '').toBe('fulfilled');
    if (a.status !== 'fulfilled' || b.status !== 'fulfilled') return;
    expect(b.value.account.userId).toBe(a.value.account.userId);
    expect(a.value.account).toMatchObject({ email, activated: true, kakaoId: profile.id });

    // the claim was never released and taken again
    const link = [];
    for await (const event of store.readStream(userKakaoStream(profile.id))) link.push(event.type);
    expect(link).toEqual(['KakaoIdClaimed']);
  });
});
