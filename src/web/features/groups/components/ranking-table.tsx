/** The group's ranking: rank, player, points and outcome counts; the viewer's row highlighted. */
import { useTranslation } from 'react-i18next';
import type { RankingRow } from '../../../../contracts/groups';

/** The ranking rows as a table, the viewer's row (`myUserId`) highlighted; outcome counts collapse under the name on phones. */
export function RankingTable({ rows, myUserId }: { rows: RankingRow[]; myUserId: string | undefined }) {
  const { t } = useTranslation();
  const medal = (rank: number) => (rank === 1 ? '🥇' : rank === 2 ? '🥈' : rank === 3 ? '🥉' : null);
  return (
    <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <table className="w-full text-sm">
        <caption className="sr-only">{t('groups.tabs.ranking')}</caption>
        <thead className="bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="w-10 px-3 py-2 text-left">{t('ranking.rank')}</th>
            <th scope="col" className="px-3 py-2 text-left">{t('ranking.player')}</th>
            <th scope="col" className="px-3 py-2 text-right">{t('ranking.points')}</th>
            <th scope="col" className="hidden px-2 py-2 text-right sm:table-cell">{t('ranking.exact')}</th>
            <th scope="col" className="hidden px-2 py-2 text-right sm:table-cell">{t('ranking.goalDifference')}</th>
            <th scope="col" className="hidden px-2 py-2 text-right sm:table-cell">{t('ranking.winner')}</th>
            <th scope="col" className="hidden px-3 py-2 text-right sm:table-cell">{t('ranking.opposite')}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => {
            const mine = row.userId === myUserId;
            return (
              <tr key={row.userId} className={mine ? 'bg-emerald-50' : undefined}>
                <td className="px-3 py-3 font-semibold tabular-nums text-slate-700">{medal(row.rank) ?? row.rank}</td>
                <td className="px-3 py-3">
                  <span className="font-medium text-slate-900">{row.username}</span>
                  {mine ? <span className="ml-2 rounded bg-emerald-100 px-1.5 py-0.5 text-xs text-emerald-800">{t('ranking.you')}</span> : null}
                  <span className="block text-xs text-slate-500 sm:hidden">
                    {row.exact} · {row.goalDifference} · {row.winner} · {row.opposite}
                  </span>
                </td>
                <td className="px-3 py-3 text-right text-base font-bold tabular-nums text-slate-900">{row.points}</td>
                <td className="hidden px-2 py-3 text-right tabular-nums sm:table-cell">{row.exact}</td>
                <td className="hidden px-2 py-3 text-right tabular-nums sm:table-cell">{row.goalDifference}</td>
                <td className="hidden px-2 py-3 text-right tabular-nums sm:table-cell">{row.winner}</td>
                <td className="hidden px-3 py-3 text-right tabular-nums sm:table-cell">{row.opposite}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="border-t border-slate-100 px-3 py-2 text-xs text-slate-500">{t('ranking.legend')}</p>
    </div>
  );
}
