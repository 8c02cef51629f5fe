/** The administrators' section links, as the side menu and the drawer show them. */
import { NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ADMIN_SECTIONS, READY_SECTIONS, sectionLabelKey, sectionPath } from '../lib/sections';

/** The section list in a <nav>; `onNavigate` runs when a link is followed (the drawer closes). */
export function AdminNav({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('admin.nav')}>
      <ul className="space-y-0.5">
        {ADMIN_SECTIONS.map((section) => (
          <li key={section}>
            <NavLink
              to={sectionPath(section)}
              end={section === 'dashboard'}
              onClick={onNavigate}
              className={({ isActive }) => `flex min-h-11 items-center justify-between gap-2 rounded-lg px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600 ${isActive ? 'bg-emerald-100 text-emerald-900' : 'text-slate-700 hover:bg-slate-100'}`}
            >
              <span className="min-w-0 [overflow-wrap:normal]">{t(sectionLabelKey(section))}</span>
              {READY_SECTIONS.has(section) ? null : <span className="shrink-0 whitespace-nowrap rounded-full bg-slate-100 px-2 py-0.5 text-xs font-normal text-slate-600">{t('admin.soonBadge')}</span>}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
