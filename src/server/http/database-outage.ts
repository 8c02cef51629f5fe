/**
 * A database outage as one event instead of one error per request. When PostgreSQL goes away (stopped,
 * restarted, failed over, the network cut), every request and job that touches it fails at once: with
 * PostgreSQL stopped for 13 s under load, each request had answered 500 `internal` and logged its own
 * error line with the full SQL text. Here instead:
 *
 * - `connectionFailure(error)` tells a lost or refused connection from a failed statement;
 * - a request that failed that way is answered 503 `database_unavailable` with Retry-After (app.ts's
 *   error handler), and logs nothing of its own;
 * - the first such failure logs one warn line, 'database unreachable' (the connection error's code and
 *   message, never a statement); a probe (`select 1`, every second) then notices the return and logs
 *   'database reachable again' with the outage's duration and how many failures it absorbed;
 * - meanwhile the background work's warnings and errors (jobs, LISTEN connections, Better Auth's own
 *   lines: `quiet(log)`) are counted, not written; outside an outage, each is written after one probe has
 *   shown the database answers (a job that logs only an error's message, its cause lost, cannot tell).
 *
 * Recovery itself needs nothing from here: node-postgres's pool opens new connections when asked, and
 * the LISTEN connections reconnect (db/client.ts).
 */
import type { FastifyBaseLogger } from 'fastify';

/** Retry-After of a 503 `database_unavailable`, seconds: a restart or a fail-over takes a few. */
export const RETRY_AFTER_SECONDS = 5;
/** How often the database is probed during an outage. */
const PROBE_INTERVAL_MS = 1_000;
/** A probe not answered by then counts as failed (a cut network may leave it waiting); the next one starts. */
const PROBE_TIMEOUT_MS = 2_000;

/** node's socket errors for a connection refused, reset, timed out or unroutable. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENOTFOUND', 'EAI_AGAIN']);
/**
 * PostgreSQL's SQLSTATEs (Appendix A of its manual) for a server going or not taking connections:
 * 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, shutting down,
 * recovering), 53300 too_many_connections; and every code of class 08, connection exception.
 */
const SERVER_CODES = new Set(['57P01', '57P02', '57P03', '53300']);
/** node-postgres's own messages (pg, pg-pool) for a connection lost, never made, or its pool's wait timed out. */
const DRIVER_MESSAGES = [/^Connection terminated/, /^timeout exceeded when trying to connect/, /is not queryable/, /^Connection refused/];

/** The connection-level error found inside a failure: its code (or 'connection') and its message. */
export interface ConnectionFailure { code: string; message: string }

/**
 * Whether `error` is a connection to the database lost, refused or never made (rather than a statement
 * the database refused), looking through wrappers: `cause` (Drizzle's DrizzleQueryError, Better Auth's
 * APIError) and AggregateError's `errors` (node's connect to several addresses), 8 levels at most.
 * @returns the connection error (code and message: no SQL, no parameters), or null.
 */
export function connectionFailure(error: unknown): ConnectionFailure | null {
  const queue: { error: unknown; depth: number }[] = [{ error, depth: 0 }];
  while (queue.length > 0) {
    const { error: current, depth } = queue.shift()!;
    if (typeof current !== 'object' || current === null || depth > 8) continue;
    const { code, message, cause, errors } = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    // node's AggregateError (a connect to several addresses) carries the code; its errors, the messages.
    const text = (typeof message === 'string' && message) || (Array.isArray(errors)
      ? errors.map((inner) => (inner as { message?: unknown } | null)?.message).filter((inner) => typeof inner === 'string').join('; ')
      : '');
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || SERVER_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return { code, message: text };
    if (DRIVER_MESSAGES.some((pattern) => pattern.test(text))) return { code: typeof code === 'string' ? code : 'connection', message: text };
    if (cause !== undefined) queue.push({ error: cause, depth: depth + 1 });
    if (Array.isArray(errors)) for (const inner of errors) queue.push({ error: inner, depth: depth + 1 });
  }
  return null;
}

