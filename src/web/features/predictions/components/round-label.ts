/**
 * A round's or a tournament group's name in the reader's language. Providers write them in English
 * ("Matchday 7", "Round of 16", "Quarter-finals", "Match for third place", "Group A", "League, Matchday
 * 2"); the domain recognises their parts (src/domain/rounds.ts roundParts) and each known part is
 * translated ("Rodada 7", "Oitavas de final", "Cuartos de final", "Grupo A"). Parts no rule knows are
 * shown as the provider wrote them.
 */
import type { TFunction } from 'i18next';
import { roundParts, type RoundPart } from '../../../../domain/rounds';

/** The words of one recognised part. */
function partLabel(part: RoundPart, t: TFunction): string {
  switch (part.kind) {
    case 'matchday': return t('matches.matchday', { number: part.number });
    case 'round_of': return t(`rounds.roundOf${part.teams}`, { defaultValue: t('rounds.roundOf', { teams: part.teams }) });
    case 'quarter_finals': return t('rounds.quarterFinals');
    case 'semi_finals': return t('rounds.semiFinals');
    case 'final': return t('rounds.final');
    case 'third_place': return t('rounds.thirdPlace');
    case 'playoffs': return t('rounds.playoffs');
    case 'league_phase': return t('rounds.leaguePhase');
    case 'group_stage': return t('rounds.groupStage');
    case 'regular_season': return t('rounds.regularSeason');
    case 'leg': return t(`rounds.leg${part.number}`, { defaultValue: t('rounds.leg', { number: part.number }) });
    case 'group': return t('rounds.group', { name: part.name });
    case 'text': return part.text;
  }
}

/** The display name of a round (or of a tournament group) in the current language. */
export function roundLabel(name: string, t: TFunction): string {
  return roundParts(name).map((part) => partLabel(part, t)).join(', ');
}
