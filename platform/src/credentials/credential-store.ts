/**
 * Password hashes, kept out of the event log on purpose: events are immutable, copied to Kafka, exported and
 * replayed, and a hash in them could never be erased. The command side writes here; nothing reads it but the
 * password checks.
 *
 * This is NOT a read model: it cannot be rebuilt from the log, so it lives beside the read store, never in it
 * (rebuilding read models must not sign everyone out for good), and it is backed up with the event store.
 * Adapters: `sqlite-credential-store.ts` (DATA_DIR/credentials.sqlite, `synchronous=FULL`) and
 * `document-credential-store.ts` (a collection in a database of its own; on MongoDB in the scale-out run). Both
 * pass `credential-store.contract.ts`.
 */
export interface CredentialStore {
  /** the stored password hash, or null when the account has none (Kakao-only accounts, deleted ones) */
  getPasswordHash(userId: string): Promise<string | null>;
  setPasswordHash(userId: string, passwordHash: string): Promise<void>;
  /** forget the account's credentials (permanent deletion, or a pre-registered password voided) */
  delete(userId: string): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}
