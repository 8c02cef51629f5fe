/** A person's groups on their admin page: each group (leading to its admin page), their role in it and when they joined. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminUserDetailResponse } from '../../../../contracts/admin';
import { MemberRoleBadge } from './group-badges';
import { adminGroupPath } from './paths';
import { DateText } from './time-text';

/** The list of `memberships`, or a line saying there are none. */
export function UserMemberships({ memberships, labelledBy }: { memberships: AdminUserDetailResponse['memberships']; labelledBy: string }) {
  const { t } = useTranslation();
  if (memberships.length === 0) return <p className="px-4 py-4 text-sm text-slate-600 sm:px-5">{t('adminUsers.detail.noGroups')}</p>;
  return (
    <ul className="divide-y divide-slate-100" aria-labelledby={labelledBy}>
      {memberships.map((membership) => (
        <li key={membership.groupId} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-3 text-sm sm:px-5">
          <Link to={adminGroupPath(membership.groupId)} className="min-w-0 font-semibold text-emerald-800 underline-offset-2 [overflow-wrap:anywhere] hover:underline">
            {membership.groupName}
          </Link>
          <span className="flex items-center gap-2 text-xs text-slate-600">
            <MemberRoleBadge role={membership.role} />
            <span>{t('adminUsers.detail.joinedOn')} <DateText iso={membership.joinedAt} /></span>
          </span>
        </li>
      ))}
    </ul>
  );
}
