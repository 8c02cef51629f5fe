/**
 * /admin/groups/:groupId: a group's details (league, owner, visibility, status, members, created), its
 * members with their roles and joining days, and the actions: deactivate or reactivate, and delete
 * behind a confirmation where the group's name must be typed. An address whose id is not a UUID says
 * 'Invalid Group ID.' without asking the server.
 */
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Alert, Spinner } from '../../../components/ui/card';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { sectionPath } from '../lib/sections';
import { isUuid } from '../../../lib/uuid';
import { BackLink } from './back-link';
import { DeleteGroupAction } from './delete-group-action';
import { DetailProblem } from './detail-problem';
import { FactList } from './fact-list';
import { GroupStatusBadge, VisibilityBadge } from './group-badges';
import { GroupMembers } from './group-members';
import { GroupStatusAction } from './group-status-action';
import { useAdminGroup } from './groups-api';
import { PANEL } from './panel';
import { adminUserPath } from './paths';
import { DateText } from './time-text';

/** The group detail screen. */
export function GroupDetailScreen() {
  const { t } = useTranslation();
  const { groupId = '' } = useParams();
  const valid = isUuid(groupId);
  const detail = useAdminGroup(groupId, valid);

  const back = sectionPath('groups');
  const backLabel = t('adminGroups.detail.back');
  const title = t('admin.sections.groups');
  if (!valid) return <DetailProblem title={title} back={back} backLabel={backLabel} message={t('adminGroups.detail.invalidId')} />;
  if (detail.isPending) return <Spinner label={t('app.loading')} />;
  if (detail.isError) {
    const notFound = detail.error instanceof ApiError && detail.error.id === 'group_not_found';
    return <DetailProblem title={title} back={back} backLabel={backLabel}
      message={notFound ? t('adminGroups.detail.notFound') : `${t('adminGroups.detail.loadError')} ${errorText(t, detail.error)}`}
      onRetry={notFound ? undefined : () => void detail.refetch()} />;
  }
  const { group, members } = detail.data;
  const owner = members.find((member) => member.role === 'owner');
  return (
    <div className="space-y-5">
      <BackLink to={back} label={backLabel} />
      <header className="space-y-2">
        <title>{`${group.name} · Palpite`}</title>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere]">{group.name}</h1>
        <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">{group.leagueName} · {t('adminGroups.membersCount', { count: group.members })}</p>
        <div className="flex flex-wrap gap-1.5">
          <GroupStatusBadge status={group.status} />
          <VisibilityBadge visibility={group.visibility} />
        </div>
      </header>
      {group.status !== 'active' ? <Alert tone="info">{t('adminGroups.detail.deactivatedNotice')}</Alert> : null}

      <div className="grid gap-5 lg:grid-cols-2 lg:items-start">
        <section aria-labelledby="group-facts" className={`${PANEL} space-y-3 p-4 sm:p-5`}>
          <h2 id="group-facts" className="text-lg font-semibold text-slate-900">{t('adminGroups.detail.facts')}</h2>
          <FactList facts={[
            [t('adminGroups.detail.league'), group.leagueName],
            [t('adminGroups.detail.owner'), owner
              ? <Link to={adminUserPath(owner.userId)} className="font-semibold text-emerald-800 underline-offset-2 hover:underline">{owner.username}</Link>
              : (group.owner ?? <span className="text-slate-600">{t('adminGroups.noOwner')}</span>)],
            [t('adminGroups.detail.members'), <span className="tabular-nums">{group.members}</span>],
            [t('adminGroups.detail.created'), <DateText iso={group.createdAt} />],
          ]} />
        </section>
        <section aria-labelledby="group-actions" className={`${PANEL} space-y-4 p-4 sm:p-5`}>
          <h2 id="group-actions" className="text-lg font-semibold text-slate-900">{t('adminGroups.actions.title')}</h2>
          <div className="space-y-2">
            <h3 className="text-sm font-semibold text-slate-800">{t('adminGroups.actions.statusHeading')}</h3>
            <p className="text-sm text-slate-600">{t(group.status === 'active' ? 'adminGroups.actions.deactivateHelp' : 'adminGroups.actions.reactivateHelp')}</p>
            <GroupStatusAction group={group} />
          </div>
          <div className="space-y-2 border-t border-slate-100 pt-4">
            <h3 className="text-sm font-semibold text-slate-800">{t('adminGroups.actions.deleteHeading')}</h3>
            <p className="text-sm text-slate-600">{t('adminGroups.actions.deleteHelp')}</p>
            <DeleteGroupAction group={group} members={members.length} />
          </div>
        </section>
      </div>

      <section aria-labelledby="group-members" className={`${PANEL} overflow-hidden`}>
        <h2 id="group-members" className="border-b border-slate-100 px-4 py-3 text-lg font-semibold text-slate-900 sm:px-5">
          {t('adminGroups.detail.membersTitle', { count: members.length })}
        </h2>
        <GroupMembers members={members} labelledBy="group-members" />
      </section>
    </div>
  );
}
