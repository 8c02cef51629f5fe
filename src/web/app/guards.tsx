/**
 * Route guards (specification sections 4, 6 and 8). Nothing guarded renders before authReady, so no
 * page flashes for the wrong person.
 * - RequireAuth: signed out → /login?redirect=<the full path with its query>; signed in without a
 *   confirmed email → home.
 * - RequireAdmin: as RequireAuth, then anyone but a Platform Administrator → home.
 * - GuestOnly: an authenticated person → home. Decided when the page is entered: a page that signs the
 *   person in (sign-in, email confirmation) finishes its own way.
 * - UnverifiedRedirect (in the shell): a signed-in person without a confirmed email is sent home from
 *   every page but home, login, register, password reset, update password and email-verified.
 */
import { useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuth, type AuthState } from '../features/auth/auth-provider';
import { Spinner } from '../components/ui/card';
import { paths } from '../config/paths';

/** /login?redirect=<path and query of `location`>. */
export function loginRedirect(location: { pathname: string; search: string }): string {
  return `${paths.login}?redirect=${encodeURIComponent(`${location.pathname}${location.search}`)}`;
}

function Waiting() {
  const { t } = useTranslation();
  return <Spinner label={t('app.loading')} />;
}

/** Where a signed-in-only page sends this person, or null to show it. */
export function signedInOnlyTarget(auth: Pick<AuthState, 'user'>, location: { pathname: string; search: string }): string | null {
  if (!auth.user) return loginRedirect(location);
  if (!auth.user.emailVerified) return paths.home;
  return null;
}

/** Shows `children` to a signed-in person with a confirmed email. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.signingOut) return null;
  if (!auth.authReady) return <Waiting />;
  const target = signedInOnlyTarget(auth, location);
  return target ? <Navigate to={target} replace /> : <>{children}</>;
}

/** Shows `children` to a Platform Administrator only. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.signingOut) return null;
  if (!auth.authReady) return <Waiting />;
  const target = signedInOnlyTarget(auth, location);
  if (target) return <Navigate to={target} replace />;
  if (!auth.profile) return <Waiting />;
  return auth.isAdmin ? <>{children}</> : <Navigate to={paths.home} replace />;
}

/** Shows `children` to guests (and to signed-in people still confirming their email). */
export function GuestOnly({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const [decision, setDecision] = useState<'show' | 'home' | null>(null);
  if (!auth.authReady) return <Waiting />;
  // Decided once, when auth is first known on this page (React's "state from an earlier render" pattern).
  if (decision === null) setDecision(auth.authenticated ? 'home' : 'show');
  const shown = decision ?? (auth.authenticated ? 'home' : 'show');
  return shown === 'home' ? <Navigate to={paths.home} replace /> : <>{children}</>;
}

/** Pages a signed-in person without a confirmed email may stay on. */
const UNVERIFIED_ALLOWED = new Set<string>([
  paths.home, paths.login, paths.register, paths.requestPasswordReset, paths.updatePassword, paths.emailVerified,
]);

/** Sends a signed-in person without a confirmed email home from any other page. */
export function UnverifiedRedirect() {
  const auth = useAuth();
  const location = useLocation();
  if (!auth.authReady || !auth.user || auth.user.emailVerified || UNVERIFIED_ALLOWED.has(location.pathname)) return null;
  return <Navigate to={paths.home} replace />;
}
