/**
 * Whom the API's request limit counts: a signed-in person by their session, anyone else by address.
 *
 * A household, an office or a school shares one public address (so does everyone behind a reverse proxy
 * that TRUST_PROXY does not name). Counted by address, forty members keeping their pages open would
 * spend one budget between them and be refused; counted by session, each keeps their own. A session is
 * recognised by Better Auth's session token cookie, whose HMAC-SHA256 signature under the server secret
 * is checked here (better-call's signCookieValue: `<token>.<base64 signature>`), so a made-up cookie is
 * counted by its address like any guest's request. The token itself is a secret: the shared store keeps
 * only an HMAC of the key (./shared-rate-limit.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/** Options of rateLimitKey: the session token cookie's name and the secret that signs it. */
export interface SessionKeyOptions {
  /** Better Auth's `authCookies.sessionToken.name` ("better-auth.session_token", "__Secure-…" over https). */
  cookieName: string;
  secret: string;
}

/**
 * The session token a Cookie header carries when its signature is right, else null.
 * @param cookie the request's Cookie header (name=value pairs separated by ';', values percent-encoded)
 */
export function signedSessionToken(cookie: string | undefined, { cookieName, secret }: SessionKeyOptions): string | null {
  if (!cookie) return null;
  for (const pair of cookie.split(';')) {
    const at = pair.indexOf('=');
    if (at === -1 || pair.slice(0, at).trim() !== cookieName) continue;
    let value: string;
    try {
      value = decodeURIComponent(pair.slice(at + 1).trim());
    } catch {
      return null;
    }
    const dot = value.lastIndexOf('.');
    if (dot < 1) return null;
    const token = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1), 'base64');
    const expected = createHmac('sha256', secret).update(token).digest();
    return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
  }
  return null;
}

/**
 * The key a request is counted under: `session:<token>` for a request carrying a correctly signed
 * session token (whether or not the session still exists: a revoked one is refused by the route, and its
 * count is its own), else `address:<client address>` (Fastify's request.ip, which honours TRUST_PROXY).
 */
export function rateLimitKey(request: Pick<FastifyRequest, 'headers' | 'ip'>, options: SessionKeyOptions): string {
  const token = signedSessionToken(request.headers.cookie, options);
  return token ? `session:${token}` : `address:${request.ip}`;
}
