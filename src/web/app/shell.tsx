/**
 * The frame of every page: the top navigation, the offline and new-version notices, the page, the footer. A signed-in person whose email is
 * not confirmed yet is sent home from other pages and sees how to finish, with a resend button.
 */
import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../features/auth/auth-provider';
import { Button } from '../components/ui/button';
import { AppUpdates } from './app-updates';
import { Header } from './header';
import { Footer } from './footer';
import { UnverifiedRedirect } from './guards';
import { loadArea } from '../i18n/i18n';

// Rare (and it brings the Better Auth client): loaded only for the person who needs it.
const UnverifiedBanner = lazy(async () => {
  const [module] = await Promise.all([import('./unverified-banner'), loadArea('auth')]);
  return { default: module.UnverifiedBanner };
});

/** Header, the current page and the footer. */
export function Shell() {
  const auth = useAuth();
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      <AppUpdates />
      <UnverifiedRedirect />
      <AuthProblem />
      {auth.authReady && auth.user && !auth.user.emailVerified ? (
        <Suspense fallback={null}>
          <UnverifiedBanner email={auth.user.email} />
        </Suspense>
      ) : null}
      {/* At least a screen tall, so the footer never shows first and then jumps away as the page fills in. */}
      <main id="main" tabIndex={-1} className="mx-auto min-h-dvh w-full max-w-3xl flex-1 px-4 pb-24 pt-6 outline-none">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}


const AUTH_ERRORS: Record<string, string> = {
  'Auth session fetch timed out': 'shell.authProblem.sessionTimeout',
  'Profile fetch timed out': 'shell.authProblem.profileTimeout',
};

/** When checking who is signed in failed (server unreachable, too slow): the specification's message and a retry. */
function AuthProblem() {
  const { t } = useTranslation();
  const auth = useAuth();
  if (!auth.error) return null;
  return (
    <div role="alert" className="border-b border-red-200 bg-red-50">
      <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm text-red-900">
        <p>
          <strong className="font-semibold">{t(AUTH_ERRORS[auth.error] ?? 'shell.authProblem.initFailed')}</strong>{' '}
          {t('shell.authProblem.authProblem')}
        </p>
        <Button variant="secondary" className="py-1.5" onClick={() => void auth.refresh()}>{t('app.retry')}</Button>
      </div>
    </div>
  );
}
