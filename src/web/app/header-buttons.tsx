/**
 * The header's menu buttons as plain buttons: shown at once, and the very elements the Radix menus use
 * as their triggers (asChild) once those are loaded — so nothing moves when they arrive.
 */
import type { ButtonHTMLAttributes, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../features/auth/auth-provider';
import { Avatar } from '../components/ui/avatar';

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { ref?: Ref<HTMLButtonElement> };

/** The signed-in person's avatar and username; opens the profile menu. */
export function ProfileButton({ ref, ...props }: ButtonProps) {
  const { t } = useTranslation();
  const auth = useAuth();
  const name = auth.profile?.username ?? auth.user?.name ?? 'User';
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-label={t('shell.accountMenu', { name })}
      className="flex max-w-44 items-center gap-2 rounded-full py-1 pl-1 pr-2 text-sm font-medium text-white hover:bg-emerald-900/50 focus-visible:outline-2 focus-visible:outline-white data-[state=open]:bg-emerald-900/50"
      ref={ref}
      {...props}
    >
      <Avatar src={auth.profile?.avatarUrl} name={auth.profile?.fullName || name} size={32} className="ring-2 ring-white/70" />
      <span className="hidden truncate desk:inline">{name}</span>
      <span aria-hidden="true" className="hidden text-xs desk:inline">▾</span>
    </button>
  );
}

/** A guest's language button ("🌐 EN"); opens the language menu. */
export function LanguageButton({ ref, ...props }: ButtonProps) {
  const { t, i18n } = useTranslation();
  const current = i18n.language === 'pt-BR' ? 'PT' : i18n.language.toUpperCase();
  return (
    <button
      type="button"
      aria-haspopup="menu"
      className="flex items-center gap-1.5 rounded-lg px-2.5 py-2 text-sm font-semibold text-white hover:bg-emerald-900/50 focus-visible:outline-2 focus-visible:outline-white"
      ref={ref}
      {...props}
    >
      <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2"><circle cx="12" cy="12" r="9" /><path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z" /></svg>
      <span className="sr-only">{t('shell.language')}: </span>
      <span>{current}</span>
    </button>
  );
}

/** The hamburger button of narrow screens; opens the navigation menu. */
export function HamburgerButton({ ref, ...props }: ButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-label={t('shell.menu')}
      className="flex h-10 w-10 items-center justify-center rounded-lg text-white hover:bg-emerald-900/50 focus-visible:outline-2 focus-visible:outline-white data-[state=open]:bg-emerald-900/50"
      ref={ref}
      {...props}
    >
      <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" /></svg>
    </button>
  );
}
