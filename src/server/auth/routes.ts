/**
 * Mounts Better Auth's handler at /api/auth/* (its Fastify guide: a catch-all route converting the
 * request to a Fetch Request and the Response back). Its error answers keep Better Auth's own fields
 * (`code`, `message`, which its web client reads) and also carry ours, `{error: {id, message}}`, so
 * every /api error has the app's shape.
 */
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance } from 'fastify';
import type { Auth } from './auth';
import { parseCookies } from 'better-auth/cookies';
import { verifySessionCopy, withoutSessionCopy } from './session-copy';
import { errors } from '../errors';
import { STORAGE_RETRY_AFTER_SECONDS } from '../db/embedded-storage';

/**
 * Routes whose answer must not tell a known address from an unknown one by its time: answered no sooner
 * than this many ms after the request arrived (the work for a known address is a few ms more). Resending
 * the confirmation has Better Auth's own 500 ms floor.
 */
const ANSWER_FLOOR_MS = new Map([['/api/auth/request-password-reset', 500]]);

/** Better Auth's routes that may end sessions (delete session rows). */
const REVOKING_PATHS = new Set(['sign-out', 'revoke-session', 'revoke-sessions', 'revoke-other-sessions', 'reset-password', 'change-password', 'delete-user']
  .map((path) => `/api/auth/${path}`));

/** Registers GET/POST /api/auth/*; `baseURL` is where the app is served (for building the request URL). */
export async function authRoutes(app: FastifyInstance, { auth, baseURL, databaseDown, storageFull }: {
  auth: Auth; baseURL: string;
  /** Whether the database fails to answer now: Better Auth turns its failures into its own 500s (FAILED_TO_GET_SESSION…). */
  databaseDown?: () => Promise<boolean>;
  /** Whether the embedded database refuses writes for want of disk space now (db/embedded-storage.ts). */
  storageFull?: () => boolean;
}) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(request, reply) {
      // The path is ours; the host is not the client's to choose (a malformed Host must not throw).
      const url = new URL(request.url, baseURL);
      const headers = fromNodeHeaders(request.headers);
      // A session copy Better Auth cannot read is left out (session-copy.ts): get-session answered 500 to one.
      // Better Auth's routes get the signed copy of the session only when it names a session not ended
      // lately (revoked-sessions.ts), read from the copy itself, however the token cookie is written;
      // otherwise they read the session row, which is gone.
      const cookie = request.headers.cookie;
      if (cookie) {
        const context = await auth.$context;
        const copy = parseCookies(cookie).get(context.authCookies.sessionData.name);
        const verified = copy === undefined ? null : verifySessionCopy(copy, context.secret);
        // Kept only when this server vouches for it and its own session (Better Auth accepts a copy only next
        // to that session's token) was not ended: get-session then still answers from it while the database is away.
        if (!verified || auth.revokedSessions.has(verified.sessionToken)) headers.set('cookie', withoutSessionCopy(cookie, context.authCookies.sessionData.name));
      }
      // Better Auth rate-limits by this header: give it the address Fastify resolved (which honours
      // X-Forwarded-For only when TRUST_PROXY is on), never what the client claims.
      headers.set('x-forwarded-for', request.ip);
      const init: RequestInit = { method: request.method, headers };
      if (request.body !== undefined && request.method !== 'GET') init.body = JSON.stringify(request.body);
      const response = await auth.handler(new Request(url, init));
      // This instance ended sessions: it refuses their copies before it answers (other instances hear the
      // trigger's notice within moments).
      // A failed read must not turn a done sign-out into an error (its answer clears the cookies): the
      // trigger's notice brings the set up to date.
      if (response.status < 400 && REVOKING_PATHS.has(url.pathname)) {
        await auth.revokedSessions.refresh().catch((error: unknown) => request.log.warn({ err: error }, 'ended sessions: refresh failed; the notice follows'));
      }
      const floor = ANSWER_FLOOR_MS.get(url.pathname);
      if (floor !== undefined && reply.elapsedTime < floor) await new Promise((resolve) => setTimeout(resolve, floor - reply.elapsedTime));
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      const text = response.body ? await response.text() : '';
      if (response.status < 400) return reply.send(text || null);
      // Better Auth answers a database it cannot reach with its own 500: said as the outage it is (503, Retry-After).
      if (response.status >= 500 && databaseDown && await databaseDown()) {
        const unavailable = errors.databaseUnavailable();
        return reply.status(503).header('retry-after', '5').header('content-type', 'application/json; charset=utf-8')
          .send(JSON.stringify({ error: { id: unavailable.id, message: unavailable.message } }));
      }
      const body = withErrorShape(response.status, text);
      // Better Auth answers a write the full disk refused with its own 422 FAILED_TO_CREATE_USER (or a 500):
      // said as the full disk it is, like every other write (503 storage_full, Retry-After).
      if ((response.status >= 500 || /^FAILED_TO_/.test(String(body.code))) && storageFull?.()) {
        const full = errors.storageFull();
        return reply.status(503).header('retry-after', String(STORAGE_RETRY_AFTER_SECONDS)).header('content-type', 'application/json; charset=utf-8')
          .send(JSON.stringify({ error: { id: full.id, message: full.message } }));
      }
      // A refusal a hook replaced keeps the status of the one it replaced (Better Auth answers the hook's
      // body with the endpoint's status): the wrong password's code always answers as a wrong password.
      if (body.code === 'INVALID_EMAIL_OR_PASSWORD') reply.status(401);
      return reply.header('content-type', 'application/json; charset=utf-8').send(JSON.stringify(body));
    },
  });
}

/** Better Auth's error body plus `error: {id, message}` (id: its code in snake case, or from the status). */
function withErrorShape(status: number, text: string): Record<string, unknown> {
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) body = parsed as Record<string, unknown>;
  } catch {
    // Not JSON ("Not Found", empty): answered with our shape alone.
  }
  const code = typeof body.code === 'string' ? body.code : null;
  const message = typeof body.message === 'string' ? body.message : status === 404 ? 'Not found.' : status === 429 ? 'Too many requests; try again shortly.' : 'The request was refused.';
  const id = code ? code.toLowerCase() : status === 404 ? 'not_found' : status === 429 ? 'rate_limited' : status >= 500 ? 'internal' : 'validation_failed';
  return { ...body, message, error: { id, message } };
}
