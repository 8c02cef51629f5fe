/**
 * /admin/standings: a league picked from a select (kept in the address, ?league=), its tables computed
 * from the results beside the provider's own (stacked below 1280 px), and for a linked league "Refresh
 * provider standings". Without provider tables a line says the tables are computed from the results.
 */
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle, Spinner } from '../../../components/ui/card';
import { SelectField } from '../../../components/ui/field';
import { LoadError } from '../../../components/ui/load-error';
import { useNow } from '../hooks/use-now';
import { formatAgo, formatDateTime } from '../lib/format-time';
import { isUuid } from '../../../lib/uuid';
import { useLeagueOptions } from '../fixtures/league-options';
import { leagueLabel } from '../../leagues/league-label';
import { ComputedTables } from './computed-tables';
import { ProviderTables } from './provider-tables';
import { RefreshStandings } from './refresh-standings';
import { useAdminStandings } from './standings-api';

/** The standings screen. */
export function StandingsScreen() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const picked = params.get('league') ?? '';
  const leagueId = isUuid(picked) ? picked.toLowerCase() : null;
  const leagues = useLeagueOptions();
  const standings = useAdminStandings(leagueId);
  const now = useNow();
  const league = leagues.data?.find((l) => l.id === leagueId);

  const pick = (id: string) => setParams((current) => {
    const next = new URLSearchParams(current);
    if (id) next.set('league', id);
    else next.delete('league');
    return next;
  }, { replace: true });

  const data = standings.data;
  const provider = data?.provider ?? null;
  const hasProviderTables = provider !== null && provider.tables.length > 0;
  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <PageTitle>{t('admin.sections.standings')}</PageTitle>
        <p className="text-sm text-slate-600">{t('adminStandings.intro')}</p>
      </div>
      <div className="max-w-md">
        <SelectField label={t('adminStandings.league')} value={leagueId ?? ''} onChange={(event) => pick(event.target.value)}>
          <option value="">{t('adminStandings.choose')}</option>
          {leagueId && !league ? <option value={leagueId}>{leagues.isPending ? t('app.loading') : t('adminFixtures.filters.unknownLeague')}</option> : null}
          {leagues.data?.map((l) => <option key={l.id} value={l.id}>{leagueLabel(l)}</option>)}
        </SelectField>
      </div>
      {league && league.source !== 'manual' ? <RefreshStandings key={league.id} leagueId={league.id} /> : null}
      {leagues.isError ? <LoadError label={t('adminStandings.leaguesError')} error={leagues.error} onRetry={() => void leagues.refetch()} /> : null}
      {leagues.data && leagues.data.length === 0 ? <p className="text-slate-700">{t('adminStandings.noLeagues')}</p> : null}
      {!leagueId && leagues.data && leagues.data.length > 0 ? (
        <p className="rounded-2xl bg-white p-5 text-slate-700 shadow-sm ring-1 ring-slate-200">{t('adminStandings.pick')}</p>
      ) : null}
      {leagueId && standings.isPending ? <Spinner label={t('app.loading')} /> : null}
      {standings.isError ? <LoadError label={t('adminStandings.loadError')} error={standings.error} onRetry={() => void standings.refetch()} /> : null}
      {data ? (
        <div className={`grid gap-6 xl:items-start ${hasProviderTables ? 'xl:grid-cols-2' : 'max-w-3xl'}`}>
          <section aria-labelledby="standings-computed" className="min-w-0 space-y-3">
            <h2 id="standings-computed" className="text-lg font-semibold text-slate-900">{t('adminStandings.computed')}</h2>
            {hasProviderTables ? null : <p className="text-sm text-slate-600">{t('adminStandings.computedOnly')}</p>}
            <ComputedTables standings={data.computed} />
          </section>
          {hasProviderTables ? (
            <section aria-labelledby="standings-provider" className="min-w-0 space-y-3">
              <div>
                <h2 id="standings-provider" className="text-lg font-semibold text-slate-900">{t('adminStandings.provider')}</h2>
                <p className="text-sm text-slate-600">
                  <time dateTime={provider.fetchedAt} title={formatDateTime(provider.fetchedAt, i18n.language)}>{t('adminStandings.fetched', { ago: formatAgo(provider.fetchedAt, now, i18n.language) })}</time>
                </p>
              </div>
              <ProviderTables tables={provider.tables} />
            </section>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
