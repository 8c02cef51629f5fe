/** The groups as cards (screens narrower than 1280 px): name, league, owner, members, visibility, status and creation day. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminGroup } from '../../../../contracts/admin';
import { GroupStatusBadge, VisibilityBadge } from './group-badges';
import { adminGroupPath } from './paths';
import { DateText } from './time-text';

/** The cards of `groups`. */
export function GroupCards({ groups }: { groups: AdminGroup[] }) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t('admin.sections.groups')} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {groups.map((group) => (
        <li key={group.id} className="min-w-0 space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <div className="min-w-0">
            <h2 className="text-base font-semibold [overflow-wrap:anywhere]">
              <Link to={adminGroupPath(group.id)} className="text-emerald-800 underline-offset-2 hover:underline">{group.name}</Link>
            </h2>
            <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{group.leagueName}</p>
          </div>
          <div className="flex flex-wrap gap-1.5">
            <GroupStatusBadge status={group.status} />
            <VisibilityBadge visibility={group.visibility} />
          </div>
          <dl className="grid grid-cols-[repeat(auto-fit,minmax(7rem,1fr))] gap-x-3 gap-y-2 text-sm">
            <div className="min-w-0">
              <dt className="text-xs text-slate-600">{t('adminGroups.columns.owner')}</dt>
              <dd className="text-slate-900 [overflow-wrap:anywhere]">{group.owner ?? <span className="text-slate-600">{t('adminGroups.noOwner')}</span>}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs text-slate-600">{t('adminGroups.columns.members')}</dt>
              <dd className="tabular-nums text-slate-900">{group.members}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs text-slate-600">{t('adminGroups.columns.created')}</dt>
              <dd className="text-slate-900"><DateText iso={group.createdAt} /></dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
