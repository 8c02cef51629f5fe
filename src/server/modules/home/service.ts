/**
 * The signed-in home page's feed across the viewer's groups, in three set-based statements whatever the
 * number of groups or matches: the next open matches of my active groups' leagues, the recent finished
 * matches of all my groups' leagues, then my groups on those matches with my own prediction (never anyone
 * else's). Open means scheduled and before kickoff − 15 minutes by the server's clock (src/domain/deadline.ts).
 * Points are those stored on the prediction, or, for a result still queued for folding, computed on read
 * by the same SQL rule the folder uses (as the ranking and the stats do).
 */
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import {
  HOME_RECENT_DAYS, HOME_RECENT_LIMIT, HOME_UPCOMING_LIMIT, type HomeResponse,
} from '../../../contracts/home';
import { PREDICTION_CLOSE_MINUTES } from '../../../domain/deadline';
import { rowsOf, type Conn } from '../../db/client';
import { groupMembers, groups, leagues, matches } from '../../db/schema';
import type { Viewer } from '../../auth/viewer';
import { homeTeam, matchColumns, withTeams } from '../leagues/presenter';
import { outcomeSql, pointsSql } from '../scoring/scoring-sql';
import { presentRecent, presentUpcoming, type MyGroupOnMatch, type StoredOutcome } from './presenter';

const DAY_MS = 86_400_000;

/** The leagues of the viewer's groups (only the active groups when `activeOnly`), as a subquery. */
function myLeagueIds(conn: Conn, userId: string, activeOnly: boolean) {
  return conn
    .selectDistinct({ id: groups.leagueId })
    .from(groups)
    .innerJoin(groupMembers, and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, userId)))
    .where(activeOnly ? eq(groups.status, 'active') : undefined);
}

const columns = { ...matchColumns, leagueId: leagues.id, leagueName: leagues.name, leagueProvider: leagues.provider };

/**
 * The viewer's home feed: upcoming (soonest first, open matches of their active groups' leagues, each with
 * those groups and the viewer's prediction) and recent (newest first, finished matches kicked off in the
 * last HOME_RECENT_DAYS days of all their groups' leagues, with the viewer's points per group).
 * @param now the server's clock.
 */
export async function homeFeed(db: Conn, viewer: Viewer, now: Date): Promise<HomeResponse> {
  // Open ⇔ now < kickoff − 15 min ⇔ kickoff > now + 15 min (isPredictionOpen's strict bound).
  const firstOpenKickoff = new Date(now.getTime() + PREDICTION_CLOSE_MINUTES * 60_000);
  const [upcomingRows, recentRows] = await Promise.all([
    withTeams(db.select(columns).from(matches).$dynamic())
      .innerJoin(leagues, eq(leagues.id, matches.leagueId))
      .where(and(
        inArray(matches.leagueId, myLeagueIds(db, viewer.userId, true)),
        eq(matches.status, 'scheduled'),
        gt(matches.kickoff, firstOpenKickoff),
      ))
      .orderBy(asc(matches.kickoff), asc(homeTeam.name), asc(matches.id))
      .limit(HOME_UPCOMING_LIMIT),
    withTeams(db.select(columns).from(matches).$dynamic())
      .innerJoin(leagues, eq(leagues.id, matches.leagueId))
      .where(and(
        inArray(matches.leagueId, myLeagueIds(db, viewer.userId, false)),
        eq(matches.status, 'finished'),
        isNotNull(matches.homeGoals),
        isNotNull(matches.awayGoals),
        gte(matches.kickoff, new Date(now.getTime() - HOME_RECENT_DAYS * DAY_MS)),
        lte(matches.kickoff, now),
      ))
      .orderBy(desc(matches.kickoff), asc(homeTeam.name), asc(matches.id))
      .limit(HOME_RECENT_LIMIT),
  ]);
  const matchIds = [...upcomingRows, ...recentRows].map((row) => row.id);
  const mine = matchIds.length === 0 ? [] : await myGroupsOnMatches(db, viewer.userId, matchIds);
  const byMatch = new Map<string, MyGroupOnMatch[]>();
  for (const row of mine) byMatch.set(row.matchId, [...(byMatch.get(row.matchId) ?? []), row]);
  return {
    serverTime: now.toISOString(),
    upcoming: upcomingRows.map((row) => presentUpcoming(row, (byMatch.get(row.id) ?? []).filter((g) => g.groupStatus === 'active'))),
    recent: recentRows.map((row) => presentRecent(row, byMatch.get(row.id) ?? [])),
  };
}

/**
 * Every (match, group of mine on its league) pair for the given matches, with my own prediction there:
 * one statement. Groups ordered by name.
 */
async function myGroupsOnMatches(db: Conn, userId: string, matchIds: string[]): Promise<MyGroupOnMatch[]> {
  const ids = sql.join(matchIds.map((id) => sql`${id}::uuid`), sql`, `);
  const rows = rowsOf<{
    match_id: string; group_id: string; group_name: string; group_color: string; group_status: 'active' | 'deactivated';
    prediction_match_id: string | null; home_goals: number | null; away_goals: number | null; points: number | null; outcome: StoredOutcome | null; joker: boolean | null;
  }>(await db.execute(sql`
    select m.id as match_id, g.id as group_id, g.name as group_name, g.color as group_color, g.status as group_status,
           p.match_id as prediction_match_id, p.home_goals, p.away_goals, p.joker,
           case when p.match_id is not null then ${outcomeSql} end as outcome,
           case when p.match_id is not null then ${pointsSql(outcomeSql)} end as points
      from group_members gm
      join groups g on g.id = gm.group_id
      join matches m on m.league_id = g.league_id
      left join predictions p on p.match_id = m.id and p.group_id = g.id and p.user_id = gm.user_id
     where gm.user_id = ${userId} and m.id in (${ids})
     order by lower(g.name), g.id`));
  return rows.map((row) => ({
    matchId: row.match_id,
    groupId: row.group_id,
    groupName: row.group_name,
    groupColor: row.group_color,
    groupStatus: row.group_status,
    prediction: row.prediction_match_id === null || row.home_goals === null || row.away_goals === null ? null : {
      homeGoals: Number(row.home_goals),
      awayGoals: Number(row.away_goals),
      points: row.points === null ? null : Number(row.points),
      outcome: row.outcome,
      joker: row.joker === true,
    },
  }));
}
