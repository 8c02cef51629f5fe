/**
 * /admin/leagues/:leagueId: a league's fields, activate/deactivate, "Sync now" with its outcome, the
 * name and time-zone edit, and its sync runs (refreshed every 2 s while the newest is running). An
 * address whose id is not a UUID says 'Invalid League ID.' without asking the server.
 */
import { Link, useParams } from 'react-router';
import { useIsMutating } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert, PageTitle, Spinner } from '../../../components/ui/card';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { syncNowKey, useAdminLeague, useSyncNow, useSyncRuns } from '../api/leagues';
import { errorText } from '../../../lib/error-text';
import { sectionPath } from '../lib/sections';
import { isUuid } from '../../../lib/uuid';
import { ActiveToggle } from './active-toggle';
import { LeagueEditForm } from './league-edit-form';
import { LeagueFacts } from './league-facts';
import { LeagueLinkForm } from './league-link-form';
import { SourceLabel } from './source-label';
import { SyncNowButton } from './sync-now-button';
import { SyncOutcome } from './sync-outcome';
import { SyncRuns } from './sync-runs';

const panel = 'rounded-2xl bg-white shadow-sm ring-1 ring-slate-200';

/** "← All leagues". */
function BackLink() {
  const { t } = useTranslation();
  return (
    <Link to={sectionPath('leagues')} className="inline-flex items-center gap-1 rounded text-sm font-semibold text-emerald-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-600">
      <span aria-hidden="true">←</span> {t('admin.detail.back')}
    </Link>
  );
}

/** A league that cannot be shown: why, a way back, and a retry where it can help. */
function LeagueProblem({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-4">
      <BackLink />
      <PageTitle>{t('admin.sections.leagues')}</PageTitle>
      <Alert>{message}</Alert>
      {onRetry ? <Button variant="secondary" onClick={onRetry}>{t('app.retry')}</Button> : null}
    </div>
  );
}

/** The league detail screen. */
export function LeagueDetailScreen() {
  const { t } = useTranslation();
  const { leagueId = '' } = useParams();
  const valid = isUuid(leagueId);
  const league = useAdminLeague(leagueId, valid);
  const syncing = useIsMutating({ mutationKey: syncNowKey(leagueId) }) > 0;
  const runs = useSyncRuns(leagueId, valid && league.isSuccess, syncing);
  const sync = useSyncNow(leagueId);

  if (!valid) return <LeagueProblem message={t('admin.detail.invalidId')} />;
  if (league.isPending) return <Spinner label={t('app.loading')} />;
  if (league.isError) {
    const notFound = league.error instanceof ApiError && league.error.id === 'league_not_found';
    return <LeagueProblem message={notFound ? t('errors.league_not_found') : `${t('admin.detail.loadError')} ${errorText(t, league.error)}`}
      onRetry={notFound ? undefined : () => void league.refetch()} />;
  }
  const l = league.data;
  const newest = runs.data?.[0];
  return (
    <div className="space-y-5">
      <BackLink />
      <header className="space-y-1">
        <title>{`${l.name} · Palpite`}</title>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{l.name}</h1>
        <p className="text-sm text-slate-600">{l.season} · <SourceLabel league={l} /></p>
      </header>

      <div className="grid gap-5 lg:grid-cols-2 lg:items-start">
        <section aria-labelledby="league-facts" className={`${panel} space-y-4 p-4 sm:p-5`}>
          <h2 id="league-facts" className="text-lg font-semibold text-slate-900">{t('admin.detail.facts')}</h2>
          <LeagueFacts league={l} />
          <div className="flex flex-wrap gap-2">
            <ActiveToggle league={l} />
            {l.source === 'manual' ? null : <SyncNowButton league={l} sync={sync} />}
          </div>
          {l.source !== 'manual' && !l.active ? <p className="text-xs text-slate-600">{t('admin.sync.inactive')}</p> : null}
          <SyncOutcome sync={sync} />
        </section>
        <div className="space-y-5">
          <section aria-labelledby="league-edit" className={`${panel} space-y-4 p-4 sm:p-5`}>
            <h2 id="league-edit" className="text-lg font-semibold text-slate-900">{t('admin.detail.edit')}</h2>
            <LeagueEditForm key={`${l.name}|${l.sourceTimeZone ?? ''}`} league={l} />
          </section>
          {/* A replay's matches come from its clock: it has no source to link. */}
          {l.source === 'manual' && !l.replay ? (
            <section aria-labelledby="league-link" className={`${panel} space-y-4 p-4 sm:p-5`}>
              <h2 id="league-link" className="text-lg font-semibold text-slate-900">{t('admin.detail.link')}</h2>
              <LeagueLinkForm league={l} />
            </section>
          ) : null}
        </div>
      </div>

      <section aria-labelledby="league-runs" className={`${panel} overflow-hidden`}>
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-100 px-4 py-3 sm:px-5">
          <h2 id="league-runs" className="text-lg font-semibold text-slate-900">{t('admin.runs.title')}</h2>
          {newest?.status === 'running' ? <span className="text-xs text-slate-600">{t('admin.runs.refreshing')}</span> : null}
        </div>
        {runs.isPending ? <Spinner label={t('app.loading')} /> : null}
        {runs.isError ? <div className="p-4"><Alert>{`${t('admin.runs.loadError')} ${errorText(t, runs.error)}`}</Alert></div> : null}
        {runs.data && runs.data.length === 0 && l.source === 'manual'
          ? <p className="px-4 py-4 text-sm text-slate-600 sm:px-5">{t('admin.runs.manual')}</p>
          : runs.data ? <SyncRuns runs={runs.data} /> : null}
      </section>
    </div>
  );
}
