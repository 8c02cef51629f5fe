/**
 * The Standings tab: the league table (played, won, drawn, lost, goals, goal difference, points), one
 * table per group of a tournament, and the knockout rounds. Narrow columns so a table fits 390 px.
 */
import { useTranslation } from 'react-i18next';
import type { StandingsResponse } from '../../../../contracts/standings';
import { Alert, Spinner } from '../../../components/ui/card';
import { roundLabel } from '../../predictions/components/round-label';
import { useStandings } from '../api/leagues';
import { ApiError } from '../../../lib/api-client';
import { LoadError } from '../../../components/ui/load-error';
import { isUuid } from '../../../lib/uuid';

function Table({ rows, caption }: { rows: StandingsResponse['league']; caption: string }) {
  const { t } = useTranslation();
  const num = 'w-8 px-1 py-2 text-right tabular-nums';
  return (
    <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="w-full table-fixed text-sm">
        <caption className="px-3 py-2 text-left text-sm font-semibold text-slate-900">{caption}</caption>
        <thead className="bg-slate-50 text-xs text-slate-500">
          <tr>
            <th scope="col" className="w-7 px-2 py-2 text-left">#</th>
            <th scope="col" className="px-1 py-2 text-left">{t('standings.team')}</th>
            <th scope="col" className={num}><abbr title={t('standings.played')}>{t('standings.playedShort')}</abbr></th>
            <th scope="col" className={`${num} hidden sm:table-cell`}><abbr title={t('standings.won')}>{t('standings.wonShort')}</abbr></th>
            <th scope="col" className={`${num} hidden sm:table-cell`}><abbr title={t('standings.drawn')}>{t('standings.drawnShort')}</abbr></th>
            <th scope="col" className={`${num} hidden sm:table-cell`}><abbr title={t('standings.lost')}>{t('standings.lostShort')}</abbr></th>
            <th scope="col" className={`${num} hidden sm:table-cell w-14`}>{t('standings.goals')}</th>
            <th scope="col" className={num}><abbr title={t('standings.goalDifference')}>{t('standings.goalDifferenceShort')}</abbr></th>
            <th scope="col" className={`${num} w-10 pr-3`}><abbr title={t('standings.points')}>{t('standings.pointsShort')}</abbr></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={row.team}>
              <td className="px-2 py-2 tabular-nums text-slate-500">{row.position}</td>
              <td className="truncate px-1 py-2 font-medium text-slate-900">{row.team}</td>
              <td className={num}>{row.played}</td>
              <td className={`${num} hidden sm:table-cell`}>{row.won}</td>
              <td className={`${num} hidden sm:table-cell`}>{row.drawn}</td>
              <td className={`${num} hidden sm:table-cell`}>{row.lost}</td>
              <td className={`${num} hidden sm:table-cell w-14`}>{row.goalsFor}:{row.goalsAgainst}</td>
              <td className={num}>{row.goalDifference > 0 ? `+${row.goalDifference}` : row.goalDifference}</td>
              <td className={`${num} w-10 pr-3 font-bold text-slate-900`}>{row.points}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The standings of a league. */
export function StandingsView({ leagueId }: { leagueId: string }) {
  const { t } = useTranslation();
  const known = isUuid(leagueId);
  const standings = useStandings(leagueId, known);
  if (!known) return <Alert>{t('groupPage.noIds')}</Alert>;
  if (standings.isPending) return <Spinner label={t('app.loading')} />;
  if (standings.isError) {
    if (standings.error instanceof ApiError && standings.error.id === 'league_not_found') return <Alert>{t('groupPage.errorLeague')}</Alert>;
    return <LoadError label={t('groupPage.errorStandings')} error={standings.error} onRetry={() => void standings.refetch()} />;
  }
  const { league, groups, knockout } = standings.data;
  if (league.length === 0 && groups.length === 0 && knockout.length === 0) return <p className="py-8 text-center text-slate-600">{t('standings.empty')}</p>;
  return (
    <div className="space-y-4">
      {league.length > 0 ? <Table rows={league} caption={t('standings.table')} /> : null}
      {groups.map((group) => <Table key={group.groupName} rows={group.table} caption={roundLabel(group.groupName, t)} />)}
      {knockout.map((round) => (
        <section key={round.roundName} className="rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200">
          <h3 className="px-1 pb-2 text-sm font-semibold text-slate-900">{roundLabel(round.roundName, t)}</h3>
          <ul className="divide-y divide-slate-100 text-sm">
            {round.matches.map((m) => (
              <li key={`${m.home}-${m.away}`} className="grid grid-cols-[1fr_auto_1fr] items-center gap-2 py-2">
                <span className={`truncate text-right ${m.winner === 'home' ? 'font-bold text-slate-900' : 'text-slate-700'}`}>{m.home}</span>
                <span className="tabular-nums text-slate-900">
                  {m.homeGoals}–{m.awayGoals}
                  {m.extraTime ? <span className="block text-center text-xs text-slate-500">{t('matches.afterExtraTime', { home: m.extraTime[0], away: m.extraTime[1] })}</span> : null}
                  {m.penalties ? <span className="block text-center text-xs text-slate-500">{t('matches.penalties', { home: m.penalties[0], away: m.penalties[1] })}</span> : null}
                </span>
                <span className={`truncate ${m.winner === 'away' ? 'font-bold text-slate-900' : 'text-slate-700'}`}>{m.away}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
