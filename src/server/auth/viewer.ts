/**
 * Who is calling: the signed-in user (from the Better Auth session cookie) and their profile.
 * Routes call `requireViewer` (401 when signed out) or `optionalViewer`; the hottest routes (a group's
 * ranking and matches, saving predictions) call `requireSessionUser`, which needs no profile and may
 * trust Better Auth's signed session cookie cache (auth.ts SESSION_COOKIE_CACHE_SECONDS) instead of
 * reading the session from the database, except for sessions ended lately on any instance
 * (revoked-sessions.ts), which are refused at once (decision 006). Everything else reads the session from
 * the database.
 */
import { eq } from 'drizzle-orm';
import { getCookieCache, parseCookies } from 'better-auth/cookies';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { profiles } from '../db/schema';
import { errors } from '../errors';
import type { Auth } from './auth';
import { createProfile, usernameFromEmail } from './profiles';
import { isReadableSessionCopy, verifySessionCopy, withoutBrokenSessionCopy } from './session-copy';
import { storedLocale } from '../mail/templates';
import { avatarUrl } from '../modules/profile/avatar-url';

/** The signed-in person. */
export interface Viewer {
  userId: string;
  email: string;
  username: string;
  fullName: string;
  role: 'Regular User' | 'Platform Administrator';
  /** The language chosen in the profile, or null. */
  language: 'en' | 'pt-BR' | 'es' | null;
  /** The avatar's address (uploaded image or generated SVG). */
  avatarUrl: string;
  /** Whether the account's address is confirmed (requireViewer refuses it otherwise). */
  emailVerified: boolean;
}

/**
 * Reads the session; returns null when signed out or the session expired. When Better Auth extends
 * the session (daily, for active users), the renewed cookie is passed on through `reply`, so active
 * people stay signed in.
 */
export async function optionalViewer(request: FastifyRequest, reply: FastifyReply, auth: Auth, db: Db): Promise<Viewer | null> {
  const user = await sessionUserOf(request, reply, auth, false);
  if (!user) return null;
  let [profile] = await db.select().from(profiles).where(eq(profiles.userId, user.id));
  if (!profile) {
    // A user created before profiles existed, or whose profile hook failed: repair it.
    await createProfile(db, { userId: user.id, username: usernameFromEmail(user.email), fullName: user.name, role: 'Regular User' });
    [profile] = await db.select().from(profiles).where(eq(profiles.userId, user.id));
  }
  if (!profile) throw errors.internal();
  // Disabled by a Platform Administrator: signed out everywhere the session row is read (their sessions
  // were deleted then; this also covers a sign-in that raced the disabling).
  if (profile.disabledAt) return null;
  return {
    userId: user.id, email: user.email, emailVerified: user.emailVerified, username: profile.username, fullName: profile.fullName, role: profile.role,
    language: storedLocale(profile.language), avatarUrl: profile.avatarUrl ?? avatarUrl(user.id, null),
  };
}

/** The signed-in account as the session has it: id and email, no profile. */
export interface SessionUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  /** The session's token (a secret: kept in memory, never logged), to check later that it still exists. */
  sessionToken: string;
}

/**
 * The session's user, from the database, or with `cached` from the signed session cookie cache when
 * it is fresh (no database read). Renewed cookies are passed on through `reply`.
 */
async function sessionUserOf(request: FastifyRequest, reply: FastifyReply, auth: Auth, cached: boolean): Promise<SessionUser | null> {
  const given = fromNodeHeaders(request.headers);
  const cookie = request.headers.cookie;
  if (cookie) given.set('cookie', withoutBrokenSessionCopy(cookie, (await auth.$context).authCookies.sessionData.name));
  const { headers, response: session } = await auth.api.getSession({ headers: given, returnHeaders: true, query: { disableCookieCache: !cached } });
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!session) return null;
  return {
    id: session.user.id, email: session.user.email, name: session.user.name, emailVerified: Boolean(session.user.emailVerified),
    sessionToken: session.session.token,
  };
}

/**
 * Better Auth's verdicts on the hot routes, by the exact Cookie header, for HOT_SESSION_MEMO_MS: the
 * same signed cookies are not verified again on every request of a busy client (each verification costs
 * about a sixth of a ranking read's CPU). It extends the cookie cache's trust window (60 s) by at most
 * those 5 s. At most HOT_SESSION_MEMO_SIZE headers, the oldest dropped first.
 */
const HOT_SESSION_MEMO_MS = 5_000;
const HOT_SESSION_MEMO_SIZE = 20_000;
const hotSessions = new Map<string, { user: SessionUser; until: number }>();

/**
 * The user in Better Auth's signed session cookie cache (session_data), verified by verifySessionCopy
 * (the same check on node:crypto) or else by Better Auth's own getCookieCache (its helper for optimistic
 * checks: the HMAC and the cache's expiry, no session row and no endpoint context; about 40 % less CPU
 * than getSession on the deadline rush), or null when the cookie
 * is missing, expired or not valid, or when the request does not also carry the session token the copy
 * was made for (so the copy alone, or next to another session's token, is never enough).
 */
