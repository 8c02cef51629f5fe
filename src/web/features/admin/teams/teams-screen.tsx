/**
 * /admin/teams: every team by name, searched in names, codes and other names as you type (debounced),
 * 50 a page — a table from 1280 px, cards below — each with "Edit": its fields and its other names
 * (through which every provider's name of a team meets the same team). Search and page are in the address.
 */
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/card';
import { useListAddress } from '../lib/list-address';
import { ListBody } from '../components/list-body';
import { ListToolbar } from '../components/list-toolbar';
import { TeamCards } from './team-cards';
import { TeamsTable } from './teams-table';
import { useAdminTeams, type TeamSort } from './teams-api';

const SORTS = ['name'] as const;

/** The teams screen. */
export function TeamsScreen() {
  const { t } = useTranslation();
  const list = useListAddress<TeamSort>(SORTS, { sort: 'name', order: 'asc' });
  const teams = useAdminTeams(list.query);
  const rows = teams.data?.teams ?? [];
  return (
    <div className="space-y-4">
      <PageTitle>{t('admin.sections.teams')}</PageTitle>
      <p className="text-sm text-slate-600">{t('adminTeams.intro')}</p>
      <ListToolbar text={list.text} onText={list.setText} searchLabel={t('adminTeams.search')} placeholder={t('adminTeams.searchPlaceholder')} />
      <ListBody result={teams} rows={rows.length} onPage={list.goTo}
        count={t('adminTeams.total', { count: teams.data?.total ?? 0 })}
        empty={list.query.search ? t('adminTeams.noMatch', { search: list.query.search }) : t('adminTeams.none')}
        loadError={t('adminTeams.loadError')}
        table={<TeamsTable teams={rows} />}
        cards={<TeamCards teams={rows} />} />
    </div>
  );
}
