/** The groups as a table with sortable headings (screens 1280 px wide or more). */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminGroup } from '../../../../contracts/admin';
import { GroupStatusBadge, VisibilityBadge } from './group-badges';
import type { GroupSort } from './groups-api';
import type { ListQuery } from './list-address';
import { adminGroupPath } from './paths';
import { SortHeader } from '../components/sort-header';
import { DateText } from './time-text';

/** The table of `groups`, sorted as `query` says; `onSort` re-sorts. */
export function GroupsTable({ groups, query, onSort }: {
  groups: AdminGroup[]; query: ListQuery<GroupSort>; onSort: (sort: GroupSort, order: 'asc' | 'desc') => void;
}) {
  const { t } = useTranslation();
  const plain = 'py-2 px-2 font-semibold uppercase';
  const cell = 'px-2 py-3 align-top';
  return (
    // The page wraps long words anywhere (styles.css); here that would squeeze the columns to a letter wide.
    <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 [overflow-wrap:normal]">
      <table className="w-full text-left text-sm text-slate-800">
        <caption className="sr-only">{t('admin.sections.groups')}</caption>
        <thead className="bg-slate-50 text-xs text-slate-600">
          <tr>
            <SortHeader column="name" label={t('adminGroups.columns.name')} query={query} onSort={onSort} className="pl-4 pr-2" />
            <th scope="col" className={plain}>{t('adminGroups.columns.league')}</th>
            <th scope="col" className={plain}>{t('adminGroups.columns.owner')}</th>
            <SortHeader column="members" label={t('adminGroups.columns.members')} query={query} onSort={onSort} className="px-2 text-right" />
            <th scope="col" className={plain}>{t('adminGroups.columns.visibility')}</th>
            <th scope="col" className={plain}>{t('adminGroups.columns.status')}</th>
            <SortHeader column="createdAt" label={t('adminGroups.columns.created')} query={query} onSort={onSort} className="pl-2 pr-4" />
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {groups.map((group) => (
            <tr key={group.id} className={group.status === 'active' ? undefined : 'bg-slate-50'}>
              <th scope="row" className="min-w-48 max-w-80 py-3 pl-4 pr-2 text-left align-top font-normal">
                <Link to={adminGroupPath(group.id)} className="font-semibold text-emerald-800 underline-offset-2 [overflow-wrap:anywhere] hover:underline">{group.name}</Link>
              </th>
              <td className={`${cell} max-w-56`}>{group.leagueName}</td>
              <td className={cell}>{group.owner ?? <span className="text-slate-600">{t('adminGroups.noOwner')}</span>}</td>
              <td className={`${cell} text-right tabular-nums`}>{group.members}</td>
              <td className={cell}><VisibilityBadge visibility={group.visibility} /></td>
              <td className={cell}><GroupStatusBadge status={group.status} /></td>
              <td className="py-3 pl-2 pr-4 align-top"><DateText iso={group.createdAt} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
