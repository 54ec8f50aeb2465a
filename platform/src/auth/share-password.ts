import { createHash, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

/**
 * The share password of a guidebook (spec 1 §4 password gate) as the viewer read model keeps it: salted scrypt,
 * never the text. The projector that hashes it must be deterministic (a rebuild gives the same documents), so the
 * salt is derived from something fixed and unique to that password: the id of the event that set it. Every new
 * password therefore gets a new salt, and a replay gives the same hash.
 *
 * The cost (N=2^14, r=8, p=1: 16 MiB, tens of milliseconds) is below the account passwords' on purpose: a share
 * code is checked on a public page, rate limited per address, and the projector hashes it synchronously. The
 * parameters travel with the hash in the accounts' format (`$scrypt$ln=14,r=8,p=1$<salt>$<key>`).
 */

const COST = { logN: 14, r: 8, p: 1 } as const;
const KEY_BYTES = 32;
const FORMAT = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;

const maxmem = (logN: number, r: number, p: number) => 128 * 2 ** logN * r * p + 16 * 1024 * 1024;

export function sharePasswordSalt(seed: string): Buffer {
  return createHash('sha256').update(`guidebook-share-password:${seed}`).digest().subarray(0, 16);
}

/** The stored form of a share password; the same password and seed always give the same string. */
export function hashSharePassword(password: string, seed: string): string {
  const salt = sharePasswordSalt(seed);
  const key = scryptSync(password.normalize('NFC'), salt, KEY_BYTES, { N: 2 ** COST.logN, r: COST.r, p: COST.p, maxmem: maxmem(COST.logN, COST.r, COST.p) });
  return `$scrypt$ln=${COST.logN},r=${COST.r},p=${COST.p}$${salt.toString('base64')}$${key.toString('base64')}`;
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
  const actual = await new Promise<Buffer>((resolve, reject) => {
    scrypt(password.normalize('NFC'), Buffer.from(saltText, 'base64'), expected.length, { N: 2 ** logN, r, p, maxmem: maxmem(logN, r, p) }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
