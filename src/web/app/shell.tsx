/** The frame of every page: the top navigation, the page, the footer; people with an unconfirmed email are sent home. */
import { Outlet } from 'react-router';
import { Header } from './header';
import { Footer } from './footer';
import { UnverifiedRedirect } from './guards';

/** Header, the current page and the footer. */
export function Shell() {
  return (
    <div className="flex min-h-dvh flex-col">
      <Header />
      <UnverifiedRedirect />
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 px-4 pb-24 pt-6 outline-none">
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
