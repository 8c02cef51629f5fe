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
import { outcomeSql, pendingDeltaSql, pendingRowsSql, pointsSql } from '../scoring/scoring-sql';
import { requireMember } from './policy';

/** The group's predictions with their outcome and points on their match's current result. */
const effective = (groupId: string) => sql`
  select p.user_id, m.round_order, m.round_name, m.kickoff, m.id as match_id,
         ${outcomeSql} as outcome, ${pointsSql(outcomeSql)} as points
    from predictions p
    join matches m on m.id = p.match_id
    join groups g on g.id = p.group_id
   where p.group_id = ${groupId}::uuid`;

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

/**
 * Each member's longest scoring streak from the streak statement's bit strings ('1' where a match was
 * scored / scored above 0): the scored predictions in kickoff order written as '1' (above 0 points) and
 * '0', measured by longestRun (src/domain/stats.ts).
 */
function streaksOf(rows: readonly { user_id: string; scored: string; hits: string | null }[]): Map<string, number> {
  const streaks = new Map<string, number>();
  for (const { user_id: userId, scored, hits } of rows) {
    let picks = '';
    for (let i = 0; i < scored.length; i++) {
      if (scored.charCodeAt(i) === 49) picks += hits?.charCodeAt(i) === 49 ? '1' : '0';
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
    // Which of each member's predictions scored (not void, result known) and which scored above 0, as
    // two bit strings over the league's matches in kickoff order (bit i: the i-th match), OR-ed per
    // member: a hash aggregate of 1,000 rows, no sort of the group's predictions (a sorted string_agg
    // took ~3× as long).
    db.execute(sql`
      with k as materialized (
        select id, set_bit(repeat('0', (count(*) over ())::int)::varbit, (row_number() over (order by kickoff, id) - 1)::int, 1) as bit
          from matches where league_id = ${leagueOf}
      ),
      e as (${effective(groupId)})
      select e.user_id, bit_or(k.bit) as scored, bit_or(k.bit) filter (where e.points > 0) as hits
        from e join k on k.id = e.match_id
       where e.outcome is not null and e.outcome <> 'void'
       group by e.user_id`).then((r) => rowsOf<{ user_id: string; scored: string; hits: string | null }>(r)),
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
