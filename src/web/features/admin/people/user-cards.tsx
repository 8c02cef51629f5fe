/** The people as cards (screens narrower than 1280 px): username, email, pills, groups, joined and last sign-in. */
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminUser } from '../../../../contracts/admin';
import { adminUserPath } from './paths';
import { Pill } from './pill';
import { AgoText, DateText } from './time-text';
import { AccessBadge, ConfirmedBadge, RoleBadge } from './user-badges';

/** The cards of `users`; `meId` marks the viewer's own. */
export function UserCards({ users, now, meId }: { users: AdminUser[]; now: number; meId: string | undefined }) {
  const { t } = useTranslation();
  return (
    <ul aria-label={t('admin.sections.users')} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
      {users.map((user) => (
        <li key={user.id} className="min-w-0 space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <div className="min-w-0">
            <h2 className="text-base font-semibold [overflow-wrap:anywhere]">
              <Link to={adminUserPath(user.id)} className="text-emerald-800 underline-offset-2 hover:underline">{user.username}</Link>
            </h2>
            <p className="text-sm text-slate-700 [overflow-wrap:anywhere]">{user.email}</p>
          </div>
          <div className="flex flex-wrap gap-1.5">
            {user.id === meId ? <Pill tone="blue">{t('adminUsers.you')}</Pill> : null}
            <RoleBadge role={user.role} />
            <ConfirmedBadge confirmed={user.emailVerified} />
            {user.disabled ? <AccessBadge disabled /> : null}
          </div>
          <dl className="grid grid-cols-[repeat(auto-fit,minmax(7rem,1fr))] gap-x-3 gap-y-2 text-sm">
            <div className="min-w-0">
              <dt className="text-xs text-slate-600">{t('adminUsers.columns.groups')}</dt>
              <dd className="tabular-nums text-slate-900">{user.groups}</dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs text-slate-600">{t('adminUsers.columns.joined')}</dt>
              <dd className="text-slate-900"><DateText iso={user.createdAt} /></dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs text-slate-600">{t('adminUsers.columns.lastSignIn')}</dt>
              <dd className="text-slate-900"><AgoText iso={user.lastSignInAt} now={now} none={t('adminUsers.noSession')} /></dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
