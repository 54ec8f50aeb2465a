import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt (node:crypto; Argon2id would need a native package that is not installed).
 * OWASP's scrypt advice is N=2^17, r=8, p=1. The parameters travel with each hash
 * (`$scrypt$ln=17,r=8,p=1$<salt>$<key>`), so a cost change applies to new hashes and old ones still verify;
 * `needsRehash` tells the login to upgrade a weaker one.
 */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** constant-time comparison; a malformed stored value is simply "no match" */
  verify(password: string, stored: string): Promise<boolean>;
  needsRehash(stored: string): boolean;
}

export type ScryptCost = { logN: number; r: number; p: number };

const SALT_BYTES = 16;
const KEY_BYTES = 32;
const FORMAT = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]+={0,2})\$([A-Za-z0-9+/]+={0,2})$/;

function derive(password: string, salt: Buffer, cost: ScryptCost, keyBytes: number): Promise<Buffer> {
  const N = 2 ** cost.logN;
  // scrypt needs 128·N·r·p bytes; Node's default ceiling (32 MiB) is below OWASP's cost, so it is raised to fit.
  const options: ScryptOptions = { N, r: cost.r, p: cost.p, maxmem: 128 * N * cost.r * cost.p + 16 * 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyBytes, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

function parse(stored: string): { cost: ScryptCost; salt: Buffer; key: Buffer } | null {
  const match = FORMAT.exec(stored);
  if (!match) return null;
  const [, logN, r, p, salt, key] = match;
  const cost = { logN: Number(logN), r: Number(r), p: Number(p) };
  // Bounds so a tampered row cannot make a login allocate gigabytes.
  if (cost.logN < 10 || cost.logN > 20 || cost.r < 1 || cost.r > 16 || cost.p < 1 || cost.p > 4) return null;
  return { cost, salt: Buffer.from(salt ?? '', 'base64'), key: Buffer.from(key ?? '', 'base64') };
}

export function createScryptPasswordHasher(options: Partial<ScryptCost> = {}): PasswordHasher {
  const cost: ScryptCost = { logN: options.logN ?? 17, r: options.r ?? 8, p: options.p ?? 1 };
  return {
    async hash(password) {
      const salt = randomBytes(SALT_BYTES);
      const key = await derive(password, salt, cost, KEY_BYTES);
      return `$scrypt$ln=${cost.logN},r=${cost.r},p=${cost.p}$${salt.toString('base64')}$${key.toString('base64')}`;
    },
    async verify(password, stored) {
      const parsed = parse(stored);
      if (!parsed || parsed.key.length === 0) return false;
      const key = await derive(password, parsed.salt, parsed.cost, parsed.key.length);
      return timingSafeEqual(key, parsed.key);
    },
    needsRehash(stored) {
      const parsed = parse(stored);
      return !parsed || parsed.cost.logN < cost.logN || parsed.cost.r < cost.r || parsed.cost.p < cost.p;
    },
  };
}
