/**
 * A group's statistics: per-round totals come from member_round_totals plus the results still queued for
 * folding (as the ranking does), each member's longest scoring streak from one set-based statement over
 * the group's scored predictions (each member's picks in kickoff order, one character each); the cards, standings per round, movement, matchday winners and podium come from the
 * pure functions of src/domain/stats.ts.
 */
import { sql } from 'drizzle-orm';
import { groupStatsResponse, type GroupStatsResponse, type MatchdayWinnersResponse } from '../../../contracts/stats';
import { hasStatistics, longestRun, matchdayWinners, movement, podium, standingsByRound, statCards, sumTotals, type RoundTotals } from '../../../domain/stats';
import { rowsOf, type Conn } from '../../db/client';
import type { Viewer } from '../../auth/viewer';
import { countedResultSql, outcomeOnCountedSql, pendingDeltaSql, pendingRowsSql, pointsSql, scoringColumnsSql } from '../scoring/scoring-sql';
import { requireMember } from './policy';

/** Per-round totals of a group's members (folded plus still queued), rounds where they scored a prediction. */
export async function roundTotalsRows(db: Conn, groupId: string) {
  return rowsOf<{ user_id: string; round_order: number; points: number; exact: number; goal_difference: number; winner: number; opposite: number; scored: number }>(await db.execute(sql`
    with pending_rows as (${pendingRowsSql(groupId)})
    select user_id, round_order, sum(points)::int as points, sum(exact)::int as exact, sum(goal_difference)::int as goal_difference,
           sum(winner)::int as winner, sum(opposite)::int as opposite, sum(scored)::int as scored
      from (
        select user_id, round_order, points, exact, goal_difference, winner, opposite, scored from member_round_totals where group_id = ${groupId}::uuid
        union all
        select x.user_id, x.round_order, ${pendingDeltaSql} from pending_rows x group by x.user_id, x.round_order
      ) u
     group by user_id, round_order
    having sum(scored) > 0`));
}

/** One member's 32 matches of the streak statement: bit i of a chunk is the match at kickoff rank 32 × chunk + i. */
interface StreakChunk { user_id: string; chunk: number; scored: number; hits: number }

/**
 * Which of each member's predictions scored (result known, not void) and which scored above 0, as 32-bit
 * masks over the league's matches in kickoff order (chunk c, bit i: the match at kickoff rank 32c + i),
 * OR-ed per member and chunk: an integer hash aggregate (bit_or of 380-bit strings cost ~130 ms at 1,000
 * members). What counts of each result is worked out once per match; each prediction's points once, in
 * the filter. The league's matches are an inline subquery (not a materialized CTE, whose estimate made
 * the planner hash the group's 380,000 predictions instead of the 380 matches); exported for EXPLAIN in
 * benchmarks.
 */
export function streakQuery(groupId: string) {
  return sql`
    with r as (
      select m.id, ${scoringColumnsSql}, ${countedResultSql('m', 'g')},
             (row_number() over (order by m.kickoff, m.id) - 1)::int as rank
        from matches m
        cross join groups g
       where g.id = ${groupId}::uuid and m.league_id = (select league_id from groups where id = ${groupId}::uuid)
    )
    select p.user_id, r.rank >> 5 as chunk, bit_or(1 << (r.rank & 31)) as scored,
           coalesce(bit_or(1 << (r.rank & 31)) filter (where ${pointsSql(outcomeOnCountedSql('p', 'r'), 'r')} > 0), 0) as hits
      from r
      join predictions p on p.match_id = r.id and p.group_id = ${groupId}::uuid
     where not r.voided and r.counted_home is not null and r.counted_away is not null
     group by p.user_id, r.rank >> 5`;
}

/**
 * Each member's longest scoring streak from the streak statement's masks: the scored predictions in
 * kickoff order written as '1' (above 0 points) and '0', measured by longestRun (src/domain/stats.ts).
 */
function streaksOf(rows: readonly StreakChunk[]): Map<string, number> {
  const byMember = new Map<string, StreakChunk[]>();
  for (const row of rows) {
    const list = byMember.get(row.user_id);
    if (list) list.push(row);
    else byMember.set(row.user_id, [row]);
  }
  const streaks = new Map<string, number>();
  for (const [userId, chunks] of byMember) {
    chunks.sort((a, b) => Number(a.chunk) - Number(b.chunk));
    let picks = '';
    for (const { scored, hits } of chunks) {
      const s = Number(scored);
      const h = Number(hits);
      for (let bit = 0; bit < 32; bit++) {
        if ((s >>> bit) & 1) picks += (h >>> bit) & 1 ? '1' : '0';
      }
    }
    streaks.set(userId, longestRun(picks));
  }
  return streaks;
}

