/** A readable name for each audited action ('match.update' → "Fixture changed") and subject type; unknown ones as recorded. */
import type { TFunction } from 'i18next';

/** The action's name in the current language, or `action` itself when it is not one this screen knows. */
export function actionLabel(action: string, t: TFunction): string {
  switch (action) {
    case 'league.create': return t('adminAudit.actions.leagueCreate');
    case 'league.import': return t('adminAudit.actions.leagueImport');
    case 'league.link': return t('adminAudit.actions.leagueLink');
    case 'league.update': return t('adminAudit.actions.leagueUpdate');
    case 'league.sync': return t('adminAudit.actions.leagueSync');
    case 'league.standings_refresh': return t('adminAudit.actions.leagueStandingsRefresh');
    case 'match.result': return t('adminAudit.actions.matchResult');
    case 'match.update': return t('adminAudit.actions.matchUpdate');
    case 'match.rescore': return t('adminAudit.actions.matchRescore');
    case 'match.create': return t('adminAudit.actions.matchCreate');
    case 'user.update': return t('adminAudit.actions.userUpdate');
    case 'user.resend_verification': return t('adminAudit.actions.userResendVerification');
    case 'group.update': return t('adminAudit.actions.groupUpdate');
    case 'group.delete': return t('adminAudit.actions.groupDelete');
    case 'team.update': return t('adminAudit.actions.teamUpdate');
    case 'team.alias_add': return t('adminAudit.actions.teamAliasAdd');
    case 'team.alias_remove': return t('adminAudit.actions.teamAliasRemove');
    case 'team.merge': return t('adminAudit.actions.teamMerge');
    case 'replay.create': return t('adminAudit.actions.replayCreate');
    case 'replay.pause': return t('adminAudit.actions.replayPause');
    case 'replay.resume': return t('adminAudit.actions.replayResume');
    case 'replay.stop': return t('adminAudit.actions.replayStop');
    case 'replay.delete': return t('adminAudit.actions.replayDelete');
    default: return action;
  }
}

/** The subject type's name in the current language, or `type` itself when unknown. */
export function subjectTypeLabel(type: string, t: TFunction): string {
  switch (type) {
    case 'league': return t('adminAudit.subjects.league');
    case 'match': return t('adminAudit.subjects.match');
    case 'user': return t('adminAudit.subjects.user');
    case 'group': return t('adminAudit.subjects.group');
    case 'team': return t('adminAudit.subjects.team');
    default: return type;
  }
}
