/**
 * /admin/groups: every group, searched by its name, its league's or its owner's as you type
 * (debounced), sorted, 50 a page — a table from 1280 px, cards below — each leading to the group's
 * admin page. Search, sort and page are in the address (?q=&sort=&order=&page=).
 */
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/card';
import { GroupCards } from './group-cards';
import { GROUP_DEFAULT_SORT, GROUP_SORTS, useAdminGroups, type GroupSort } from './groups-api';
import { GroupsTable } from './groups-table';
import { useListAddress } from '../lib/list-address';
import { ListBody } from '../components/list-body';
import { ListToolbar } from '../components/list-toolbar';
import { sortChoices } from '../lib/sort-choices';

/** The groups screen. */
export function GroupsScreen() {
  const { t } = useTranslation();
  const list = useListAddress<GroupSort>(GROUP_SORTS, GROUP_DEFAULT_SORT);
  const { query } = list;
  const groups = useAdminGroups(query);
  const rows = groups.data?.groups ?? [];
  return (
    <div className="space-y-4">
      <PageTitle>{t('admin.sections.groups')}</PageTitle>
      <ListToolbar text={list.text} onText={list.setText} searchLabel={t('adminGroups.search')} placeholder={t('adminGroups.searchPlaceholder')}
        sortLabel={t('adminGroups.sortBy')} sorts={sortChoices(t, 'adminGroups', GROUP_SORTS)} current={`${query.sort}:${query.order}`}
        onSort={(sort, order) => list.sortBy(sort as GroupSort, order)} />
      <ListBody result={groups} rows={rows.length} onPage={list.goTo}
        count={t('adminGroups.total', { count: groups.data?.total ?? 0 })}
        empty={query.search ? t('adminGroups.noMatch', { search: query.search }) : t('adminGroups.none')}
        loadError={t('adminGroups.loadError')}
        table={<GroupsTable groups={rows} query={query} onSort={list.sortBy} />}
        cards={<GroupCards groups={rows} />} />
    </div>
  );
}
