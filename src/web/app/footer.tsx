/**
 * The footer (specification section 2, "Shell"): Terms, Privacy, Contact, the version ("v0.3.5 beta",
 * package.json's, written into the build) with the build number (the commit the app was built from;
 * GET /api/health says the same), and the copyright line.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths';

/** The page footer. */
export function Footer() {
  const { t } = useTranslation();
  const links = [
    { to: paths.terms, label: t('shell.terms') },
    { to: paths.privacy, label: t('shell.privacy') },
    { to: paths.contact, label: t('shell.contact') },
  ];
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-5xl flex-col gap-3 px-4 py-6 text-sm text-slate-600 desk:flex-row desk:items-center desk:justify-between">
        <nav aria-label={t('shell.footerNav')}>
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="font-medium text-slate-700 underline-offset-4 hover:text-emerald-800 hover:underline">{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="flex flex-wrap gap-x-3 gap-y-1">
          <span>{t('shell.version', { version: __APP_VERSION__ })}</span>
          <span>{t('shell.build', { build: __APP_BUILD__ })}</span>
          <span>{t('shell.copyright', { year: new Date().getFullYear() })}</span>
        </p>
      </div>
    </footer>
  );
}
