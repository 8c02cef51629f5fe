/**
 * /admin/leagues: every league, searched as you type (debounced), sorted, 50 a page — a table from
 * 1280 px, cards below — with "New league", and per league activate/deactivate and "Sync now". Search,
 * sort and page are in the address (?q=&sort=&order=&page=), so the list comes back as it was.
 */
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle, Spinner } from '../../../components/ui/card';
import { LoadError } from '../../../components/ui/load-error';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useAdminLeagues, type LeaguesQuery } from '../api/leagues';
import { useNow } from '../hooks/use-now';
import { LeagueCards } from './league-cards';
import { LeaguesTable } from './leagues-table';
import { LeaguesToolbar } from './leagues-toolbar';
import { NewLeagueDialog } from './new-league-dialog';
import { Pagination } from './pagination';

const SORTS = ['name', 'season', 'matches', 'groups'] as const;

/** The list's query from the address, with the API's defaults for what is missing or wrong. */
function readQuery(params: URLSearchParams): LeaguesQuery {
  const sort = params.get('sort');
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return {
    search: (params.get('q') ?? '').trim().slice(0, 100),
    sort: (SORTS as readonly string[]).includes(sort ?? '') ? (sort as LeaguesQuery['sort']) : 'name',
    order: params.get('order') === 'desc' ? 'desc' : 'asc',
    page: Number.isFinite(page) && page >= 1 ? Math.min(page, 10_000) : 1,
  };
}

/** The leagues screen. */
export function LeaguesScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const leagues = useAdminLeagues(query);
  const now = useNow();
  const [text, setText] = useState(query.search);
  const settled = useDebouncedValue(text.trim().slice(0, 100), 300);

  const change = (edit: (next: URLSearchParams) => void) => setParams((current) => {
    const next = new URLSearchParams(current);
    edit(next);
    return next;
  }, { replace: true });

  // The search, once typing pauses, goes into the address (back to page 1).
  useEffect(() => {
    if (settled === query.search) return;
    change((next) => {
      if (settled) next.set('q', settled);
      else next.delete('q');
      next.delete('page');
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new settled text moves the address
  }, [settled]);

  const sortBy = (sort: LeaguesQuery['sort'], order: LeaguesQuery['order']) => change((next) => {
    next.set('sort', sort);
    next.set('order', order);
    next.delete('page');
  });
  const goTo = (page: number) => {
    change((next) => next.set('page', String(page)));
    window.scrollTo({ top: 0 });
  };

  const data = leagues.data;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageTitle>{t('admin.sections.leagues')}</PageTitle>
        <NewLeagueDialog />
      </div>
      <LeaguesToolbar text={text} onText={setText} query={query} onSort={sortBy} />
      <p role="status" className="text-sm text-slate-600">
        {data ? t('admin.leagues.total', { count: data.total }) : ''}
      </p>
      {leagues.isPending ? <Spinner label={t('app.loading')} /> : null}
      {leagues.isError && !data ? <LoadError label={t('admin.leagues.loadError')} error={leagues.error} onRetry={() => void leagues.refetch()} /> : null}
      {data && data.leagues.length === 0 ? (
        <div className="rounded-2xl bg-white p-5 text-slate-700 shadow-sm ring-1 ring-slate-200">
          {query.search ? t('admin.leagues.noMatch', { search: query.search }) : t('admin.leagues.none')}
        </div>
      ) : null}
      {data && data.leagues.length > 0 ? (
        <div aria-busy={leagues.isPlaceholderData} className={`space-y-4 transition-opacity ${leagues.isPlaceholderData ? 'opacity-60' : ''}`}>
          <div className="hidden xl:block"><LeaguesTable leagues={data.leagues} query={query} onSort={sortBy} now={now} /></div>
          <div className="xl:hidden"><LeagueCards leagues={data.leagues} now={now} /></div>
        </div>
      ) : null}
      {data ? <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={goTo} /> : null}
    </div>
  );
}
