/**
 * The group's ranking: rank (SVG medals for the top three), movement since the round before, player
 * (a link to their past predictions), points and the counts of 10, 5, 3 and −2 point outcomes, and their
 * bonus points once anyone has some, and the jokers each has played when the group plays with them
 * ("1/3" of a season's allowance; a count with one per round); the
 * viewer's row highlighted; a place decided between members level on points says by what (the tie-break
 * of src/domain/ranking.ts). The counts stay visible at 390 px. While matches are in play the ranking is
 * provisional ("if it ended now"): a live banner says so and the arrows compare with the official ranking.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { tieBreakBetween } from '../../../../domain/ranking';
import type { RankingResponse, RankingRow } from '../../../../contracts/groups';
import { Medal } from '../../../components/ui/medal';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useMyJokers } from '../../jokers/api/jokers';

function Movement({ value }: { value: number }) {
  const { t } = useTranslation();
  if (value > 0) return <span className="whitespace-nowrap text-xs font-semibold text-emerald-700" aria-label={t('ranking.up', { count: value })}>▲{value}</span>;
  if (value < 0) return <span className="whitespace-nowrap text-xs font-semibold text-red-600" aria-label={t('ranking.down', { count: -value })}>▼{-value}</span>;
  return <span className="text-xs text-slate-500" aria-label={t('ranking.same')}>–</span>;
}

/**
 * What decided a member's place against a neighbour level on points (the row above or below on this
 * page): "ahead on exact scores", "behind on right winners"; null when no neighbour is level on points
 * with a different place.
 */
function tieBreakNote(rows: readonly RankingRow[], index: number, t: TFunction): string | null {
  const row = rows[index]!;
  for (const [other, ahead] of [[rows[index + 1], true], [rows[index - 1], false]] as const) {
    if (!other || other.rank === row.rank) continue;
    const by = tieBreakBetween(row, other);
    if (by) return t(ahead ? 'ranking.tieBreak' : 'ranking.tieBreakBehind', { what: t(`ranking.tieBreakBy.${by}`) });
  }
  return null;
}

/**
 * One page of the ranking as a table, the viewer's row (`myUserId`) highlighted; on the first page my
 * row and the last row follow after a gap when they are further down; pages of 50 with previous / next.
 */
