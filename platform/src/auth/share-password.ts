import { createHash, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * The share password of a guidebook (spec 1 §4 password gate) as the viewer read model keeps it: salted scrypt,
 * never the text. The command hashes it, off the event loop, and the GuidebookPasswordSet event carries the hash, so
 * no projector ever hashes (a rebuild replays the same hash). The salt is derived from the command id: a retried
 * command gives the same event, and every new setting gets a new salt.
 *
 * The cost (N=2^14, r=8, p=1: 16 MiB, tens of milliseconds) is below the account passwords' on purpose: a share
 * code is checked on a public page, rate limited per address. The parameters travel with the hash in the accounts'
 * format (`$scrypt$ln=14,r=8,p=1$<salt>$<key>`).
 */

const COST = { logN: 14, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const FORMAT = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;

const maxmem = (logN: number, r: number, p: number) => 128 * 2 ** logN * r * p + 16 * 1024 * 1024;

export function sharePasswordSalt(seed: string): Buffer {
  return createHash('sha256').update(`guidebook-share-password:${seed}`).digest().subarray(0, 16);
}

function scryptAsync(
  password: string,
  salt: Buffer,
  length: number,
  cost: { logN: number; r: number; p: number },
): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    scrypt(
      password.normalize('NFC'),
      salt,
      length,
      { N: 2 ** cost.logN, r: cost.r, p: cost.p, maxmem: maxmem(cost.logN, cost.r, cost.p) },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

/** The stored form of a share password, computed on libuv's thread pool; the same password and seed give the same string. */
export async function hashSharePassword(password: string, seed: string): Promise<string> {
  const salt = sharePasswordSalt(seed);
  const key = await scryptAsync(password, salt, KEY_BYTES, COST);
  return `$scrypt$ln=${COST.logN},r=${COST.r},p=${COST.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/**
 * Whether a typed password equals a stored text (share passwords set before events carried their hash): compares
 * digests in constant time, so neither the length nor a common prefix shows in the timing.
 */
export function sameSharePassword(typed: string, stored: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text.normalize('NFC')).digest();
  return timingSafeEqual(digest(typed), digest(stored));
}

/** Whether a typed password matches the stored hash; constant-time, off the event loop; malformed means no. */
export async function verifySharePassword(password: string, stored: string): Promise<boolean> {
  const match = FORMAT.exec(stored);
  if (!match) return false;
  const [, ln, rText, pText, saltText = '', keyText = ''] = match;
  const logN = Number(ln);
  const r = Number(rText);
  const p = Number(pText);
  // Bounds so a tampered document cannot make a reader's request allocate gigabytes.
  if (logN < 10 || logN > 17 || r < 1 || r > 16 || p < 1 || p > 4) return false;
  const expected = Buffer.from(keyText, 'base64');
  const actual = await scryptAsync(password, Buffer.from(saltText, 'base64'), expected.length, { logN, r, p });
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
