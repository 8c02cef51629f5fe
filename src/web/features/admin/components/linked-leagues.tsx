/** The dashboard's list of leagues linked to a data source, each with its last sync. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminLeague } from '../../../../contracts/admin';
import { leaguePath, sectionPath } from '../lib/sections';
import { LastSync } from './last-sync';
import { SourceLabel } from './source-label';

/** The linked leagues (`leagues`), how many fail (`failing`), and a link to all leagues. */
export function LinkedLeagues({ leagues, failing, now }: { leagues: AdminLeague[]; failing: number; now: number }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="admin-linked" className="rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-3 sm:px-5">
        <h2 id="admin-linked" className="text-lg font-semibold text-slate-900">{t('admin.dashboard.linked')}</h2>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${failing > 0 ? 'bg-red-100 text-red-900' : 'bg-emerald-100 text-emerald-900'}`}>
          {failing > 0 ? t('admin.dashboard.failing', { count: failing }) : t('admin.dashboard.noneFailing')}
        </span>
      </div>
      {leagues.length === 0 ? (
        <p className="px-4 py-4 text-sm text-slate-600 sm:px-5">{t('admin.dashboard.noLinked')}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {leagues.map((league) => (
            <li key={league.id} className="grid gap-2 px-4 py-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)] sm:gap-4 sm:px-5">
              <div className="min-w-0">
                <Link to={leaguePath(league.id)} className="font-medium text-emerald-800 underline-offset-2 hover:underline">{league.name}</Link>
                <p className="text-xs text-slate-600">
                  {league.season} · <SourceLabel league={league} />
                  {league.active ? null : <> · {t('admin.leagues.inactive')}</>}
                </p>
              </div>
              <LastSync run={league.lastRun} now={now} />
            </li>
          ))}
        </ul>
      )}
      <div className="border-t border-slate-100 px-4 py-3 sm:px-5">
        <Link to={sectionPath('leagues')} className="text-sm font-semibold text-emerald-800 underline-offset-2 hover:underline">{t('admin.dashboard.allLeagues')} →</Link>
      </div>
    </section>
  );
}
