/**
 * The web app's auth state, as the specification describes it (sections 3, 4 and 9): user, session,
 * loading, error, profile and authReady. A person is authenticated only when a user exists, the email
 * is confirmed and authReady is set. authReady is set once the first session check has settled
 * (success or failure) and, for a signed-in person, the profile has loaded or fallen back — or when
 * 80,000 ms have passed, or on the first auth event (a sign-in); once set it stays set. The session is
 * checked again every 30 s while the page is visible (and on focus): the server renews an active
 * session, and an expired or revoked one shows up as signed out, which the route guards turn into
 * /login?redirect=…. Sign-out clears local state first and goes to /login, turns push notifications off
 * on this device, then tells the server (a failure there changes nothing on this device).
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { TimeoutError, withTimeout } from '../../lib/timeout';
import { changeLanguage, LANGUAGES } from '../../i18n/i18n';
import { paths } from '../../config/paths';
import { API_CACHE_NAME } from '../../config/pwa';
import { fetchSession, type AuthSession, type AuthUser, type SessionData } from './api/session';
import { fallbackProfile, fetchProfile, type Profile } from './api/my-profile';

/** How long initialisation may take before the app goes on without it (ms). */
export const AUTH_INIT_LIMIT_MS = 80_000;
/** How often the session is checked (ms). */
export const SESSION_CHECK_MS = 30_000;
/** Wait before retrying a failed profile load (ms), and how many attempts in all. */
export const PROFILE_RETRY_MS = 1_000;
export const PROFILE_ATTEMPTS = 3;

/** The query keys of the session and the profile (invalidate ['me'] after changing the profile). */
export const SESSION_QUERY_KEY = ['session'] as const;
export const PROFILE_QUERY_KEY = ['me'] as const;

/** The session query's options (one check at a time, kept fresh until the next periodic check). */
const sessionQuery = { queryKey: SESSION_QUERY_KEY, queryFn: fetchSession, retry: false, staleTime: SESSION_CHECK_MS - 5_000 } as const;
/** The profile query's options for `userId` (fresh for a minute). */
const profileQuery = (userId: string | undefined) => ({ queryKey: [...PROFILE_QUERY_KEY, userId], queryFn: fetchProfile, staleTime: 60_000 });

/**
 * Starts the first session check, then (signed in) the profile, before the first screen's code has
 * arrived: the provider finds them in `client`'s cache instead of asking only once it is drawn. Never
 * rejects (a failure is the provider's to retry and report).
 */
export async function prefetchAuth(client: QueryClient): Promise<void> {
  await client.prefetchQuery(sessionQuery);
  const user = client.getQueryData<SessionData>(SESSION_QUERY_KEY)?.user;
  if (user) await client.prefetchQuery(profileQuery(user.id));
}

/** What `useAuth()` gives. */
export interface AuthState {
  user: AuthUser | null;
  session: AuthSession | null;
  /** True while the session or the profile is being loaded for the first time. */
  loading: boolean;
  /** The last failure's message ('Auth session fetch timed out', 'Failed to initialize auth'…), or null. */
  error: string | null;
  profile: Profile | null;
  authReady: boolean;
  /** A user exists, the email is confirmed and authReady is set. */
  authenticated: boolean;
  /** The profile's role is 'Platform Administrator'. */
  isAdmin: boolean;
  /** Before authReady: whether someone was signed in on this device last time; after: whether someone is. */
  likelySignedIn: boolean;
  /** True while signing out is on its way to /login (route guards wait). */
  signingOut: boolean;
  /** Checks the session again now (after signing in, verifying…), and marks auth as ready. */
  refresh(): Promise<void>;
  /** Signs out: local state first, then the server; always ends on /login. */
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthState | null>(null);

/**
 * A hint kept on the device: someone was signed in here last time. Before the session check answers,
 * public pages that differ for members (home) wait only when it is set, so a guest's first paint
 * never waits for the server. Never trusted for anything else.
 */
const SIGNED_IN_HINT = 'palpite.auth.signedIn';

function readHint(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_HINT) === '1';
  } catch {
    return false;
  }
}

function writeHint(signedIn: boolean) {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_HINT, '1');
    else localStorage.removeItem(SIGNED_IN_HINT);
  } catch {
    // storage unavailable: no hint
  }
}

/**
 * This device stops getting the person's push notifications, when it gets any: the push code loads only
 * for a device subscribed (most sign-outs go straight on to the server).
 */
async function forgetPushDevice(): Promise<void> {
  const registration = typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? await navigator.serviceWorker.getRegistration() : undefined;
  if (!(await registration?.pushManager?.getSubscription())) return;
  await (await import('../../lib/push-device')).forgetThisDevice();
}

