/**
 * The podium: the members ranked 1 to 3 with their avatars' initials and points; ties share a step. Under
 * it, its share actions (a picture of it, the group's link).
 */
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GroupStatsResponse } from '../../../../contracts/stats';
import { Medal } from '../../../components/ui/medal';
import { PodiumShare } from '../../share/components/podium-share';

/** Podium steps (2nd, 1st, 3rd from left to right, as on a real podium), then its share actions. */
export function Podium({ podium, names }: { podium: GroupStatsResponse['podium']; names: Map<string, string> }) {
  const { t } = useTranslation();
  const { groupId } = useParams();
  const step = (rank: number) => podium.filter((row) => row.rank === rank);
  const heights: Record<number, string> = { 1: 'h-28', 2: 'h-20', 3: 'h-14' };
  return (
    <>
      <ol className="grid grid-cols-3 items-end gap-2" aria-label={t('stats.podium')}>
        {[2, 1, 3].map((rank) => {
          const rows = step(rank);
          return (
            <li key={rank} className="flex min-w-0 flex-col items-center text-center">
              {rows.length > 0 ? (
                <>
                  <Medal rank={rank} label={t('stats.place', { count: rank, ordinal: true })} size={28} />
                  {rows.map((row) => (
                    <span key={row.userId} className="mt-1 block w-full truncate text-sm font-semibold text-slate-900">{names.get(row.userId)}</span>
                  ))}
                  <span className="text-xs text-slate-600">{t('stats.points', { count: rows[0]!.points })}</span>
                </>
              ) : null}
              <div className={`mt-2 w-full rounded-t-xl ${rank === 1 ? 'bg-emerald-600' : 'bg-emerald-200'} ${heights[rank]}`} aria-hidden />
            </li>
          );
        })}
      </ol>
      {groupId && podium.length > 0 ? <PodiumShare groupId={groupId} podium={podium} names={names} /> : null}
    </>
  );
}
