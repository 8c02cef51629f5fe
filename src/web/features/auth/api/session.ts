/**
 * The session: GET /api/auth/get-session (Better Auth), which answers 200 with null when signed out —
 * asking who is signed in is not an error. Gives up after 15 s ('Auth session fetch timed out',
 * specification section 9).
 */
import { withTimeout } from '../../../lib/timeout';

/** Session fetch time limit, in milliseconds. */
export const SESSION_TIMEOUT_MS = 15_000;

/** The account behind a session. */
export interface AuthUser {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
}

/** A session: its expiry as an ISO instant. */
export interface AuthSession {
  expiresAt: string;
}

/** What get-session returns: both, or null when signed out. */
export type SessionData = { user: AuthUser; session: AuthSession } | null;

/**
 * Fetches the current session.
 * @throws TimeoutError after 15 s; Error for a network failure or an unexpected answer.
 */
export function fetchSession(): Promise<SessionData> {
  return withTimeout(SESSION_TIMEOUT_MS, 'Auth session fetch timed out', async (signal) => {
    // disableCookieCache: the session row itself, so a session ended elsewhere is noticed at the next check.
    const response = await fetch('/api/auth/get-session?disableCookieCache=true', { credentials: 'same-origin', signal, headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`Failed to initialize auth (${response.status})`);
    const body = (await response.json()) as { user?: AuthUser; session?: AuthSession } | null;
    if (!body?.user || !body.session) return null;
    return {
      user: { id: body.user.id, email: body.user.email, name: body.user.name, emailVerified: Boolean(body.user.emailVerified) },
      session: { expiresAt: String(body.session.expiresAt) },
    };
  });
}
