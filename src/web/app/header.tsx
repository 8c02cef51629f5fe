/**
 * The top navigation (specification section 2, "Shell"): logo, Home, Contact, FAQ, and Admin for a
 * Platform Administrator; Login and Sign Up when signed out; when signed in, a profile menu with the
 * avatar, Profile, the language switcher and Logout. Above 768 px the links sit in the bar; at 768 px
 * or less they move into a hamburger menu, with the profile menu beside it. Menus are Radix dropdowns
 * (keyboard and screen-reader usable). The bar keeps one height in every state.
 */
import { NavLink, Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useAuth } from '../features/auth/auth-provider';
import { changeLanguage, LANGUAGES, type Language } from '../i18n/i18n';
import { paths } from '../config/paths';
import { LogoMark } from '../components/ui/logo';
import { Avatar } from '../components/ui/avatar';

const menuClass = 'z-50 min-w-52 rounded-xl bg-white p-1.5 text-slate-800 shadow-xl ring-1 ring-slate-200';
const itemClass = 'flex w-full cursor-pointer select-none items-center gap-2 rounded-lg px-3 py-2.5 text-sm outline-none data-[highlighted]:bg-emerald-50 data-[highlighted]:text-emerald-900';
const labelClass = 'px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-500';

/** The navigation links this person sees, in order. */
function useNavLinks() {
  const { t } = useTranslation();
  const auth = useAuth();
  return [
    { to: paths.home, label: t('shell.home') },
    { to: paths.contact, label: t('shell.contact') },
    { to: paths.faq, label: t('shell.faq') },
    ...(auth.isAdmin ? [{ to: paths.admin, label: t('shell.admin') }] : []),
  ];
}

/** The language choice as a radio group inside a dropdown. */
function LanguageItems() {
  const { t, i18n } = useTranslation();
  return (
    <>
      <DropdownMenu.Label className={labelClass}>{t('shell.language')}</DropdownMenu.Label>
      <DropdownMenu.RadioGroup value={i18n.language} onValueChange={(value) => void changeLanguage(value as Language)}>
        {LANGUAGES.map((language) => (
          <DropdownMenu.RadioItem key={language.code} value={language.code} lang={language.code} className={itemClass}>
            <span className="flex w-4 justify-center" aria-hidden="true">
              <DropdownMenu.ItemIndicator>✓</DropdownMenu.ItemIndicator>
            </span>
            {language.label}
          </DropdownMenu.RadioItem>
        ))}
      </DropdownMenu.RadioGroup>
    </>
  );
}

/** The signed-in person's menu: avatar button; Profile, language, Logout. */
function ProfileMenu() {
  const { t } = useTranslation();
  const auth = useAuth();
  const name = auth.profile?.username ?? auth.user?.name ?? 'User';
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={t('shell.accountMenu', { name })}
        className="flex max-w-44 items-center gap-2 rounded-full py-1 pl-1 pr-2 text-sm font-medium text-white hover:bg-emerald-900/50 focus-visible:outline-2 focus-visible:outline-white data-[state=open]:bg-emerald-900/50"
      >
        <Avatar src={auth.profile?.avatarUrl} name={auth.profile?.fullName || name} size={32} className="ring-2 ring-white/70" />
        <span className="hidden truncate desk:inline">{name}</span>
        <span aria-hidden="true" className="hidden text-xs desk:inline">▾</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={menuClass}>
          <div className="px-3 py-2">
            <p className="truncate text-sm font-semibold text-slate-900">{auth.profile?.fullName || name}</p>
            <p className="truncate text-xs text-slate-600">{auth.user?.email}</p>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to={paths.profile}>{t('shell.profile')}</Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <LanguageItems />
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={itemClass} onSelect={() => void auth.signOut()}>
            {t('app.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

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

/** A guest's language switcher (signed-in people have it in their profile menu). */
function GuestLanguageMenu() {
  const { t, i18n } = useTranslation();
  const current = i18n.language === 'pt-BR' ? 'PT' : i18n.language.toUpperCase();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="flex items-center gap-1.5 rounded-lg px-2.5 py-2 text-sm font-semibold text-white hover:bg-emerald-900/50 focus-visible:outline-2 focus-visible:outline-white">
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2"><circle cx="12" cy="12" r="9" /><path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" /></svg>
        <span className="sr-only">{t('shell.language')}: </span>
        <span>{current}</span>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={menuClass}>
          <LanguageItems />
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The hamburger menu of narrow screens: the navigation links, and for guests Login, Sign Up and the language. */
function HamburgerMenu() {
  const { t } = useTranslation();
  const auth = useAuth();
  const links = useNavLinks();
  const { pathname } = useLocation();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger aria-label={t('shell.menu')} className="flex h-10 w-10 items-center justify-center rounded-lg text-white hover:bg-emerald-900/50 focus-visible:outline-2 focus-visible:outline-white data-[state=open]:bg-emerald-900/50">
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className={`${menuClass} w-[min(18rem,calc(100vw-1rem))]`}>
          {links.map((link) => (
            <DropdownMenu.Item key={link.to} asChild className={itemClass}>
              <Link to={link.to} aria-current={pathname === link.to ? 'page' : undefined}>{link.label}</Link>
            </DropdownMenu.Item>
          ))}
          {auth.authReady && !auth.user ? (
            <>
              <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
              {pathname !== paths.login ? <DropdownMenu.Item asChild className={itemClass}><Link to={paths.login}>{t('app.signIn')}</Link></DropdownMenu.Item> : null}
              {pathname !== paths.register ? <DropdownMenu.Item asChild className={itemClass}><Link to={paths.register}>{t('app.register')}</Link></DropdownMenu.Item> : null}
              <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
              <LanguageItems />
            </>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The sticky top bar. */
export function Header() {
  const { t } = useTranslation();
  const auth = useAuth();
  const links = useNavLinks();
  return (
    <header className="sticky top-0 z-30 bg-emerald-800 text-white shadow">
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
                  end
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
            <ProfileMenu />
          ) : (
            <>
              <div className="hidden desk:block"><GuestLanguageMenu /></div>
              <GuestLinks className="hidden desk:flex" />
            </>
          )}
          <div className="desk:hidden">
            <HamburgerMenu />
          </div>
        </div>
      </div>
    </header>
  );
}
