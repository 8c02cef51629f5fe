/**
 * What leaves the server of a match (STYLE.md habit 4): the row joined with its teams, plus the
 * prediction deadline.
 */
import { aliasedTable, eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Match } from '../../../contracts/leagues';
import { predictionDeadline } from '../../../domain/deadline';
import { matches, teams } from '../../db/schema';

export const homeTeam = aliasedTable(teams, 'home_team');
export const awayTeam = aliasedTable(teams, 'away_team');

/** Columns to select (from matches joined with homeTeam and awayTeam) for `presentMatch`. */
export const matchColumns = {
  id: matches.id,
  roundName: matches.roundName,
  roundOrder: matches.roundOrder,
  stage: matches.stage,
  groupName: matches.groupName,
  kickoff: matches.kickoff,
  status: matches.status,
  homeGoals: matches.homeGoals,
  awayGoals: matches.awayGoals,
  homeGoalsExtraTime: matches.homeGoalsExtraTime,
  awayGoalsExtraTime: matches.awayGoalsExtraTime,
  homePenalties: matches.homePenalties,
  awayPenalties: matches.awayPenalties,
  live: matches.live,
  goals: matches.goals,
  homeTeamId: homeTeam.id,
  homeTeamName: homeTeam.name,
  homeTeamCode: homeTeam.code,
  awayTeamId: awayTeam.id,
  awayTeamName: awayTeam.name,
  awayTeamCode: awayTeam.code,
};

export type MatchRow = {
  [K in keyof typeof matchColumns]: (typeof matchColumns)[K]['_']['notNull'] extends true
    ? (typeof matchColumns)[K]['_']['data']
    : (typeof matchColumns)[K]['_']['data'] | null;
};

/**
 * Joins a select from matches with the matches' home and away teams (as homeTeam and awayTeam), so
 * `matchColumns` can be read. Takes a dynamic select (`db.select(…).from(matches).$dynamic()`); chain
 * `where`, `orderBy` or further joins on what it returns.
 */
export function withTeams<T extends PgSelect>(query: T) {
  return query
    .innerJoin(homeTeam, eq(homeTeam.id, matches.homeTeamId))
    .innerJoin(awayTeam, eq(awayTeam.id, matches.awayTeamId));
}

/** Shapes a selected match row for the API. */
export function presentMatch(row: MatchRow): Match {
  return {
    id: row.id,
    roundName: row.roundName,
    roundOrder: row.roundOrder,
    stage: row.stage,
    groupName: row.groupName,
    kickoff: row.kickoff.toISOString(),
    deadline: predictionDeadline(row.kickoff).toISOString(),
    status: row.status,
    homeTeam: { id: row.homeTeamId, name: row.homeTeamName, code: row.homeTeamCode },
    awayTeam: { id: row.awayTeamId, name: row.awayTeamName, code: row.awayTeamCode },
    homeGoals: row.homeGoals,
    awayGoals: row.awayGoals,
    homeGoalsExtraTime: row.homeGoalsExtraTime,
    awayGoalsExtraTime: row.awayGoalsExtraTime,
    homePenalties: row.homePenalties,
    awayPenalties: row.awayPenalties,
    live: row.status === 'live' ? row.live : null,
    goals: row.goals ?? [],
  };
}
