/**
 * A small structured logger: one JSON line per entry on stdout/stderr, secrets redacted (`redactSecrets`).
 * Constructed by composition roots only.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

const REDACTED = '[redacted]';

/** Fields whose value is a secret whatever it looks like. */
const SECRET_KEY =
  /^(?:authorization|proxy-authorization|cookie|set-cookie|password|new-?password|old-?password|x-guidebook-password|(?:[\w-]*[_-])?token|accesstoken|refreshtoken|secret|clientsecret)$/i;

/**
 * Secrets that travel in addresses and headers: `token`-like and password query parameters, password-reset tokens
 * and activation hashes in paths, and HTTP credentials. Applied to every string a log entry holds (the message,
 * fields, an error's message and stack), so a URL logged anywhere, however it got there, is safe to keep.
 */
const SECRET_PATTERNS: ReadonlyArray<[RegExp, string]> = [
  [/([?&;](?:[\w.-]*token|password|pw|secret|code|hash|signature|sig|key)=)[^&#\s"'<>]*/gi, `$1${REDACTED}`],
  [/(\/password-resets\/(?:check\/)?)[^/?#\s"'<>]+/gi, `$1${REDACTED}`],
  [/(\/users\/activate\/[^/?#\s"'<>]+\/)[^/?#\s"'<>]+/gi, `$1${REDACTED}`],
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`],
];

/** `text` with the secrets it may hold (see SECRET_PATTERNS) replaced by `[redacted]`. */
export function redactSecrets(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SECRET_PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

function serialise(value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

/** JSON.stringify's replacer: errors as plain objects, secret fields and secrets inside strings redacted. */
function redacting(key: string, value: unknown): unknown {
  if (key !== '' && SECRET_KEY.test(key) && value !== null && value !== undefined && typeof value !== 'boolean')
    return REDACTED;
  if (typeof value === 'string') return redactSecrets(value);
  return serialise(value);
}

export function createLogger(level: LogLevel = 'info', bindings: Record<string, unknown> = {}): Logger {
  const write = (at: Exclude<LogLevel, 'silent'>, message: string, fields: Record<string, unknown> = {}) => {
    if (ORDER[at] < ORDER[level]) return;
    const entry: Record<string, unknown> = { time: new Date().toISOString(), level: at, msg: message, ...bindings };
    for (const [key, value] of Object.entries(fields)) entry[key] = value;
    (at === 'error' || at === 'warn' ? process.stderr : process.stdout).write(`${JSON.stringify(entry, redacting)}\n`);
  };
  return {
    debug: (m, f) => write('debug', m, f),
    info: (m, f) => write('info', m, f),
    warn: (m, f) => write('warn', m, f),
    error: (m, f) => write('error', m, f),
  };
}
