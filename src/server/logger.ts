/**
 * The server's pino logger options. In a terminal (and not NODE_ENV=production) lines are
 * human-readable through pino-pretty; otherwise, and whenever LOG_FORMAT=json, one JSON object a line
 * (the production format). Requests are logged at debug, so a newcomer's terminal shows what matters
 * (start-up, the outbox link, errors). Cookies, authorization headers, passwords and tokens are
 * redacted; errors lose the SQL parameters a database error carries and any email address in their text.
 */
import type { FastifyServerOptions } from 'fastify';
import type { Writable } from 'node:stream';
import { escapeControls, scrubEmails } from './auth/scrub';

/** What the logger depends on in the environment. */
export interface LoggerSettings {
  level: string;
  format: 'auto' | 'pretty' | 'json';
  production: boolean;
  /** Whether stdout is a terminal (process.stdout.isTTY). */
  tty: boolean;
  /** Where to write instead of stdout (tests read the lines); always JSON. */
  stream?: Writable;
}

/** Whether lines are pretty-printed for these settings. */
export function prettyLogs(settings: LoggerSettings): boolean {
  if (settings.format !== 'auto') return settings.format === 'pretty';
  return settings.tty && !settings.production;
}

/** An error as it may appear in a log: type, message, code and stack, emails scrubbed, parameters dropped. */
export function serializeError(error: unknown): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(error instanceof Error)) return { type: typeof error, message: clean(String(error)), stack: '' };
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown };
  const cause = (error as { cause?: unknown }).cause;
  return {
    type: error.name,
    message: escapeControls(clean(error.message)),
    ...(code !== undefined ? { code } : {}),
    ...(statusCode !== undefined ? { statusCode } : {}),
    stack: clean(error.stack ?? ''),
    ...(cause instanceof Error ? { cause: serializeError(cause) } : {}),
  };
}

/** Drizzle's "Failed query: … params: a,b" keeps the SQL and drops the values; emails go too. */
function clean(text: string): string {
  return scrubEmails(text.replace(/\nparams: [^\n]*/g, '\nparams: [redacted]'));
}

/** Fastify's `logger` option for these settings. */
export function loggerOptions(settings: LoggerSettings): NonNullable<FastifyServerOptions['logger']> {
  return {
    level: settings.level,
    redact: {
      paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]', 'password', 'newPassword', 'currentPassword', 'token', '*.password', '*.token'],
      censor: '[redacted]',
    },
    serializers: {
      // Never log query strings: links carry tokens there.
      req: (req: { method: string; url: string; id: string }) => ({ method: req.method, url: req.url.split('?')[0], reqId: req.id }),
      err: serializeError,
    },
    ...(settings.stream ? { stream: settings.stream } : {}),
    ...(prettyLogs(settings) && !settings.stream
      ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname,reqId,component,link,file', singleLine: false } } }
      : {}),
  };
}
