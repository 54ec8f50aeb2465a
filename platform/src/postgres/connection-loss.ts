/**
 * What the PostgreSQL adapters share about a lost connection (a killed backend, a restarted, failing-over or
 * unreachable server): how to recognise one, and how long to wait before trying again on another connection.
 */

const CONNECTION_LOSS_CODES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, in recovery
  '53300', // too_many_connections
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);

/** A failure of the connection rather than of the statement: trying again on another connection may succeed. */
export function isConnectionLoss(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (code.startsWith('08') || CONNECTION_LOSS_CODES.has(code))) return true;
  // node-postgres's own messages for a socket that closed or never opened
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|not queryable/i.test(
    error.message,
  );
}

const RETRY_FIRST_MS = 50;
const RETRY_MAX_MS = 2_000;

/** The wait before attempt `attempt + 1`: 50 ms, 200 ms, 800 ms, then 2 s. */
export function connectionRetryDelay(attempt: number): number {
  return Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 4 ** (attempt - 1));
}
