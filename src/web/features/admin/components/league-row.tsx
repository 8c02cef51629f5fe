/** One league in the wide table: its columns, its actions, and the outcome of "Sync now" on a row of its own. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminLeague } from '../../../../contracts/admin';
import { useSyncNow } from '../api/leagues';
import { leaguePath } from '../lib/sections';
import { ActiveBadge } from './active-badge';
import { ActiveToggle } from './active-toggle';
import { LastSync } from './last-sync';
import { MatchCount } from './match-count';
import { SourceLabel } from './source-label';
import { SyncNowButton } from './sync-now-button';
import { SyncOutcome } from './sync-outcome';

/** The table row(s) of `league`; `columns` is the table's column count (for the outcome row). */
export function LeagueRow({ league, now, columns }: { league: AdminLeague; now: number; columns: number }) {
  const { t } = useTranslation();
  const sync = useSyncNow(league.id);
  const cell = 'px-2 py-3 align-top';
  const first = 'pl-4 pr-2 py-3 align-top';
  const last = 'pl-2 pr-4 py-3 align-top';
  return (
    <>
      <tr className={league.active ? undefined : 'bg-slate-50'}>
        <th scope="row" className={`${first} min-w-40 text-left font-normal`}>
          <Link to={leaguePath(league.id)} className="font-semibold text-emerald-800 underline-offset-2 hover:underline">{league.name}</Link>
          <span className="block text-xs text-slate-600">{t(`admin.kind.${league.kind}`)}</span>
        </th>
        <td className={`${cell} whitespace-nowrap`}>{league.season}</td>
        <td className={`${cell} text-xs`}><SourceLabel league={league} /></td>
        <td className={cell}><ActiveBadge active={league.active} /></td>
        <td className={`${cell} text-right`}><MatchCount league={league} /></td>
        <td className={`${cell} text-right tabular-nums`}>{league.groups}</td>
        <td className={`${cell} min-w-48`}>{league.source === 'manual' ? <span className="text-xs text-slate-600">{t('admin.sync.manual')}</span> : <LastSync run={league.lastRun} now={now} clamp />}</td>
        <td className={last}>
          <div className="flex flex-col items-stretch gap-1.5">
            <ActiveToggle league={league} className="whitespace-nowrap px-2.5 py-1.5 text-xs" />
            {league.source === 'manual' ? null : <SyncNowButton league={league} sync={sync} className="whitespace-nowrap px-2.5 py-1.5 text-xs" />}
          </div>
        </td>
      </tr>
      {sync.isSuccess || sync.isError ? (
        <tr>
          <td colSpan={columns} className="px-4 pb-3"><SyncOutcome sync={sync} /></td>
        </tr>
      ) : null}
    </>
  );
}
