/** A group's pills: its status, its visibility, and a member's role in it. */
import { useTranslation } from 'react-i18next';
import type { AdminGroup, AdminGroupDetailResponse } from '../../../../contracts/admin';
import { Pill } from './pill';

/** "Active" (green) or "Deactivated" (grey). */
export function GroupStatusBadge({ status }: { status: AdminGroup['status'] }) {
  const { t } = useTranslation();
  return <Pill tone={status === 'active' ? 'green' : 'grey'}>{t(`adminGroups.status.${status}`)}</Pill>;
}

/** "Public" (blue) or "Private" (grey). */
export function VisibilityBadge({ visibility }: { visibility: AdminGroup['visibility'] }) {
  const { t } = useTranslation();
  return <Pill tone={visibility === 'public' ? 'blue' : 'grey'}>{t(`adminGroups.visibility.${visibility}`)}</Pill>;
}

/** "Owner" (violet), "Admin" (blue) or "Member" (grey). */
export function MemberRoleBadge({ role }: { role: AdminGroupDetailResponse['members'][number]['role'] }) {
  const { t } = useTranslation();
  return <Pill tone={role === 'owner' ? 'violet' : role === 'admin' ? 'blue' : 'grey'}>{t(`adminGroups.memberRole.${role}`)}</Pill>;
}
