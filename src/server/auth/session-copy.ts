/**
 * Better Auth's signed copy of the session in a cookie (`better-auth.session_data`, the cookie cache of
 * decision 006) as it arrives from a browser, or from anyone: a copy that is not base64url of JSON is no
 * copy. Better Auth's decoder threw on one (a 500 on get-session and on the hot routes) or printed its
 * own error past our logger; without it, the session is read from the database and the copy is set
 * again. Found by forging cookies for the API fuzz (tests/reliability/fuzz.test.ts).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** Base64url, its padding allowed: the characters of a session copy (and of each of its chunks). */
const COPY_CHARACTERS = /^[A-Za-z0-9_-]*={0,2}$/;

/** Whether a session copy (its cookie's value, percent-decoded) is base64url of JSON, as Better Auth writes it. */
export function isReadableSessionCopy(copy: string): boolean {
  if (!COPY_CHARACTERS.test(copy)) return false;
  try {
    JSON.parse(Buffer.from(copy, 'base64url').toString('utf8'));
    return true;
  } catch {
    return false;
  }
}

/** A cookie value percent-decoded as Better Auth reads it (left as it is when the escapes are malformed). */
function decoded(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * The Cookie header without a session copy (`name`) that is not base64url of JSON, nor chunks of one
 * (`name.0`, `name.1`…) that are not base64url; the header itself when nothing is dropped.
 * @param name the copy's cookie name (Better Auth's `authCookies.sessionData.name`)
 */
export function withoutBrokenSessionCopy(cookie: string, name: string): string {
  const pairs = cookie.split(';').map((pair) => pair.trim()).filter(Boolean);
  const kept = pairs.filter((pair) => {
    const at = pair.indexOf('=');
    const key = at === -1 ? pair : pair.slice(0, at);
    const value = decoded(at === -1 ? '' : pair.slice(at + 1));
    if (key === name) return isReadableSessionCopy(value);
    const isChunk = key.startsWith(`${name}.`) && /^\d+$/.test(key.slice(name.length + 1));
    return !isChunk || COPY_CHARACTERS.test(value);
  });
  return kept.length === pairs.length ? cookie : kept.join('; ');
}

/** The parts of a verified session copy that the hot routes use. */
export interface VerifiedSessionCopy {
  user: { id: string; email: string; name: string; emailVerified: boolean };
  /** The token of the session the copy was made for (a secret: never logged). */
  sessionToken: string;
}

const SIGNATURE_CHARACTERS = /^[A-Za-z0-9_-]{43}$/;

/**
 * Verifies a session copy as Better Auth 1.7's getCookieCache does for its default "compact" strategy
 * (better-auth/dist/cookies: base64url of JSON `{session: {session, user, updatedAt}, expiresAt,
 * signature}`, the signature an HMAC-SHA256 with the auth secret of `JSON.stringify({...session,
 * expiresAt})`, base64url without padding; not valid once `expiresAt` or the session's own expiry has
 * passed), with node:crypto's HMAC instead of WebCrypto's: on the deadline rush WebCrypto's verify was a
 * quarter of the server's CPU (decision 006). Any copy it cannot vouch for (another shape, padding, a
 * wrong or expired signature) gives null and the caller asks Better Auth, so a refusal is always Better
 * Auth's own. It says yes only to copies signed with the auth secret, unexpired, as Better Auth does, with
 * one kind of difference: Better Auth turns ISO-looking strings into Dates (and drops `__proto__` keys)
 * before recomputing the HMAC, so it refuses its own copy of a user named like "2020-01-01T00:00:00Z";
 * this check reads the JSON as signed and accepts it. session-copy.test.ts compares the two on genuine,
 * altered, re-signed and expired copies.
 * @param copy the cookie's value, percent-decoded.
 * @param secret the auth secret (BETTER_AUTH_SECRET).
 * @param now the instant to check expiry against, in ms since the epoch.
 * @returns the user and session token, or null when this check cannot vouch for the copy.
 */
export function verifySessionCopy(copy: string, secret: string, now = Date.now()): VerifiedSessionCopy | null {
  if (!COPY_CHARACTERS.test(copy)) return null;
  let outer: unknown;
  try {
    outer = JSON.parse(Buffer.from(copy, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!isRecord(outer) || !isRecord(outer.session) || typeof outer.expiresAt !== 'number' || typeof outer.signature !== 'string') return null;
  const { session, expiresAt, signature } = outer;
  if (!SIGNATURE_CHARACTERS.test(signature) || !(expiresAt >= now)) return null;
  const expected = createHmac('sha256', secret).update(JSON.stringify({ ...session, expiresAt })).digest();
  if (!timingSafeEqual(expected, Buffer.from(signature, 'base64url'))) return null;
  const { user, session: inner } = session;
  if (!isRecord(user) || !isRecord(inner) || typeof session.updatedAt !== 'number') return null;
  if (typeof user.id !== 'string' || typeof user.email !== 'string' || typeof user.name !== 'string' || typeof user.emailVerified !== 'boolean') return null;
  if (typeof inner.token !== 'string' || typeof inner.expiresAt !== 'string') return null;
  const sessionExpiry = Date.parse(inner.expiresAt);
  if (!(sessionExpiry >= now)) return null;
  return { user: { id: user.id, email: user.email, name: user.name, emailVerified: user.emailVerified }, sessionToken: inner.token };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The Cookie header without the session copy `name` and its chunks (`name.0`…), so the session is read from the database. */
export function withoutSessionCopy(cookie: string, name: string): string {
  return cookie.split(';').map((pair) => pair.trim()).filter((pair) => {
    const key = pair.slice(0, Math.max(0, pair.indexOf('='))) || pair;
    return key !== name && !(key.startsWith(`${name}.`) && /^\d+$/.test(key.slice(name.length + 1)));
  }).join('; ');
}
