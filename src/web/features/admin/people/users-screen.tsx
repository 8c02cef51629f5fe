/**
 * /admin/users: everyone with an account, searched by email or username as you type (debounced),
 * sorted, 50 a page — a table from 1280 px, cards below — each leading to the person's page. Search,
 * sort and page are in the address (?q=&sort=&order=&page=), so the list comes back as it was.
 */
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/ui/card';
import { useMe } from '../../auth/api/me';
import { useNow } from '../hooks/use-now';
import { useListAddress } from '../lib/list-address';
import { ListBody } from '../components/list-body';
import { ListToolbar } from '../components/list-toolbar';
import { sortChoices } from '../lib/sort-choices';
import { UserCards } from './user-cards';
import { USER_DEFAULT_SORT, USER_SORTS, useAdminUsers, type UserSort } from './users-api';
import { UsersTable } from './users-table';

/** The people screen. */
export function UsersScreen() {
  const { t } = useTranslation();
  const list = useListAddress<UserSort>(USER_SORTS, USER_DEFAULT_SORT);
  const { query } = list;
  const users = useAdminUsers(query);
  const me = useMe();
  const now = useNow();
  const rows = users.data?.users ?? [];
  return (
    <div className="space-y-4">
      <PageTitle>{t('admin.sections.users')}</PageTitle>
      <ListToolbar text={list.text} onText={list.setText} searchLabel={t('adminUsers.search')} placeholder={t('adminUsers.searchPlaceholder')}
        sortLabel={t('adminUsers.sortBy')} sorts={sortChoices(t, 'adminUsers', USER_SORTS)} current={`${query.sort}:${query.order}`}
        onSort={(sort, order) => list.sortBy(sort as UserSort, order)} />
      <ListBody result={users} rows={rows.length} onPage={list.goTo}
        count={t('adminUsers.total', { count: users.data?.total ?? 0 })}
        empty={query.search ? t('adminUsers.noMatch', { search: query.search }) : t('adminUsers.none')}
        loadError={t('adminUsers.loadError')}
        table={<UsersTable users={rows} query={query} onSort={list.sortBy} now={now} meId={me.data?.id} />}
        cards={<UserCards users={rows} now={now} meId={me.data?.id} />} />
    </div>
  );
}
