/**
 * Page /admin/* (Platform Administrators only): the administrators' layout with its sections from the
 * specification (dashboard, leagues, fixtures, teams, users, groups, standings). The screens themselves
 * come with the administrators' area; each section is a placeholder until then.
 */
import { NavLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Card, PageTitle } from '../components/ui/card';
import { paths } from '../config/paths';

const SECTIONS = ['dashboard', 'leagues', 'fixtures', 'teams', 'users', 'groups', 'standings'] as const;

/** The admin layout with the section named by the path ('' is the dashboard). */
export function AdminRoute() {
  const { t } = useTranslation();
  const section = (useParams()['*'] ?? '').split('/')[0] || 'dashboard';
  const current = (SECTIONS as readonly string[]).includes(section) ? section : 'dashboard';
  return (
    <div className="space-y-4">
      <PageTitle>{t('admin.title')}</PageTitle>
      <p className="text-slate-600">{t('admin.intro')}</p>
      <nav aria-label={t('admin.nav')} className="-mx-4 overflow-x-auto px-4">
        <ul className="flex gap-1.5">
          {SECTIONS.map((name) => (
            <li key={name}>
              <NavLink
                to={name === 'dashboard' ? paths.admin : `${paths.admin}/${name}`}
                end
                className={({ isActive }) => `block whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-medium ring-1 ring-inset ${isActive ? 'bg-emerald-800 text-white ring-emerald-800' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50'}`}
              >
                {t(`admin.sections.${name}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Card>
        <h2 className="text-lg font-semibold text-slate-900">{t(`admin.sections.${current}`)}</h2>
        <p className="mt-2 text-slate-600">{t('admin.soon')}</p>
      </Card>
    </div>
  );
}
