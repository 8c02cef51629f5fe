/** The standings computed from a league's results: its table, a tournament's group tables and knockout rounds. */
import { useTranslation } from 'react-i18next';
import type { StandingsResponse } from '../../../../contracts/standings';
import { roundLabel } from '../../predictions/components/round-label';
import { StandingsTable } from './standings-table';

/** The computed tables of `standings`, or a line saying there are no results yet. */
export function ComputedTables({ standings }: { standings: StandingsResponse }) {
  const { t } = useTranslation();
  const { league, groups, knockout } = standings;
  if (league.length === 0 && groups.length === 0 && knockout.length === 0) {
    return <p className="rounded-2xl bg-white p-4 text-sm text-slate-700 shadow-sm ring-1 ring-slate-200">{t('adminStandings.noResults')}</p>;
  }
  return (
    <div className="space-y-4">
      {league.length > 0 ? <StandingsTable rows={league} caption={t('adminStandings.table')} /> : null}
      {groups.map((group) => <StandingsTable key={group.groupName} rows={group.table} caption={roundLabel(group.groupName, t)} />)}
      {knockout.length > 0 ? (
        <section aria-label={t('adminStandings.knockout')} className="space-y-3">
          {knockout.map((round) => (
            <div key={round.roundName} className="rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
              <h3 className="px-1 pb-2 text-sm font-semibold text-slate-900">{roundLabel(round.roundName, t)}</h3>
              <ul className="divide-y divide-slate-100 text-sm">
                {round.matches.map((m) => (
                  <li key={`${m.home}-${m.away}`} className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-2 py-2">
                    <span className={`truncate text-right ${m.winner === 'home' ? 'font-bold text-slate-900' : 'text-slate-700'}`}>{m.home}</span>
                    <span className="text-center tabular-nums text-slate-900">
                      {m.homeGoals}–{m.awayGoals}
                      {m.extraTime ? <span className="block text-xs text-slate-600">{t('matches.afterExtraTime', { home: m.extraTime[0], away: m.extraTime[1] })}</span> : null}
                      {m.penalties ? <span className="block text-xs text-slate-600">{t('matches.penalties', { home: m.penalties[0], away: m.penalties[1] })}</span> : null}
                    </span>
                    <span className={`truncate ${m.winner === 'away' ? 'font-bold text-slate-900' : 'text-slate-700'}`}>{m.away}</span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      ) : null}
    </div>
  );
}
