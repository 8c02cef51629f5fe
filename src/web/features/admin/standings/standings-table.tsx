/**
 * One standings table (computed or the provider's): position, team, played, won, drawn, lost, goals,
 * goal difference, points. Narrow columns so it fits 390 px (won, drawn, lost and goals from 640 px),
 * as the members' Standings tab.
 */
import { useTranslation } from 'react-i18next';

/** A team's line. */
export interface TableRow {
  position: number; team: string; played: number; won: number; drawn: number; lost: number;
  goalsFor: number; goalsAgainst: number; goalDifference: number; points: number;
}

/** The table of `rows` under `caption`. */
export function StandingsTable({ rows, caption }: { rows: TableRow[]; caption: string }) {
  const { t } = useTranslation();
  const num = 'w-8 whitespace-nowrap px-1 py-2 text-right tabular-nums';
  const wide = 'hidden sm:table-cell';
  return (
    // The page wraps long words anywhere (styles.css): "+12" in its narrow column must not break.
    <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 [overflow-wrap:normal]">
      <table className="w-full table-fixed text-sm">
        <caption className="px-3 py-2 text-left text-sm font-semibold text-slate-900">{caption}</caption>
        <thead className="bg-slate-50 text-xs text-slate-600">
          <tr>
            <th scope="col" className="w-8 px-2 py-2 text-left">#</th>
            <th scope="col" className="px-1 py-2 text-left">{t('standings.team')}</th>
            <th scope="col" className={num}><abbr title={t('standings.played')}>{t('standings.playedShort')}</abbr></th>
            <th scope="col" className={`${num} ${wide}`}><abbr title={t('standings.won')}>{t('standings.wonShort')}</abbr></th>
            <th scope="col" className={`${num} ${wide}`}><abbr title={t('standings.drawn')}>{t('standings.drawnShort')}</abbr></th>
            <th scope="col" className={`${num} ${wide}`}><abbr title={t('standings.lost')}>{t('standings.lostShort')}</abbr></th>
            <th scope="col" className={`${num} ${wide} w-14`}>{t('standings.goals')}</th>
            <th scope="col" className={`${num} w-10`}><abbr title={t('standings.goalDifference')}>{t('standings.goalDifferenceShort')}</abbr></th>
            <th scope="col" className={`${num} w-10 pr-3`}><abbr title={t('standings.points')}>{t('standings.pointsShort')}</abbr></th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <tr key={`${row.position}-${row.team}`}>
              <td className="px-2 py-2 tabular-nums text-slate-600">{row.position}</td>
              <th scope="row" className="truncate px-1 py-2 text-left font-medium text-slate-900" title={row.team}>{row.team}</th>
              <td className={num}>{row.played}</td>
              <td className={`${num} ${wide}`}>{row.won}</td>
              <td className={`${num} ${wide}`}>{row.drawn}</td>
              <td className={`${num} ${wide}`}>{row.lost}</td>
              <td className={`${num} ${wide} w-14`}>{row.goalsFor}:{row.goalsAgainst}</td>
              <td className={`${num} w-10`}>{row.goalDifference > 0 ? `+${row.goalDifference}` : row.goalDifference}</td>
              <td className={`${num} w-10 pr-3 font-bold text-slate-900`}>{row.points}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
