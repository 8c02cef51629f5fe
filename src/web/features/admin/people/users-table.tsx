/** The people as a table (screens 1280 px wide or more): the columns of the admin table, sorted by the API. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '../../../../contracts/admin';
import { AdminTable, type AdminColumn } from '../components/admin-table';
import type { ListQuery } from '../lib/list-address';
import { adminUserPath } from './paths';
import { Pill } from './pill';
import { AgoText, DateText } from './time-text';
import { AccessBadge, ConfirmedBadge, RoleBadge } from './user-badges';
import type { UserSort } from './users-api';

/** The table of `users`, sorted as `query` says; `onSort` re-sorts; `meId` marks the viewer's own row. */
export function UsersTable({ users, query, onSort, now, meId }: {
  users: AdminUser[]; query: ListQuery<UserSort>; onSort: (sort: UserSort, order: 'asc' | 'desc') => void; now: number; meId: string | undefined;
}) {
  const { t } = useTranslation();
  const columns: AdminColumn<AdminUser, undefined, UserSort>[] = [
    {
      header: t('adminUsers.columns.username'), sort: 'username', rowHeader: true, className: 'min-w-40',
      cell: (user) => (
        <>
          <Link to={adminUserPath(user.id)} className="font-semibold text-emerald-800 underline-offset-2 hover:underline">{user.username}</Link>
          {user.id === meId ? <span className="ml-1.5 align-middle"><Pill tone="blue">{t('adminUsers.you')}</Pill></span> : null}
          <span className="block max-w-56 truncate text-xs text-slate-600" title={user.fullName}>{user.fullName}</span>
        </>
      ),
    },
    {
      header: t('adminUsers.columns.email'), sort: 'email', className: 'max-w-72',
      cell: (user) => (
        <>
          <span className="block truncate" title={user.email}>{user.email}</span>
          <span className="mt-1 block"><ConfirmedBadge confirmed={user.emailVerified} /></span>
        </>
      ),
    },
    { header: t('adminUsers.columns.role'), cell: (user) => <RoleBadge role={user.role} /> },
    { header: t('adminUsers.columns.status'), cell: (user) => <AccessBadge disabled={user.disabled} /> },
    { header: t('adminUsers.columns.groups'), numeric: true, cell: (user) => user.groups },
    { header: t('adminUsers.columns.joined'), sort: 'createdAt', cell: (user) => <DateText iso={user.createdAt} /> },
    { header: t('adminUsers.columns.lastSignIn'), sort: 'lastSignInAt', cell: (user) => <AgoText iso={user.lastSignInAt} now={now} none={t('adminUsers.noSession')} /> },
  ];
  return <AdminTable label={t('admin.sections.users')} columns={columns} rows={users} query={query} onSort={onSort} muted={(user) => user.disabled} />;
}
