/** The frame of every page: header (brand, navigation, language, account) and the page below. */
import { Link, Outlet, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useMe } from '../features/auth/api/me';
import { authClient } from '../lib/auth-client';
import { changeLanguage, LANGUAGES, type Language } from '../i18n/i18n';
import { paths } from '../config/paths';
import { buttonClass } from '../components/ui/button';

/** Header (brand, language, sign in/out) above the current page. */
export function Shell() {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const navigate = useNavigate();
  const client = useQueryClient();

  const signOut = async () => {
    await authClient.signOut();
    client.clear();
    navigate(paths.home);
  };

  return (
    <div className="min-h-dvh">
      <header className="sticky top-0 z-10 border-b border-emerald-900/20 bg-emerald-800 text-white shadow">
        <div className="mx-auto flex max-w-3xl items-center gap-3 px-4 py-3">
          <Link to={paths.home} className="flex items-center gap-2 text-lg font-extrabold tracking-tight">
            <span aria-hidden>⚽</span> {t('app.name')}
          </Link>
          <div className="ml-auto flex items-center gap-2">
            <label className="sr-only" htmlFor="language">{t('app.language')}</label>
            <select
              id="language"
              value={i18n.language}
              onChange={(event) => changeLanguage(event.target.value as Language)}
              className="rounded-md border-0 bg-emerald-900/60 py-1.5 pl-2 pr-7 text-sm text-white ring-1 ring-inset ring-white/20 focus:ring-2 focus:ring-white"
            >
              {LANGUAGES.map((language) => (
                <option key={language.code} value={language.code}>{language.code === 'pt-BR' ? 'PT' : language.code.toUpperCase()}</option>
              ))}
            </select>
            {me.data ? (
              <button type="button" onClick={signOut} className="rounded-md px-2 py-1.5 text-sm font-medium text-emerald-50 hover:bg-emerald-900/60">
                {t('app.signOut')}
              </button>
            ) : me.isPending ? null : (
              <Link to={paths.login} className={buttonClass('secondary', 'px-3 py-1.5')}>{t('app.signIn')}</Link>
            )}
          </div>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 pb-24 pt-6">
        <Outlet />
      </main>
    </div>
  );
}
