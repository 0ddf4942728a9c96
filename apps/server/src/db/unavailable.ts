/**
 * The database is out of reach (stopped, or the network to it lost) or out of room (its disk full): nothing the
 * request did wrong. Requests then answer 503 with a message saying so, and readiness fails, instead of a 500.
 * The message is the reason, for the log and for readiness (never shown to students).
 */
export class DatabaseUnavailable extends Error {
  constructor(reason: string, options?: ErrorOptions) {
    super(reason, options);
    this.name = 'DatabaseUnavailable';
  }
}

/** Node's and postgres.js's codes for a connection that could not be made or was lost. */
const connectionCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_DESTROYED',
  'CONNECTION_ENDED',
]);

/**
 * PostgreSQL's own (SQLSTATE): class 08 (connection exception), class 53 (insufficient resources: disk full, out of
 * memory, too many connections), 57P01-57P03 (shutting down, cannot connect now), 58030 (I/O error: a disk that
 * refuses writes).
 */
const serverCodes = /^(08...|53...|57P0[123]|58030)$/;

/** Whether a failed statement failed because the database cannot serve at all, rather than because of the statement. */
export function isUnavailable(error: unknown): boolean {
  if (error instanceof DatabaseUnavailable) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && (connectionCodes.has(code) || serverCodes.test(code));
}

/** A short reason for the log: the error's message, or its code when it has none (a refused connection may not). */
export function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return error.message || (typeof code === 'string' ? code : error.name);
}