/** The outage bookkeeping of one app instance (createDatabaseOutage). */
export interface DatabaseOutage {
  /**
   * Counts `error` in the outage when it is a connection failure (connectionFailure), starting the outage
   * (one warn line, the probe) if none is on. @returns whether it was one: the caller answers 503.
   */
  failed(error: unknown): boolean;
  /** Whether an outage is on (started, its end not yet seen by the probe). */
  readonly active: boolean;
  /**
   * `log` for background work: a warn or error entry is counted instead of written while an outage is on;
   * one whose `err` is a connection failure starts the outage instead of being written; any other is
   * written once the probe has answered (milliseconds later), or starts the outage when the probe finds
   * the connection gone.
   */
  quiet(log: FastifyBaseLogger): FastifyBaseLogger;
  /** Stops the probe (app close). */
  stop(): void;
}

/**
 * The outage bookkeeping: `log` gets the two lines, `probe` is a statement that succeeds when the
 * database answers (`select 1` on each pool), `now` the clock (milliseconds).
 */
export function createDatabaseOutage(options: { log: FastifyBaseLogger; probe: () => Promise<unknown>; now?: () => number }): DatabaseOutage {
  const now = options.now ?? Date.now;
  let startedAt: number | null = null;
  let failures = 0;
  let quieted = 0;
  let timer: NodeJS.Timeout | undefined;
  let probeStartedAt: number | null = null;

  const end = () => {
    if (startedAt === null) return;
    const durationMs = now() - startedAt;
    options.log.warn({ outage: { durationMs, failures, quietedLogLines: quieted } },
      'database reachable again');
    startedAt = null;
    clearInterval(timer);
    timer = undefined;
  };
  const probe = () => {
    if (probeStartedAt !== null && now() - probeStartedAt < PROBE_TIMEOUT_MS) return;
    const started = now();
    probeStartedAt = started;
    options.probe().then(() => {
      if (probeStartedAt === started) probeStartedAt = null;
      end();
    }, () => {
      if (probeStartedAt === started) probeStartedAt = null;
    });
  };
  const start = (found: ConnectionFailure) => {
    startedAt = now();
    failures = 0;
    quieted = 0;
    options.log.warn({ outage: { code: found.code, error: found.message, retryAfterSeconds: RETRY_AFTER_SECONDS } },
      'database unreachable');
    timer = setInterval(probe, PROBE_INTERVAL_MS);
    timer.unref();
  };
  const failed = (error: unknown) => {
    const found = connectionFailure(error);
    if (!found) return false;
    if (startedAt === null) start(found);
    failures += 1;
    return true;
  };

  // One question at a time to the database for the background lines below.
  let asking: Promise<ConnectionFailure | null> | null = null;
  /** Whether the database answers now: null when it does (or fails otherwise, or takes over PROBE_TIMEOUT_MS). */
  const ask = () => {
    asking ??= new Promise<ConnectionFailure | null>((resolve) => {
      const timeout = setTimeout(() => resolve(null), PROBE_TIMEOUT_MS);
      timeout.unref();
      options.probe().then(() => resolve(null), (error: unknown) => resolve(connectionFailure(error)))
        .finally(() => clearTimeout(timeout));
    }).finally(() => {
      asking = null;
    });
    return asking;
  };
  const quiet = (log: FastifyBaseLogger): FastifyBaseLogger => new Proxy(log, {
    get(target, property) {
      if (property === 'warn' || property === 'error') {
        const write = target[property].bind(target) as (...args: unknown[]) => void;
        return (first: unknown, ...rest: unknown[]) => {
          const err = first instanceof Error ? first : (first as { err?: unknown } | null | undefined)?.err;
          if (err !== undefined && failed(err)) return;
          if (startedAt !== null) {
            quieted += 1;
            return;
          }
          // Jobs may log only an error's message (its cause, the connection error, lost) and Better Auth
          // its own words: the line waits for one question to the database, and is part of the outage
          // when that finds it gone.
          void ask().then((found) => {
            if (found && startedAt === null) start(found);
            if (startedAt === null) {
              write(first, ...rest);
              return;
            }
            failures += 1;
            quieted += 1;
          });
        };
      }
      if (property === 'child') return (...args: Parameters<FastifyBaseLogger['child']>) => quiet(target.child(...args));
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });

  return {
    failed,
    get active() {
      return startedAt !== null;
    },
    quiet,
    stop() {
      clearInterval(timer);
      timer = undefined;
    },
  };
}
