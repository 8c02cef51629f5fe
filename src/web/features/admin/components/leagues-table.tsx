/**
 * The leagues as a table (screens 1280 px wide or more), sorted by the API: each league's facts and
 * actions, and the outcome of its "Sync now" on a row under it.
 */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminLeague } from '../../../../contracts/admin';
import { useSyncNow, type LeaguesQuery } from '../api/leagues';
import { leaguePath } from '../lib/sections';
import { ActiveBadge } from './active-badge';
import { ActiveToggle } from './active-toggle';
import { AdminTable, type AdminColumn } from './admin-table';
import { LastSync } from './last-sync';
import { MatchCount } from './match-count';
import { ReplayBadge } from '../../leagues/components/replay-badge';
import { SourceLabel } from './source-label';
import { SyncNowButton } from './sync-now-button';
import { SyncOutcome } from './sync-outcome';

type Sync = ReturnType<typeof useSyncNow>;

/** A row's "Sync now", shared by its button and the outcome row under it. */
const useRowSync = (league: AdminLeague) => useSyncNow(league.id);

/** The table of `leagues`, sorted as `query` says; `onSort` re-sorts. */
export function LeaguesTable({ leagues, query, onSort, now }: {
  leagues: AdminLeague[]; query: LeaguesQuery; onSort: (sort: LeaguesQuery['sort'], order: LeaguesQuery['order']) => void; now: number;
}) {
  const { t } = useTranslation();
  const small = 'whitespace-nowrap px-2.5 py-1.5 text-xs';
  const columns: AdminColumn<AdminLeague, Sync, LeaguesQuery['sort']>[] = [
    {
      header: t('admin.leagues.columns.name'), sort: 'name', rowHeader: true, className: 'min-w-40',
      cell: (league) => (
        <>
          <Link to={leaguePath(league.id)} className="font-semibold text-emerald-800 underline-offset-2 hover:underline">{league.name}</Link>
          <span className="mt-0.5 flex flex-wrap items-center gap-1.5 text-xs text-slate-600">{t(`admin.kind.${league.kind}`)}{league.replay ? <ReplayBadge /> : null}</span>
        </>
      ),
    },
    { header: t('admin.leagues.columns.season'), sort: 'season', className: 'whitespace-nowrap', cell: (league) => league.season },
    { header: t('admin.leagues.columns.source'), className: 'text-xs', cell: (league) => <SourceLabel league={league} /> },
    { header: t('admin.leagues.columns.active'), cell: (league) => <ActiveBadge active={league.active} /> },
    { header: t('admin.leagues.columns.matches'), sort: 'matches', numeric: true, cell: (league) => <MatchCount league={league} /> },
    { header: t('admin.leagues.columns.groups'), sort: 'groups', numeric: true, cell: (league) => league.groups },
    {
      header: t('admin.leagues.columns.lastSync'), className: 'min-w-48',
      cell: (league) => (league.replay ? <span className="text-xs text-slate-600">{t('adminReplay.byClock')}</span>
        : league.source === 'manual' ? <span className="text-xs text-slate-600">{t('admin.sync.manual')}</span> : <LastSync run={league.lastRun} now={now} clamp />),
    },
    {
      header: t('admin.leagues.columns.actions'), hidden: true,
      cell: (league, sync) => (
        <div className="flex flex-col items-stretch gap-1.5">
          <ActiveToggle league={league} className={small} />
          {league.source === 'manual' ? null : <SyncNowButton league={league} sync={sync} className={small} />}
        </div>
      ),
    },
  ];
  return (
    <AdminTable label={t('admin.sections.leagues')} columns={columns} rows={leagues} query={query} onSort={onSort}
      useRowState={useRowSync} muted={(league) => !league.active}
      detail={(_league, sync) => (sync.isSuccess || sync.isError ? <SyncOutcome sync={sync} /> : null)} />
  );
}