async function cookieCacheUser(cookie: string, auth: Auth): Promise<SessionUser | null> {
  const context = await auth.$context;
  // parseCookies has percent-decoded the values already (leaving malformed escapes as they are): the
  // token is not decoded again (a malformed escape threw there, a 500 found by the API fuzz).
  const cookies = parseCookies(cookie);
  const copy = cookies.get(context.authCookies.sessionData.name);
  // The session token cookie is signed ("token.signature"); the verified copy names the token it belongs to.
  const token = cookies.get(context.authCookies.sessionToken.name)?.replace(/\.[^.]*$/, '');
  // node:crypto's check of the same signature first; what it cannot vouch for, Better Auth decides.
  const fast = copy === undefined ? null : verifySessionCopy(copy, context.secret);
  if (fast) return token && fast.sessionToken === token ? { ...fast.user, sessionToken: token } : null;
  if (copy !== undefined && !isReadableSessionCopy(copy)) return null;
  let payload: Awaited<ReturnType<typeof getCookieCache>>;
  try {
    payload = await getCookieCache(new Headers({ cookie }), {
      secret: context.secret,
      isSecure: context.authCookies.sessionData.name.startsWith('__Secure-'),
    });
  } catch {
    // A forged copy in chunks that Better Auth's decoder cannot read is no session, not a 500.
    return null;
  }
  if (!payload) return null;
  if (!token || (payload.session as { token?: unknown }).token !== token) return null;
  const { user } = payload;
  return { id: user.id, email: user.email, name: user.name, emailVerified: Boolean(user.emailVerified), sessionToken: token };
}

async function hotSessionUser(request: FastifyRequest, reply: FastifyReply, auth: Auth): Promise<SessionUser | null> {
  const cookie = request.headers.cookie;
  const now = Date.now();
  const memo = cookie ? hotSessions.get(cookie) : undefined;
  if (memo && memo.until > now && !auth.revokedSessions.has(memo.user.sessionToken)) return memo.user;
  // The cookie cache alone when it is fresh and its session was not ended lately (revoked-sessions.ts);
  // otherwise the full session check, which renews the cache or finds the session gone.
  const copied = cookie ? await cookieCacheUser(cookie, auth) : null;
  // Otherwise the session row is read (Better Auth would read the copy of another cookie of the same name).
  const user = copied && !auth.revokedSessions.has(copied.sessionToken) ? copied : await sessionUserOf(request, reply, auth, false);
  if (cookie && user) {
    hotSessions.delete(cookie);
    hotSessions.set(cookie, { user, until: now + HOT_SESSION_MEMO_MS });
    if (hotSessions.size > HOT_SESSION_MEMO_SIZE) hotSessions.delete(hotSessions.keys().next().value!);
  }
  return user;
}

/**
 * The signed-in account for the hot routes (ranking, matches, saving predictions): no profile read, and
 * the session may come from the cookie cache (and a few seconds' memo of its verdict).
 * @throws AppError 401 unauthenticated when signed out; 403 email_not_verified.
 */
export async function requireSessionUser(request: FastifyRequest, reply: FastifyReply, auth: Auth): Promise<{ userId: string; sessionToken: string }> {
  const user = await hotSessionUser(request, reply, auth);
  if (!user) throw errors.unauthenticated();
  if (!user.emailVerified) throw errors.emailNotVerified();
  return { userId: user.id, sessionToken: user.sessionToken };
}

/**
 * The signed-in account, with its session read from the database (never the cookie cache): for requests
 * that open something long-lived, such as an event stream, where a session signed out a moment ago must
 * not get in.
 * @throws AppError 401 unauthenticated when signed out; 403 email_not_verified.
 */
export async function requireStoredSessionUser(request: FastifyRequest, reply: FastifyReply, auth: Auth): Promise<{ userId: string; sessionToken: string }> {
  const user = await sessionUserOf(request, reply, auth, false);
  if (!user) throw errors.unauthenticated();
  if (!user.emailVerified) throw errors.emailNotVerified();
  return { userId: user.id, sessionToken: user.sessionToken };
}

/**
 * The signed-in person.
 * @throws AppError 401 unauthenticated when signed out.
 */
export async function requireViewer(request: FastifyRequest, reply: FastifyReply, auth: Auth, db: Db): Promise<Viewer> {
  const viewer = await optionalViewer(request, reply, auth, db);
  if (!viewer) throw errors.unauthenticated();
  // A session whose address is not (or no longer) confirmed — REQUIRE_EMAIL_VERIFICATION turned on later —
  // only learns who it is (/api/me); everything else waits for the confirmation.
  if (!viewer.emailVerified) throw errors.emailNotVerified();
  return viewer;
}
