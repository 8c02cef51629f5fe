/**
 * The top navigation (specification section 2, "Shell"): logo, Home, Contact, FAQ, and Admin for a
 * Platform Administrator; Login and Sign Up when signed out; when signed in, a profile menu with the
 * avatar, Profile, the language switcher and Logout. Above 768 px the links sit in the bar; at 768 px
 * or less they move into a hamburger menu, with the profile menu beside it. The menus (Radix, in
 * ./header-menus.tsx) load when one is first pointed at, focused or opened; until then their buttons are
 * the same buttons, so the bar keeps one look and one height in every state.
 */
import { lazy, Suspense, useState } from 'react';
import { NavLink, Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../features/auth/auth-provider';
import { paths } from '../config/paths';
import { LogoMark } from '../components/ui/logo';
import { HamburgerButton, LanguageButton, ProfileButton } from './header-buttons';
import { useNavLinks } from './nav-links';

type MenuName = 'profile' | 'language' | 'hamburger';

const loadMenus = () => import('./header-menus');
const ProfileMenu = lazy(async () => ({ default: (await loadMenus()).ProfileMenu }));
const GuestLanguageMenu = lazy(async () => ({ default: (await loadMenus()).GuestLanguageMenu }));
const HamburgerMenu = lazy(async () => ({ default: (await loadMenus()).HamburgerMenu }));

/** Login and Sign Up, each hidden on its own page (no "Login" link on the login page). */
function GuestLinks({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div className={`flex items-center gap-1.5 ${className}`}>
      {pathname !== paths.login ? (
        <Link to={paths.login} className="whitespace-nowrap rounded-lg px-3 py-2 text-sm font-semibold text-white hover:bg-emerald-900/50 focus-visible:outline-2 focus-visible:outline-white">{t('app.signIn')}</Link>
      ) : null}
      {pathname !== paths.register ? (
        <Link to={paths.register} className="whitespace-nowrap rounded-lg bg-white px-3 py-2 text-sm font-semibold text-emerald-800 shadow-sm hover:bg-emerald-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white">{t('app.register')}</Link>
      ) : null}
    </div>
  );
}

/**
 * A menu: its plain button until the menus are wanted (pointer, focus or a click fetches them; a click
 * also opens this one), then the Radix menu in its place.
 */
function Menu({ name, wanted, onWanted }: { name: MenuName; wanted: MenuName | 'any' | null; onWanted: (name: MenuName | 'any') => void }) {
  const Button = { profile: ProfileButton, language: LanguageButton, hamburger: HamburgerButton }[name];
  const Radix = { profile: ProfileMenu, language: GuestLanguageMenu, hamburger: HamburgerMenu }[name];
  const placeholder = (
    <Button
      aria-expanded={false}
      onPointerEnter={() => void loadMenus()}
      onFocus={() => void loadMenus()}
      onClick={() => onWanted(name)}
    />
  );
  if (wanted === null) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <Radix defaultOpen={wanted === name} />
    </Suspense>
  );
}

/** The sticky top bar. */
export function Header() {
  const { t } = useTranslation();
  const auth = useAuth();
  const links = useNavLinks();
  const [wanted, setWanted] = useState<MenuName | 'any' | null>(null);
  return (
    <header className="sticky top-0 z-30 bg-emerald-800 pt-[env(safe-area-inset-top)] text-white shadow">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-3 focus:py-2 focus:text-emerald-900">
        {t('shell.skipToContent')}
      </a>
      <div className="mx-auto flex h-14 max-w-5xl items-center gap-2 px-3 desk:gap-4 desk:px-4">
        <Link to={paths.home} className="flex shrink-0 items-center gap-2 rounded-lg pr-1 text-lg font-extrabold tracking-tight focus-visible:outline-2 focus-visible:outline-white">
          <LogoMark size={30} />
          <span>{t('app.name')}</span>
        </Link>
        <nav aria-label={t('shell.mainNav')} className="hidden desk:block">
          <ul className="flex items-center gap-1">
            {links.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  // Home only on '/', the others on their sub-pages too (Admin on /admin/leagues).
                  end={link.to === '/'}
                  className={({ isActive }) => `rounded-lg px-3 py-2 text-sm font-medium hover:bg-emerald-900/50 focus-visible:outline-2 focus-visible:outline-white ${isActive ? 'bg-emerald-900/60 text-white' : 'text-emerald-50'}`}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex min-w-0 items-center gap-1">
          {!auth.authReady ? null : auth.user ? (
            <Menu name="profile" wanted={wanted} onWanted={setWanted} />
          ) : (
            <>
              <div className="hidden desk:block"><Menu name="language" wanted={wanted} onWanted={setWanted} /></div>
              <GuestLinks className="hidden desk:flex" />
            </>
          )}
          <div className="desk:hidden">
            <Menu name="hamburger" wanted={wanted} onWanted={setWanted} />
          </div>
        </div>
      </div>
    </header>
  );
}
