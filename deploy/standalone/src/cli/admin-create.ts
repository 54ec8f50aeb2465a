import { randomInt } from 'node:crypto';
import { parseArgs } from 'node:util';
import { ACCOUNT_MESSAGES, emailSchema, isValidPassword } from '@pocketguide/contracts';
import { loadConfig } from '@pocketguide/platform/config/config';
import { openEventStore } from '@pocketguide/platform/composition/open-stores';
import { openCredentialStore } from '@pocketguide/platform/composition/open-account-ports';
import { loadServerSecrets } from '@pocketguide/platform/auth/server-secrets';
import { createScryptPasswordHasher } from '@pocketguide/platform/auth/password-hasher';
import { createSecretTokens } from '@pocketguide/platform/auth/secret-tokens';
import { runIfMain, UsageError } from '@pocketguide/platform/cli/cli-main';
import { createAccounts } from '@pocketguide/command-api/user/accounts';
import { randomIds, systemClock } from '@pocketguide/command-api/core/ids';
import { prepareDataDir } from '../data-dir.ts';

/** `npm run admin:create -- <email> [--password <p>]`: the first administrator, through the account commands. */
export const ADMIN_CREATE_USAGE = `Usage: npm run admin:create -- <email> [--password <password>]

Creates an active administrator with this email, or promotes, activates and unhides the account that has it.
Without --password: an existing account keeps its password; a new one asks for a password when run in a
terminal, and otherwise gets a generated one, printed once.
Works on the stores the configuration points at (DATA_DIR, or EVENTSTORE_URL and MONGO_URL), also while the
server runs.`;

const LETTERS = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const SPECIALS = '!@#$%^&*-_=+?';

/** 14 random characters with letters, digits and specials (the policy allows 8 to 128). */
export function generatePassword(): string {
  const pick = (alphabet: string) => alphabet[randomInt(alphabet.length)] ?? 'x';
  const all = LETTERS + DIGITS + SPECIALS;
  const chars = [
    pick(LETTERS),
    pick(LETTERS),
    pick(DIGITS),
    pick(SPECIALS),
    ...Array.from({ length: 10 }, () => pick(all)),
  ];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j] ?? 'x', chars[i] ?? 'x'];
  }
  return chars.join('');
}

/** Reads a line from the terminal without echoing it. */
function promptHidden(question: string): Promise<string> {
  const { stdin, stdout } = process;
  return new Promise((resolve, reject) => {
    let answer = '';
    stdout.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding('utf8');
    const done = (error?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      stdout.write('\n');
      if (error) reject(error);
      else resolve(answer);
    };
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return done();
        if (char === '\u0003') return done(new Error('Cancelled'));
        if (char === '\u007f' || char === '\b') answer = answer.slice(0, -1);
        else answer += char;
      }
    };
    stdin.on('data', onData);
  });
}

async function askPassword(): Promise<string> {
  for (;;) {
    const password = await promptHidden(`Password (${ACCOUNT_MESSAGES.passwordHint}): `);
    if (!isValidPassword(password)) {
      console.error(ACCOUNT_MESSAGES.passwordInvalid);
      continue;
    }
    if ((await promptHidden('Repeat the password: ')) === password) return password;
    console.error(ACCOUNT_MESSAGES.changePasswordMismatch);
  }
}

export async function adminCreate(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const { values, positionals } = (() => {
    try {
      return parseArgs({ args: [...argv], options: { password: { type: 'string' } }, allowPositionals: true });
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  })();
  if (positionals.length !== 1) throw new UsageError('Give exactly one email address.');
  const email = emailSchema.safeParse(positionals[0]);
  if (!email.success) throw new UsageError(`${positionals[0] ?? ''}: ${ACCOUNT_MESSAGES.emailInvalid}`);
  if (values.password !== undefined && !isValidPassword(values.password)) {
    throw new UsageError(`--password: ${ACCOUNT_MESSAGES.passwordInvalid} (${ACCOUNT_MESSAGES.passwordHint})`);
  }

  const config = loadConfig(env);
  prepareDataDir(config);
  const eventStore = await openEventStore(config);
  const credentials = await openCredentialStore(config);
  try {
    const accounts = createAccounts({
      eventStore,
      credentials,
      passwords: createScryptPasswordHasher({ logN: config.PASSWORD_SCRYPT_LOG_N }),
      secretTokens: createSecretTokens(loadServerSecrets(config).tokenSecret),
      clock: systemClock,
      ids: randomIds,
    });
    let password = values.password;
    let generated = false;
    if (password === undefined && (await accounts.userIdByEmail(email.data)) === null) {
      if (process.stdin.isTTY) {
        password = await askPassword();
      } else {
        password = generatePassword();
        generated = true;
      }
    }
    const result = await accounts.ensureAdmin({
      email: email.data,
      ...(password === undefined ? {} : { password }),
      setPassword: 'always',
    });
    console.log(`${result.created ? 'Created' : 'Promoted'} administrator ${email.data} (id ${result.userId}).`);
    if (generated) console.log(`Generated password (shown once, change it after signing in): ${password}`);
    else if (!result.passwordSet) console.log('The password was left as it was.');
    return 0;
  } finally {
    await credentials.close();
    await eventStore.close();
  }
}

runIfMain(import.meta, ADMIN_CREATE_USAGE, adminCreate);
