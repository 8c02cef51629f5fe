/**
 * The header's Radix dropdown menus (keyboard and screen-reader usable): the profile menu (Profile, the
 * language, Logout), a guest's language menu and the hamburger menu of narrow screens. Loaded when a
 * menu is first used (they are a good part of the page's JavaScript); each opens at once when
 * `defaultOpen` says it was the one clicked.
 */
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useAuth } from '../features/auth/auth-provider';
import { changeLanguage, LANGUAGES, type Language } from '../i18n/i18n';
import { paths } from '../config/paths';
import { saveLanguage } from '../features/profile/api/save-language';
import { HamburgerButton, LanguageButton, ProfileButton } from './header-buttons';
import { useNavLinks } from './nav-links';

const menuClass = 'z-50 min-w-52 rounded-xl bg-white p-1.5 text-slate-800 shadow-xl ring-1 ring-slate-200';
const itemClass = 'flex w-full cursor-pointer select-none items-center gap-2 rounded-lg px-3 py-2.5 text-sm outline-none data-[highlighted]:bg-emerald-50 data-[highlighted]:text-emerald-900';
const labelClass = 'px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-500';

/** The language choice as a radio group inside a dropdown. */
function LanguageItems() {
  const { t, i18n } = useTranslation();
  const auth = useAuth();
  const client = useQueryClient();
  const choose = (language: Language) => {
    void changeLanguage(language);
    // A signed-in person's choice also goes to their profile: it follows them to other devices, and mails use it.
    if (auth.user) void saveLanguage(auth.user.id, language).then(() => client.invalidateQueries({ queryKey: ['me'] }), () => {});
  };
  return (
    <>
      <DropdownMenu.Label className={labelClass}>{t('shell.language')}</DropdownMenu.Label>
      <DropdownMenu.RadioGroup
        value={i18n.language}
        onValueChange={(value) => choose(value as Language)}
      >
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
export function ProfileMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const name = auth.profile?.username ?? auth.user?.name ?? 'User';
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <ProfileButton />
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

/** A guest's language switcher (signed-in people have it in their profile menu). */
export function GuestLanguageMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <LanguageButton />
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
export function HamburgerMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { t } = useTranslation();
  const auth = useAuth();
  const links = useNavLinks();
  const { pathname } = useLocation();
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <HamburgerButton />
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
