/**
 * /admin/users/:userId: a person's details (email and whether it is confirmed, role, account status,
 * joined, last sign-in), their groups (each leading to the group's admin page), and the actions: change
 * role, disable or enable (each confirmed), and "Resend verification email" while the address is not
 * confirmed. On the viewer's own page the actions the server refuses are disabled, with the reason.
 */
import { useId } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Spinner } from '../../../components/ui/card';
import { ApiError } from '../../../lib/api-client';
import { useMe } from '../../auth/api/me';
import { useNow } from '../hooks/use-now';
import { errorText } from '../../../lib/error-text';
import { sectionPath } from '../lib/sections';
import { BackLink } from './back-link';
import { DetailProblem } from './detail-problem';
import { FactList } from './fact-list';
import { PANEL } from './panel';
import { Pill } from './pill';
import { ResendVerificationAction } from './resend-verification-action';
import { AgoText, DateText } from './time-text';
import { UserAccessAction } from './user-access-action';
import { AccessBadge, ConfirmedBadge, RoleBadge } from './user-badges';
import { UserMemberships } from './user-memberships';
import { UserRoleAction } from './user-role-action';
import { useAdminUser } from './users-api';

/** The person detail screen. */
export function UserDetailScreen() {
  const { t } = useTranslation();
  const { userId = '' } = useParams();
  const detail = useAdminUser(userId);
  const me = useMe();
  const now = useNow();
  const reasonId = useId();

  const back = sectionPath('users');
  const backLabel = t('adminUsers.detail.back');
  if (detail.isPending) return <Spinner label={t('app.loading')} />;
  if (detail.isError) {
    const notFound = detail.error instanceof ApiError && detail.error.id === 'not_found';
    return <DetailProblem title={t('admin.sections.users')} back={back} backLabel={backLabel}
      message={notFound ? t('adminUsers.detail.notFound') : `${t('adminUsers.detail.loadError')} ${errorText(t, detail.error)}`}
      onRetry={notFound ? undefined : () => void detail.refetch()} />;
  }
  const { user, memberships } = detail.data;
  const isSelf = me.data?.id === user.id;
  return (
    <div className="space-y-5">
      <BackLink to={back} label={backLabel} />
      <header className="space-y-2">
        <title>{`${user.username} · Palpite`}</title>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere]">
          {user.username}
        </h1>
        <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{user.fullName} · {user.email}</p>
        <div className="flex flex-wrap gap-1.5">
          {isSelf ? <Pill tone="blue">{t('adminUsers.you')}</Pill> : null}
          <RoleBadge role={user.role} />
          <ConfirmedBadge confirmed={user.emailVerified} />
          <AccessBadge disabled={user.disabled} />
        </div>
      </header>
      {user.disabled ? <Alert tone="info">{t('adminUsers.detail.disabledNotice')}</Alert> : null}

      <div className="grid gap-5 lg:grid-cols-2 lg:items-start">
        <section aria-labelledby="user-facts" className={`${PANEL} space-y-3 p-4 sm:p-5`}>
          <h2 id="user-facts" className="text-lg font-semibold text-slate-900">{t('adminUsers.detail.facts')}</h2>
          <FactList facts={[
            [t('adminUsers.detail.username'), user.username],
            [t('adminUsers.detail.fullName'), user.fullName],
            [t('adminUsers.detail.email'), user.email],
            [t('adminUsers.detail.joined'), <DateText iso={user.createdAt} />],
            [t('adminUsers.detail.lastSignIn'), <AgoText iso={user.lastSignInAt} now={now} none={t('adminUsers.noSession')} />],
            [t('adminUsers.detail.groups'), <span className="tabular-nums">{user.groups}</span>],
          ]} />
        </section>
        <section aria-labelledby="user-actions" className={`${PANEL} space-y-4 p-4 sm:p-5`}>
          <h2 id="user-actions" className="text-lg font-semibold text-slate-900">{t('adminUsers.actions.title')}</h2>
          {isSelf ? <p id={reasonId} className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-inset ring-amber-200">{t('adminUsers.actions.ownAccount')}</p> : null}
          <div className="space-y-2">
            <h3 className="text-sm font-semibold text-slate-800">{t('adminUsers.actions.roleHeading')}</h3>
            <p className="text-sm text-slate-600">{t('adminUsers.actions.roleHelp')}</p>
            <UserRoleAction user={user} isSelf={isSelf} reasonId={reasonId} />
          </div>
          <div className="space-y-2 border-t border-slate-100 pt-4">
            <h3 className="text-sm font-semibold text-slate-800">{t('adminUsers.actions.accessHeading')}</h3>
            <p className="text-sm text-slate-600">{t(user.disabled ? 'adminUsers.actions.accessHelpDisabled' : 'adminUsers.actions.accessHelp')}</p>
            <UserAccessAction user={user} isSelf={isSelf} reasonId={reasonId} />
          </div>
          {!user.emailVerified ? (
            <div className="space-y-2 border-t border-slate-100 pt-4">
              <h3 className="text-sm font-semibold text-slate-800">{t('adminUsers.actions.verifyHeading')}</h3>
              <p className="text-sm text-slate-600">{t('adminUsers.actions.verifyHelp', { email: user.email })}</p>
              <ResendVerificationAction user={user} />
            </div>
          ) : null}
        </section>
      </div>

      <section aria-labelledby="user-groups" className={`${PANEL} overflow-hidden`}>
        <h2 id="user-groups" className="border-b border-slate-100 px-4 py-3 text-lg font-semibold text-slate-900 sm:px-5">
          {t('adminUsers.detail.groupsTitle', { count: memberships.length })}
        </h2>
        <UserMemberships memberships={memberships} labelledBy="user-groups" />
      </section>
    </div>
  );
}
