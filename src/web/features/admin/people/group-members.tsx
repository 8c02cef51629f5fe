/** A group's members on its admin page: each person (leading to their admin page), their role and when they joined. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminGroupDetailResponse } from '../../../../contracts/admin';
import { MemberRoleBadge } from './group-badges';
import { adminUserPath } from './paths';
import { DateText } from './time-text';

/** The list of `members` (owner first, then admins, then by name), or a line saying there are none. */
export function GroupMembers({ members, labelledBy }: { members: AdminGroupDetailResponse['members']; labelledBy: string }) {
  const { t } = useTranslation();
  if (members.length === 0) return <p className="px-4 py-4 text-sm text-slate-600 sm:px-5">{t('adminGroups.detail.noMembers')}</p>;
  return (
    <ul className="divide-y divide-slate-100" aria-labelledby={labelledBy}>
      {members.map((member) => (
        <li key={member.userId} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-3 text-sm sm:px-5">
          <Link to={adminUserPath(member.userId)} className="min-w-0 font-semibold text-emerald-800 underline-offset-2 [overflow-wrap:anywhere] hover:underline">
            {member.username}
          </Link>
          <span className="flex items-center gap-2 text-xs text-slate-600">
            <MemberRoleBadge role={member.role} />
            <span>{t('adminGroups.detail.joinedOn')} <DateText iso={member.joinedAt} /></span>
          </span>
        </li>
      ))}
    </ul>
  );
}
