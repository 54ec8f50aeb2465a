import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Activation and reset tokens without secrets in the log. The route draws a random token id and derives the raw
 * token as HMAC-SHA256(TOKEN_SECRET, purpose:id); the event stores the id and the token's SHA-256 only. The mail
 * worker, which sees the event, derives the same raw token from the id and mails it; a presented token is checked
 * by hashing it and comparing with the hashes in the stream. So the log (and anything that reads it: exports,
 * projections, Kafka topics) never holds a usable token, and rotating TOKEN_SECRET voids every open link.
 */
export type SecretTokenPurpose = 'activation' | 'password-reset';

export interface SecretTokens {
  /** the raw token for an id: 64 hex characters (the spec wants at least 32 letters or digits) */
  derive(purpose: SecretTokenPurpose, id: string): string;
}

export function createSecretTokens(secret: Uint8Array): SecretTokens {
  if (secret.length < 32) throw new Error('The token secret must be at least 32 bytes');
  return {
    derive: (purpose, id) => createHmac('sha256', secret).update(`${purpose}:${id}`).digest('hex'),
  };
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Constant-time string comparison (for secrets of equal, public length). */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
