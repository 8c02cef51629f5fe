/** The groups as a table (screens 1280 px wide or more): the columns of the admin table, sorted by the API. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminGroup } from '../../../../contracts/admin';
import { AdminTable, type AdminColumn } from '../components/admin-table';
import type { ListQuery } from '../lib/list-address';
import { GroupStatusBadge, VisibilityBadge } from './group-badges';
import type { GroupSort } from './groups-api';
import { adminGroupPath } from './paths';
import { DateText } from './time-text';

/** The table of `groups`, sorted as `query` says; `onSort` re-sorts. */
export function GroupsTable({ groups, query, onSort }: {
  groups: AdminGroup[]; query: ListQuery<GroupSort>; onSort: (sort: GroupSort, order: 'asc' | 'desc') => void;
}) {
  const { t } = useTranslation();
  const columns: AdminColumn<AdminGroup, undefined, GroupSort>[] = [
    {
      header: t('adminGroups.columns.name'), sort: 'name', rowHeader: true, className: 'min-w-48 max-w-80',
      cell: (group) => <Link to={adminGroupPath(group.id)} className="font-semibold text-emerald-800 underline-offset-2 [overflow-wrap:anywhere] hover:underline">{group.name}</Link>,
    },
    { header: t('adminGroups.columns.league'), className: 'max-w-56', cell: (group) => group.leagueName },
    { header: t('adminGroups.columns.owner'), cell: (group) => group.owner ?? <span className="text-slate-600">{t('adminGroups.noOwner')}</span> },
    { header: t('adminGroups.columns.members'), sort: 'members', numeric: true, cell: (group) => group.members },
    { header: t('adminGroups.columns.visibility'), cell: (group) => <VisibilityBadge visibility={group.visibility} /> },
    { header: t('adminGroups.columns.status'), cell: (group) => <GroupStatusBadge status={group.status} /> },
    { header: t('adminGroups.columns.created'), sort: 'createdAt', cell: (group) => <DateText iso={group.createdAt} /> },
  ];
  return <AdminTable label={t('admin.sections.groups')} columns={columns} rows={groups} query={query} onSort={onSort} muted={(group) => group.status !== 'active'} />;
}
