/**
 * What leaves the server of the home feed (STYLE.md habit 4): a match's teams, round, kickoff and league,
 * with my groups on it and only my own prediction in each.
 */
import type { RecentGroup, RecentMatch, UpcomingMatch } from '../../../contracts/home';
import { predictionDeadline } from '../../../domain/deadline';
import type { MatchRow } from '../leagues/presenter';

/** A prediction's stored outcome ('exact' … 'miss', 'void'). */
export type StoredOutcome = NonNullable<NonNullable<RecentGroup['myPrediction']>['outcome']>;

/** One of the viewer's groups on a match's league, with the viewer's prediction there (null: none). */
export interface MyGroupOnMatch {
  matchId: string;
  groupId: string;
  groupName: string;
  groupColor: string;
  groupStatus: 'active' | 'deactivated';
  prediction: { homeGoals: number; awayGoals: number; points: number | null; outcome: StoredOutcome | null; joker: boolean } | null;
}

/** A selected match row (matchColumns) with its league. */
export type HomeMatchRow = MatchRow & { leagueId: string; leagueName: string; leagueProvider: string };

function presentBase(row: HomeMatchRow) {
  return {
    id: row.id,
    league: { id: row.leagueId, name: row.leagueName, replay: row.leagueProvider === 'replay' },
    roundName: row.roundName,
    kickoff: row.kickoff.toISOString(),
    homeTeam: { id: row.homeTeamId, name: row.homeTeamName, code: row.homeTeamCode },
    awayTeam: { id: row.awayTeamId, name: row.awayTeamName, code: row.awayTeamCode },
  };
}

/** An open match with my (active) groups on its league and my predicted score in each. */
export function presentUpcoming(row: HomeMatchRow, mine: MyGroupOnMatch[]): UpcomingMatch {
  return {
    ...presentBase(row),
    closesAt: predictionDeadline(row.kickoff).toISOString(),
    groups: mine.map((group) => ({
      groupId: group.groupId,
      groupName: group.groupName,
      groupColor: group.groupColor,
      myPrediction: group.prediction ? { homeGoals: group.prediction.homeGoals, awayGoals: group.prediction.awayGoals } : null,
    })),
  };
}

/** A finished match with its score and my groups on its league, with my prediction and points in each. */
export function presentRecent(row: HomeMatchRow, mine: MyGroupOnMatch[]): RecentMatch {
  return {
    ...presentBase(row),
    homeGoals: row.homeGoals ?? 0,
    awayGoals: row.awayGoals ?? 0,
    homeGoalsExtraTime: row.homeGoalsExtraTime,
    awayGoalsExtraTime: row.awayGoalsExtraTime,
    homePenalties: row.homePenalties,
    awayPenalties: row.awayPenalties,
    groups: mine.map((group) => ({
      groupId: group.groupId,
      groupName: group.groupName,
      groupColor: group.groupColor,
      myPrediction: group.prediction,
    })),
  };
}
