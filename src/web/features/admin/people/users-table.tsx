/** The people as a table with sortable headings (screens 1280 px wide or more). */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '../../../../contracts/admin';
import type { ListQuery } from './list-address';
import { adminUserPath } from './paths';
import { Pill } from './pill';
import { SortHeader } from '../components/sort-header';
import { AgoText, DateText } from './time-text';
import { AccessBadge, ConfirmedBadge, RoleBadge } from './user-badges';
import type { UserSort } from './users-api';

/** The table of `users`, sorted as `query` says; `onSort` re-sorts; `meId` marks the viewer's own row. */
export function UsersTable({ users, query, onSort, now, meId }: {
  users: AdminUser[]; query: ListQuery<UserSort>; onSort: (sort: UserSort, order: 'asc' | 'desc') => void; now: number; meId: string | undefined;
}) {
  const { t } = useTranslation();
  const plain = 'py-2 px-2 font-semibold uppercase';
  const cell = 'px-2 py-3 align-top';
  return (
    // The page wraps long words anywhere (styles.css); here that would squeeze the columns to a letter wide.
    <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 [overflow-wrap:normal]">
      <table className="w-full text-left text-sm text-slate-800">
        <caption className="sr-only">{t('admin.sections.users')}</caption>
        <thead className="bg-slate-50 text-xs text-slate-600">
          <tr>
            <SortHeader column="username" label={t('adminUsers.columns.username')} query={query} onSort={onSort} className="pl-4 pr-2" />
            <SortHeader column="email" label={t('adminUsers.columns.email')} query={query} onSort={onSort} />
            <th scope="col" className={plain}>{t('adminUsers.columns.role')}</th>
            <th scope="col" className={plain}>{t('adminUsers.columns.status')}</th>
            <th scope="col" className={`${plain} text-right`}>{t('adminUsers.columns.groups')}</th>
            <SortHeader column="createdAt" label={t('adminUsers.columns.joined')} query={query} onSort={onSort} />
            <SortHeader column="lastSignInAt" label={t('adminUsers.columns.lastSignIn')} query={query} onSort={onSort} className="pl-2 pr-4" />
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {users.map((user) => (
            <tr key={user.id} className={user.disabled ? 'bg-slate-50' : undefined}>
              <th scope="row" className="min-w-40 py-3 pl-4 pr-2 text-left align-top font-normal">
                <Link to={adminUserPath(user.id)} className="font-semibold text-emerald-800 underline-offset-2 hover:underline">{user.username}</Link>
                {user.id === meId ? <span className="ml-1.5 align-middle"><Pill tone="blue">{t('adminUsers.you')}</Pill></span> : null}
                <span className="block max-w-56 truncate text-xs text-slate-600" title={user.fullName}>{user.fullName}</span>
              </th>
              <td className={`${cell} max-w-72`}>
                <span className="block truncate" title={user.email}>{user.email}</span>
                <span className="mt-1 block"><ConfirmedBadge confirmed={user.emailVerified} /></span>
              </td>
              <td className={cell}><RoleBadge role={user.role} /></td>
              <td className={cell}><AccessBadge disabled={user.disabled} /></td>
              <td className={`${cell} text-right tabular-nums`}>{user.groups}</td>
              <td className={cell}><DateText iso={user.createdAt} /></td>
              <td className="py-3 pl-2 pr-4 align-top"><AgoText iso={user.lastSignInAt} now={now} none={t('adminUsers.noSession')} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