/**
 * The winners of each finished round of a group the viewer belongs to (src/domain/stats.ts
 * matchdayWinners: the most points in the round, above 0; ties share it), with their usernames.
 * @throws AppError group_not_found, forbidden.
 */
export async function groupMatchdayWinners(db: Conn, viewer: Pick<Viewer, 'userId'>, groupId: string): Promise<MatchdayWinnersResponse> {
  await requireMember(db, viewer, groupId);
  const rows = await roundTotalsRows(db, groupId);
  const names = new Map(rowsOf<{ user_id: string; username: string }>(await db.execute(sql`
    select gm.user_id, pr.username from group_members gm join profiles pr on pr.user_id = gm.user_id where gm.group_id = ${groupId}::uuid`))
    .map((row) => [row.user_id, row.username]));
  const winners = matchdayWinners(rows.map((row) => ({
    userId: row.user_id, roundOrder: Number(row.round_order), points: Number(row.points), exact: Number(row.exact),
    goalDifference: Number(row.goal_difference), winner: Number(row.winner), opposite: Number(row.opposite),
  })));
  return {
    winners: winners.map((w) => ({
      roundOrder: w.roundOrder, points: w.points,
      members: w.userIds.filter((id) => names.has(id)).map((id) => ({ userId: id, username: names.get(id)! })),
    })),
  };
}

/**
 * The statistics of a group (no access check: the route checks membership first), as the JSON text of
 * GET /api/groups/:groupId/stats, checked against the contract once (the route caches the text per
 * group: ranking-cache.ts). The five reads run side by side on PostgreSQL's pool.
 * @throws ZodError when the result breaks the contract (a server bug: answered 500).
 */
export async function groupStatsJson(db: Conn, groupId: string): Promise<string> {
  const leagueOf = sql`(select league_id from groups where id = ${groupId}::uuid)`;
  const [members, perRound, streakRows, rounds, [league]] = await Promise.all([
    db.execute(sql`
      select gm.user_id, pr.username from group_members gm join profiles pr on pr.user_id = gm.user_id
       where gm.group_id = ${groupId}::uuid order by lower(pr.username)`).then((r) => rowsOf<{ user_id: string; username: string }>(r)),
    roundTotalsRows(db, groupId),
    db.execute(streakQuery(groupId)).then((r) => rowsOf<StreakChunk>(r)),
    db.execute(sql`
      select round_order, min(round_name) as round_name from matches where league_id = ${leagueOf} group by round_order order by round_order`)
      .then((r) => rowsOf<{ round_order: number; round_name: string }>(r)),
    db.execute(sql`
      select count(*) > 0 and bool_and(status in ('finished', 'postponed', 'cancelled')) as finished from matches where league_id = ${leagueOf}`)
      .then((r) => rowsOf<{ finished: boolean }>(r)),
  ]);

  const totals: RoundTotals[] = perRound.map((row) => ({
    userId: row.user_id, roundOrder: Number(row.round_order), points: Number(row.points), exact: Number(row.exact),
    goalDifference: Number(row.goal_difference), winner: Number(row.winner), opposite: Number(row.opposite),
  }));
  const memberIds = members.map((m) => m.user_id);
  const streaks = streaksOf(streakRows);
  const stats: GroupStatsResponse = {
    hasStatistics: hasStatistics(totals),
    leagueFinished: league?.finished === true,
    members: members.map((m) => ({ userId: m.user_id, username: m.username })),
    rounds: rounds.map((r) => ({ roundOrder: Number(r.round_order), roundName: r.round_name })),
    cards: statCards(totals, streaks),
    standings: standingsByRound(totals, memberIds),
    matchdayWinners: matchdayWinners(totals),
    movement: Object.fromEntries(movement(totals, memberIds)),
    podium: podium(sumTotals(totals, memberIds)).map((row) => ({ userId: row.userId, rank: row.rank, points: row.points })),
  };
  return JSON.stringify(groupStatsResponse.parse(stats));
}
