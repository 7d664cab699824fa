import type { FastifyBaseLogger } from 'fastify';

/** Errors that mean the database cannot be reached (not that a query was wrong). */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);

const UNREACHABLE_MESSAGES = [
  'Connection terminated',
  'connection timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'the database system is',
];

/** Whether an error (or any error it wraps) says the database is out of reach. */
export function isDatabaseUnreachable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || code.startsWith('08'))) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}

/**
 * Logs a database outage once when it starts and once when it ends, instead of a stack trace per request.
 * While it lasts, a probe checks every few seconds whether the database answers again.
 */
export class DatabaseOutage {
  private since: number | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly probe: () => Promise<unknown>,
    private readonly probeEveryMs = 2000,
  ) {}

  get ongoing(): boolean {
    return this.since !== null;
  }

  /** Seconds a client should wait before trying again. */
  readonly retryAfterSeconds = 5;

  started(): void {
    if (this.since !== null) return;
    this.since = Date.now();
    this.log.error('The database cannot be reached; requests answer 503 until it can.');
    this.timer = setInterval(() => void this.check(), this.probeEveryMs);
    this.timer.unref();
  }

  /** The database answered: the outage, if any, is over. */
  ended(): void {
    if (this.since === null) return;
    const seconds = Math.round((Date.now() - this.since) / 1000);
    this.since = null;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.log.warn(`The database can be reached again (unreachable for about ${seconds} s).`);
  }

  /** Readiness: whether the database answers now (and the outage bookkeeping follows what it says). */
  async check(): Promise<boolean> {
    try {
      await this.probe();
      this.ended();
      return true;
    } catch (error) {
      if (!isDatabaseUnreachable(error)) throw error;
      this.started();
      return false;
    }
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
