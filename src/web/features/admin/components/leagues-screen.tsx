/**
 * /admin/leagues: every league, searched as you type (debounced), sorted, 50 a page — a table from
 * 1280 px, cards below — with "New league", and per league activate/deactivate and "Sync now"; above
 * them "Replay a tournament" and the replays (features/admin/replays). Search,
 * sort and page are in the address (?q=&sort=&order=&page=), so the list comes back as it was.
 */
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/card';
import { useAdminLeagues, type LeaguesQuery } from '../api/leagues';
import { useNow } from '../hooks/use-now';
import { useListAddress } from '../lib/list-address';
import { sortChoices } from '../lib/sort-choices';
import { LeagueCards } from './league-cards';
import { LeaguesTable } from './leagues-table';
import { ListBody } from './list-body';
import { ListToolbar } from './list-toolbar';
import { NewLeagueDialog } from './new-league-dialog';
import { NewReplayDialog } from '../replays/new-replay-dialog';
import { ReplaysSection } from '../replays/replays-section';

/** The sorts GET /api/admin/leagues takes. */
const SORTS: readonly LeaguesQuery['sort'][] = ['name', 'season', 'matches', 'groups'];

/** The leagues screen. */
export function LeaguesScreen() {
  const { t } = useTranslation();
  const list = useListAddress<LeaguesQuery['sort']>(SORTS, { sort: 'name', order: 'asc' });
  const { query } = list;
  const leagues = useAdminLeagues(query);
  const now = useNow();
  const rows = leagues.data?.leagues ?? [];
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <PageTitle>{t('admin.sections.leagues')}</PageTitle>
        <div className="flex flex-wrap gap-2">
          <NewReplayDialog />
          <NewLeagueDialog />
        </div>
      </div>
      <ReplaysSection />
      <ListToolbar text={list.text} onText={list.setText} searchLabel={t('admin.leagues.search')} placeholder={t('admin.leagues.searchPlaceholder')}
        sortLabel={t('admin.leagues.sortBy')} sorts={sortChoices(t, 'admin.leagues', SORTS)} current={`${query.sort}:${query.order}`}
        onSort={(sort, order) => list.sortBy(sort as LeaguesQuery['sort'], order)} />
      <ListBody result={leagues} rows={rows.length} onPage={list.goTo}
        count={t('admin.leagues.total', { count: leagues.data?.total ?? 0 })}
        empty={query.search ? t('admin.leagues.noMatch', { search: query.search }) : t('admin.leagues.none')}
        loadError={t('admin.leagues.loadError')}
        table={<LeaguesTable leagues={rows} query={query} onSort={list.sortBy} now={now} />}
        cards={<LeagueCards leagues={rows} now={now} />} />
    </div>
  );
}