/** Storage keys that hold auth data (Better Auth's client cache, ours). */
function clearStoredAuth() {
  try {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith('better-auth') || key.startsWith('palpite.auth')) localStorage.removeItem(key);
    }
    sessionStorage.clear();
  } catch {
    // Storage may be unavailable (private mode): nothing to clear then.
  }
}

/** Provides the auth state to the app; must sit inside the router (it navigates on sign-out). */
export function AuthProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [ready, setReady] = useState(false);

  const session = useQuery<SessionData>({
    ...sessionQuery,
    refetchInterval: SESSION_CHECK_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  });
  const user = session.data?.user ?? null;
  const [hint] = useState(readHint);
  const sessionKnown = session.isSuccess;
  useEffect(() => {
    if (sessionKnown) writeHint(user !== null);
  }, [sessionKnown, user]);

  const profileResult = useQuery<Profile>({
    ...profileQuery(user?.id),
    enabled: user !== null,
    // A missing profile (404, or the specification's 406) falls back at once; other failures are tried 3 times, 1 s apart.
    retry: (failures, error) => !(error instanceof ApiError && (error.status === 404 || error.status === 406)) && failures < PROFILE_ATTEMPTS - 1,
    retryDelay: PROFILE_RETRY_MS,
  });
  const profile = user ? (profileResult.data ?? (profileResult.isError ? fallbackProfile(user) : null)) : null;

  const sessionSettled = session.isSuccess || session.isError;
  const profileSettled = user === null || profile !== null;
  // Set once during render when both have settled (React's "state from an earlier render" pattern).
  if (!ready && sessionSettled && profileSettled) setReady(true);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), AUTH_INIT_LIMIT_MS);
    return () => clearTimeout(timer);
  }, []);

  // The profile's language wins over the browser's once known.
  const profileLanguage = profile?.language ?? null;
  useEffect(() => {
    if (profileLanguage && LANGUAGES.some((language) => language.code === profileLanguage)) void changeLanguage(profileLanguage);
  }, [profileLanguage]);

  const refresh = useCallback(async () => {
    await client.refetchQueries({ queryKey: SESSION_QUERY_KEY, exact: true });
    await client.refetchQueries({ queryKey: PROFILE_QUERY_KEY });
    setReady(true);
  }, [client]);

  const signingOut = useRef(false);
  const [leaving, setLeaving] = useState(false);
  // Leaving ends once /login is the page on screen (the router commits navigations in a transition).
  const { pathname } = useLocation();
  if (leaving && pathname === paths.login) setLeaving(false);
  const signOut = useCallback(async () => {
    if (signingOut.current) return;
    signingOut.current = true;
    // Guards stand still meanwhile: a signed-in page must not answer the cleared state with its own redirect.
    setLeaving(true);
    client.clear();
    clearStoredAuth();
    // What the service worker kept of this person's pages for offline use goes too (a shared device).
    if (typeof caches !== 'undefined') void caches.delete(API_CACHE_NAME).catch(() => {});
    client.setQueryData(SESSION_QUERY_KEY, null);
    await navigate(paths.login, { replace: true });
    try {
      // This device stops getting the person's push notifications (a shared device), while the session still counts.
      await withTimeout(3_000, 'Push sign-out timed out', forgetPushDevice);
    } catch {
      // Gone from the browser all the same; the server drops the subscription at its next send.
    }
    try {
      await withTimeout(5_000, 'Sign-out timed out', (signal) =>
        fetch('/api/auth/sign-out', { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: '{}', signal }));
    } catch {
      // The server may be down: the person is signed out here all the same.
    }
    signingOut.current = false;
  }, [client, navigate]);

  // The specification's texts: 'Auth session fetch timed out', 'Profile fetch timed out', else 'Failed to initialize auth'.
  const failure = session.error ?? (user ? profileResult.error : null);
  const error = failure ? (failure instanceof TimeoutError ? failure.message : 'Failed to initialize auth') : null;
  const value = useMemo<AuthState>(() => {
    const authenticated = ready && user !== null && user.emailVerified;
    return {
      user,
      session: session.data?.session ?? null,
      loading: session.isPending || (user !== null && profile === null),
      error,
      profile,
      authReady: ready,
      authenticated,
      isAdmin: authenticated && profile?.role === 'Platform Administrator',
      signingOut: leaving,
      likelySignedIn: ready ? user !== null : hint,
      refresh,
      signOut,
    };
  }, [ready, user, hint, session.data, session.isPending, profile, error, leaving, refresh, signOut]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/**
 * The auth state.
 * @throws Error outside `<AuthProvider>`.
 */
export function useAuth(): AuthState {
  const state = useContext(AuthContext);
  if (!state) throw new Error('useAuth must be used inside <AuthProvider>');
  return state;
}
