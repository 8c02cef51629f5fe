/**
 * The frame of every page: the top navigation, the page, the footer. A signed-in person whose email is
 * not confirmed yet is sent home from other pages and sees how to finish, with a resend button.
 */
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../features/auth/auth-provider';
import { ResendVerification } from '../features/auth/components/resend-verification';
import { Header } from './header';
import { Footer } from './footer';
import { UnverifiedRedirect } from './guards';

/** Header, the current page and the footer. */
export function Shell() {
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      <UnverifiedRedirect />
      <UnverifiedBanner />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 px-4 pb-24 pt-6 outline-none">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}

/** "Confirm your email" for a signed-in person whose address is not confirmed. */
function UnverifiedBanner() {
  const { t } = useTranslation();
  const auth = useAuth();
  if (!auth.authReady || !auth.user || auth.user.emailVerified) return null;
  return (
    <section aria-labelledby="unverified-title" className="border-b border-amber-200 bg-amber-50">
      <div className="mx-auto flex max-w-3xl flex-col gap-3 px-4 py-4 desk:flex-row desk:items-center desk:justify-between">
        <div>
          <h2 id="unverified-title" className="font-semibold text-amber-900">{t('shell.unverifiedTitle')}</h2>
          <p className="text-sm text-amber-900">{t('shell.unverifiedBody', { email: auth.user.email })}</p>
        </div>
        <div className="desk:w-64"><ResendVerification email={auth.user.email} /></div>
      </div>
    </section>
  );
}
