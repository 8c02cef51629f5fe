/** One league as a card (screens narrower than 1280 px): name, season, source, counts, last sync and actions. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminLeague } from '../../../../contracts/admin';
import { useSyncNow } from '../api/leagues';
import { leaguePath } from '../lib/sections';
import { ActiveBadge } from './active-badge';
import { ActiveToggle } from './active-toggle';
import { LastSync } from './last-sync';
import { MatchCount } from './match-count';
import { ReplayBadge } from '../../leagues/components/replay-badge';
import { SourceLabel } from './source-label';
import { SyncNowButton } from './sync-now-button';
import { SyncOutcome } from './sync-outcome';

/** The card of `league` (a list item). */
export function LeagueCard({ league, now }: { league: AdminLeague; now: number }) {
  const { t } = useTranslation();
  const sync = useSyncNow(league.id);
  return (
    <li className="min-w-0 space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-base font-semibold">
            <Link to={leaguePath(league.id)} className="text-emerald-800 underline-offset-2 hover:underline">{league.name}</Link>
          </h2>
          <p className="flex flex-wrap items-center gap-x-1.5 text-sm text-slate-600">{league.season} · {t(`admin.kind.${league.kind}`)}{league.replay ? <ReplayBadge /> : null}</p>
        </div>
        <ActiveBadge active={league.active} />
      </div>
      <dl className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm">
        <div className="col-span-2 min-w-0">
          <dt className="text-xs text-slate-600">{t('admin.leagues.columns.source')}</dt>
          <dd className="text-slate-900"><SourceLabel league={league} /></dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-600">{t('admin.leagues.columns.matches')}</dt>
          <dd className="text-slate-900"><MatchCount league={league} /></dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs text-slate-600">{t('admin.leagues.columns.groups')}</dt>
          <dd className="tabular-nums text-slate-900">{league.groups}</dd>
        </div>
        <div className="col-span-2 min-w-0">
          <dt className="text-xs text-slate-600">{t('admin.leagues.columns.lastSync')}</dt>
          <dd className="mt-0.5">
            {league.replay ? <span className="text-slate-600">{t('adminReplay.byClock')}</span>
              : league.source === 'manual' ? <span className="text-slate-600">{t('admin.sync.manual')}</span> : <LastSync run={league.lastRun} now={now} />}
          </dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        <ActiveToggle league={league} className="flex-1" />
        {league.source === 'manual' ? null : <SyncNowButton league={league} sync={sync} className="flex-1" />}
      </div>
      <SyncOutcome sync={sync} />
    </li>
  );
}
