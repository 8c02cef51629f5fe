/**
 * The session: GET /api/auth/get-session (Better Auth), which answers 200 with null when signed out —
 * asking who is signed in is not an error. Gives up after 15 s ('Auth session fetch timed out',
 * specification section 9). When the server cannot be reached at all (offline: a network failure, not an
 * error answer), the last session seen on this device stands in, so the installed app opens on what it
 * last loaded; the server still checks every request.
 */
import { API_CACHE_NAME } from '../../../config/pwa';
import { reportServerReached } from '../../../lib/connectivity';
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
 * The last session seen on this device (who, and until when: never its token), for offline starts. Its
 * key starts with 'palpite.auth', so signing out clears it (auth-provider.tsx clearStoredAuth).
 */
const LAST_SESSION_KEY = 'palpite.auth.lastSession';

function remember(data: SessionData) {
  try {
    const previous = (JSON.parse(localStorage.getItem(LAST_SESSION_KEY) ?? 'null') as SessionData)?.user.id ?? null;
    if (previous !== null && previous !== (data?.user.id ?? null)) personChanged();
  } catch {
    // unreadable: nothing remembered
  }
  try {
    if (data) localStorage.setItem(LAST_SESSION_KEY, JSON.stringify(data));
    else localStorage.removeItem(LAST_SESSION_KEY);
  } catch {
    // storage unavailable: no offline start
  }
}

/**
 * The person seen last on this device is no longer signed in here (their session ended, or someone else
 * signed in without signing them out): what the service worker kept of their pages goes, and so does this
 * device's push subscription, so the next person never sees their data or notifications.
 */
function personChanged() {
  if (typeof caches !== 'undefined') void caches.delete(API_CACHE_NAME).catch(() => {});
  // Loaded when needed: push code stays off the pages of someone who never changes hands.
  void import('../../../lib/push-device').then(({ forgetThisDevice }) => forgetThisDevice()).catch(() => {});
}

/** The remembered session while it has not expired, else null. */
function rememberedSession(now = Date.now()): SessionData {
  try {
    const data = JSON.parse(localStorage.getItem(LAST_SESSION_KEY) ?? 'null') as SessionData;
    return data?.user && Date.parse(data.session.expiresAt) > now ? data : null;
  } catch {
    return null;
  }
}

/**
 * Fetches the current session (offline: the remembered one, when there is one).
 * @throws TimeoutError after 15 s; Error for a network failure or an unexpected answer.
 */
export function fetchSession(): Promise<SessionData> {
  return withTimeout(SESSION_TIMEOUT_MS, 'Auth session fetch timed out', async (signal) => {
    let response: Response;
    try {
      // disableCookieCache: the session row itself, so a session ended elsewhere is noticed at the next check.
      response = await fetch('/api/auth/get-session?disableCookieCache=true', { credentials: 'same-origin', signal, headers: { accept: 'application/json' } });
    } catch (error) {
      // fetch rejects with a TypeError when nothing answered (a timeout aborts instead).
      if (!(error instanceof TypeError)) throw error;
      reportServerReached(false);
      const offline = rememberedSession();
      if (offline) return offline;
      throw error;
    }
    reportServerReached(true);
    if (!response.ok) throw new Error(`Failed to initialize auth (${response.status})`);
    const body = (await response.json()) as { user?: AuthUser; session?: AuthSession } | null;
    const data: SessionData = !body?.user || !body.session ? null : {
      user: { id: body.user.id, email: body.user.email, name: body.user.name, emailVerified: Boolean(body.user.emailVerified) },
      session: { expiresAt: String(body.session.expiresAt) },
    };
    remember(data);
    return data;
  });
}
