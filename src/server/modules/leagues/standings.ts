/**
 * A league's standings from its finished matches (src/domain/standings.ts computes them): every team of
 * the league stage listed even before its first result, and each group's teams for tournaments.
 */
import { asc, eq } from 'drizzle-orm';
import type { StandingsResponse } from '../../../contracts/standings';
import { computeStandings, type FinishedMatch } from '../../../domain/standings';
import type { Conn } from '../../db/client';
import { leagues, matches } from '../../db/schema';
import { errors } from '../../errors';
import { awayTeam, homeTeam, matchColumns, withTeams } from './presenter';

/**
 * The standings of a league (public: leagues and results are public data).
 * @throws AppError league_not_found.
 */
export async function leagueStandings(db: Conn, leagueId: string): Promise<StandingsResponse> {
  const [league] = await db.select({ id: leagues.id }).from(leagues).where(eq(leagues.id, leagueId));
  if (!league) throw errors.leagueNotFound();
  const rows = await withTeams(db.select(matchColumns).from(matches).$dynamic())
    .where(eq(matches.leagueId, leagueId))
    .orderBy(asc(matches.kickoff), asc(homeTeam.name), asc(awayTeam.name));
  const finished: FinishedMatch[] = [];
  const leagueTeams = new Set<string>();
  const groups: Record<string, Set<string>> = {};
  for (const row of rows) {
    if (row.stage === 'league') [row.homeTeamName, row.awayTeamName].forEach((team) => leagueTeams.add(team));
    if (row.stage === 'group' && row.groupName) {
      groups[row.groupName] ??= new Set();
      groups[row.groupName]!.add(row.homeTeamName).add(row.awayTeamName);
    }
    if (row.status !== 'finished' || row.homeGoals === null || row.awayGoals === null) continue;
    finished.push({
      home: row.homeTeamName, away: row.awayTeamName, homeGoals: row.homeGoals, awayGoals: row.awayGoals,
      stage: row.stage, groupName: row.groupName, roundName: row.roundName, roundOrder: row.roundOrder,
      extraTime: row.homeGoalsExtraTime !== null && row.awayGoalsExtraTime !== null ? [row.homeGoalsExtraTime, row.awayGoalsExtraTime] : null,
      penalties: row.homePenalties !== null && row.awayPenalties !== null ? [row.homePenalties, row.awayPenalties] : null,
    });
  }
  const standings = computeStandings(finished, {
    teams: [...leagueTeams],
    groups: Object.fromEntries(Object.entries(groups).map(([name, teams]) => [name, [...teams]])),
  });
  return {
    league: standings.league,
    groups: standings.groups,
    knockout: standings.knockout.map((round) => ({
      roundName: round.roundName,
      matches: round.matches.map((m) => ({
        ...m,
        extraTime: m.extraTime ? [m.extraTime[0], m.extraTime[1]] : null,
        penalties: m.penalties ? [m.penalties[0], m.penalties[1]] : null,
      })),
    })),
  };
}
