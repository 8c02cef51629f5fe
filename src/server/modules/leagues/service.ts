/** Reading leagues and their fixtures. Public: no viewer needed. */
import { asc, eq, sql } from 'drizzle-orm';
import type { League, LeagueMatchesResponse } from '../../../contracts/leagues';
import type { Conn } from '../../db/client';
import { leagues, matches } from '../../db/schema';
import { errors } from '../../errors';
import { homeTeam, matchColumns, presentMatch, withTeams } from './presenter';

const leagueColumns = {
  id: leagues.id,
  name: leagues.name,
  season: leagues.season,
  kind: leagues.kind,
  replay: sql<boolean>`${leagues.provider} = 'replay'`,
  matchCount: sql<number>`count(${matches.id})::int`,
  matchesToPlay: sql<number>`(count(${matches.id}) filter (where ${matches.status} in ('scheduled', 'live', 'postponed')))::int`,
  firstKickoff: sql<Date | null>`min(${matches.kickoff})`,
  lastKickoff: sql<Date | null>`max(${matches.kickoff})`,
};

function presentLeague(row: { id: string; name: string; season: string; kind: 'league' | 'tournament'; replay: boolean; matchCount: number; matchesToPlay: number; firstKickoff: Date | string | null; lastKickoff: Date | string | null }): League {
  const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
  return { ...row, firstKickoff: iso(row.firstKickoff), lastKickoff: iso(row.lastKickoff) };
}

/**
 * Every active league with its match count, matches still to play and first/last kickoff, newest season
 * first (an administrator's inactive leagues are not offered).
 */
export async function listLeagues(db: Conn): Promise<League[]> {
  const rows = await db
    .select(leagueColumns)
    .from(leagues)
    .leftJoin(matches, eq(matches.leagueId, leagues.id))
    .where(eq(leagues.active, true))
    .groupBy(leagues.id)
    .orderBy(sql`max(${matches.kickoff}) desc nulls last`, asc(leagues.name));
  return rows.map(presentLeague);
}

/**
 * One league and its matches in kickoff order.
 * @throws AppError league_not_found.
 */
export async function getLeagueMatches(db: Conn, leagueId: string): Promise<LeagueMatchesResponse> {
  const [league] = await db
    .select(leagueColumns)
    .from(leagues)
    .leftJoin(matches, eq(matches.leagueId, leagues.id))
    .where(eq(leagues.id, leagueId))
    .groupBy(leagues.id);
  if (!league) throw errors.leagueNotFound();
  const rows = await withTeams(db.select(matchColumns).from(matches).$dynamic())
    .where(eq(matches.leagueId, leagueId))
    .orderBy(asc(matches.kickoff), asc(matches.roundOrder), asc(homeTeam.name));
  return { league: presentLeague(league), matches: rows.map(presentMatch) };
}