export function RankingTable({ groupId, data, myUserId, onPage }: {
  groupId: string; data: RankingResponse; myUserId: string | undefined; onPage: (page: number) => void;
}) {
  const { t } = useTranslation();
  const count = 'px-0.5 sm:px-1 py-3 text-right tabular-nums text-slate-700';
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const extra = [data.me, data.last].filter((row, i, all): row is RankingRow => row !== null && all.findIndex((r) => r?.userId === row.userId) === i)
    .sort((a, b) => a.rank - b.rank);
  // The Bonus column shows once a member has bonus points (decided bonus questions).
  const bonus = [...data.ranking, ...extra].some((row) => row.bonus !== 0);
  // The Jokers column shows when the group plays with jokers (the settings come with my own jokers).
  const jokers = useMyJokers(groupId).data?.settings ?? null;
  const last = jokers ? 'jokers' : bonus ? 'bonus' : 'opposite';
  const gap = (key: string) => (
    <tr key={key} aria-hidden><td colSpan={7 + (bonus ? 1 : 0) + (jokers ? 1 : 0)} className="py-1 text-center text-slate-500">⋯</td></tr>
  );
  return (
    <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      {data.liveMatches > 0 ? (
        <p className="flex items-center gap-2 border-b border-red-100 bg-red-50 px-3 py-2 text-sm text-red-900" role="status" data-testid="provisional-ranking">
          <span className="inline-flex shrink-0 items-center gap-1 whitespace-nowrap rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-white">
            <span className="h-1.5 w-1.5 animate-pulse rounded-full bg-white motion-reduce:animate-none" aria-hidden />
            {t('ranking.live')}
          </span>
          <span>{t('ranking.provisional', { count: data.liveMatches })}</span>
        </p>
      ) : null}
      <table className="w-full table-fixed text-sm">
        <caption className="sr-only">{t('groups.tabs.ranking')}</caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="w-12 px-2 py-2 text-left sm:w-14">{t('ranking.rank')}</th>
            <th scope="col" className="px-2 py-2 text-left">{t('ranking.player')}</th>
            <th scope="col" className="w-12 px-2 py-2 text-right">{t('ranking.pointsShort')}</th>
            <th scope="col" className="w-7 px-0.5 py-2 text-right sm:w-9 sm:px-1"><abbr title={t('ranking.exact')}>10</abbr></th>
            <th scope="col" className="w-7 px-0.5 py-2 text-right sm:w-9 sm:px-1"><abbr title={t('ranking.goalDifference')}>5</abbr></th>
            <th scope="col" className="w-7 px-0.5 py-2 text-right sm:w-9 sm:px-1"><abbr title={t('ranking.winner')}>3</abbr></th>
            <th scope="col" className={`w-9 px-0.5 py-2 text-right sm:w-10 sm:px-1 ${last === 'opposite' ? 'pr-2' : ''}`}><abbr title={t('ranking.opposite')}>−2</abbr></th>
            {bonus ? <th scope="col" className={`w-9 px-0.5 py-2 text-right sm:w-10 sm:px-1 ${last === 'bonus' ? 'pr-2' : ''}`}><abbr title={t('ranking.bonus')}>{t('ranking.bonusShort')}</abbr></th> : null}
            {jokers ? <th scope="col" className="w-10 px-0.5 pr-2 py-2 text-right sm:w-12 sm:px-1"><abbr title={t('jokers.column')}>{t('jokers.columnShort')}</abbr></th> : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {[...data.ranking.map((row) => ({ row, key: row.userId })), ...extra.map((row) => ({ row, key: `extra-${row.userId}` }))].map(({ row, key }, index) => {
            const mine = row.userId === myUserId;
            const note = index < data.ranking.length ? tieBreakNote(data.ranking, index, t) : null;
            return [
              index === data.ranking.length ? gap(`gap-${key}`) : null,
              <tr key={key} className={mine ? 'bg-emerald-50' : undefined} aria-current={mine ? 'true' : undefined}>
                <td className="px-2 py-3">
                  <span className="flex items-center gap-1 font-semibold tabular-nums text-slate-700">
                    {row.rank <= 3 ? <Medal rank={row.rank} label={t('ranking.place', { count: row.rank })} /> : <span>{row.rank}</span>}
                    <Movement value={row.movement} />
                  </span>
                </td>
                <td className="px-2 py-3">
                  <Link to={paths.memberPredictions(groupId, row.userId)} className="flex min-w-0 items-center gap-2 font-medium text-slate-900 underline-offset-2 hover:underline">
                    <img src={row.avatarUrl} alt="" width={24} height={24} loading="lazy" className="h-6 w-6 shrink-0 rounded-full bg-slate-200" />
                    <span className="truncate">{row.username}</span>
                  </Link>
                  {mine ? <span className="text-xs text-emerald-800">{t('ranking.you')}</span> : null}
                  {note ? <span className="block text-xs text-slate-500">{note}</span> : null}
                </td>
                <td className="px-2 py-3 text-right text-base font-bold tabular-nums text-slate-900">{row.points}</td>
                <td className={count}>{row.exact}</td>
                <td className={count}>{row.goalDifference}</td>
                <td className={count}>{row.winner}</td>
                <td className={last === 'opposite' ? `${count} pr-2` : count}>{row.opposite}</td>
                {bonus ? <td className={last === 'bonus' ? `${count} pr-2` : count}>{row.bonus}</td> : null}
                {jokers ? <td className={`${count} pr-2`}>{jokers.perSeason === null ? row.jokers : `${row.jokers}/${jokers.perSeason}`}</td> : null}
              </tr>,
            ];
          })}
        </tbody>
      </table>
      {pages > 1 ? (
        <nav className="flex items-center justify-between gap-2 border-t border-slate-100 px-3 py-2" aria-label={t('ranking.pages')}>
          <Button variant="secondary" disabled={data.page <= 1} onClick={() => onPage(data.page - 1)}>{t('ranking.previousPage')}</Button>
          <span className="text-sm text-slate-600">{t('ranking.pageOf', { page: data.page, pages })}</span>
          <Button variant="secondary" disabled={data.page >= pages} onClick={() => onPage(data.page + 1)}>{t('ranking.nextPage')}</Button>
        </nav>
      ) : null}
      <p className="border-t border-slate-100 px-3 py-2 text-xs text-slate-500">{t('ranking.legend')}{bonus ? ` · ${t('ranking.legendBonus')}` : ''}
        {jokers ? ` · ${jokers.perSeason === null ? t('jokers.legendRound') : t('jokers.legendSeason', { count: jokers.perSeason })}` : ''}</p>
    </div>
  );
}
