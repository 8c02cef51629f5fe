/**
 * A group's ranking in one SQL statement that never aggregates the group's predictions: each member's
 * folded totals (member_totals) plus, for matches still queued for folding, the difference their
 * group's predictions make (computed on read for this group only, so a result counts at once however
 * many predictions it has). Ranked with RANK() over the keys of src/domain/ranking.ts (points, exact,
 * goal difference, winner, then fewer opposite results; equal members share a rank). Members without
 * predictions are listed with 0. Movement compares with the ranking before the latest finished round (its
 * matches' points taken away; 0 for everyone while there is no earlier finished round), as
 * src/domain/stats.ts `movement` does.
 */
import { sql } from 'drizzle-orm';
import type { RankingRow } from '../../../contracts/groups';
import { rowsOf, type Conn } from '../../db/client';
import { avatarUrl } from '../profile/avatar-url';
import { outcomeSql, pointsSql, scoringColumnsSql, totalsDeltaSql } from '../scoring/scoring-sql';

/** The ranking statement of a group (exported for EXPLAIN in benchmarks). */
export function rankingQuery(groupId: string) {
  const delta = totalsDeltaSql(sql`x.new_outcome`, pointsSql(sql`x.new_outcome`, 'x'), sql`x.old_outcome`, sql`x.old_points`);
  return sql`
    with pending_rows as (
      -- This group's predictions of matches whose new result is not folded yet.
      select p.user_id, m.round_order, p.outcome as old_outcome, p.points as old_points, ${scoringColumnsSql}, ${outcomeSql} as new_outcome
        from scoring_queue q
        join matches m on m.id = q.match_id
        join predictions p on p.match_id = q.match_id and p.group_id = ${groupId}::uuid
        join groups g on g.id = p.group_id
       where p.scored_version <> m.result_version
    ),
    pending as (select x.user_id, ${delta} from pending_rows x group by x.user_id),
    latest as (
      select max(m.round_order) as round_order from matches m
       where m.league_id = (select league_id from groups where id = ${groupId}::uuid) and m.status = 'finished'
    ),
    earlier as (
      select exists (
        select 1 from matches m
         where m.league_id = (select league_id from groups where id = ${groupId}::uuid) and m.status = 'finished'
           and m.round_order < (select round_order from latest)
      ) as has_earlier
    ),
    latest_round as (
      -- What the latest finished round added, per member: its folded round totals plus its unfolded results.
      select user_id, sum(points)::int as points, sum(exact)::int as exact, sum(goal_difference)::int as goal_difference,
             sum(winner)::int as winner, sum(opposite)::int as opposite
        from (
          select user_id, points, exact, goal_difference, winner, opposite, scored
            from member_round_totals
           where group_id = ${groupId}::uuid and round_order = (select round_order from latest)
          union all
          select x.user_id, ${delta} from pending_rows x where x.round_order = (select round_order from latest) group by x.user_id
        ) u
       group by user_id
    ),
    totals as (
      select gm.user_id, pr.username, pr.avatar_url,
             (coalesce(t.points, 0) + coalesce(d.points, 0))::int as points,
             (coalesce(t.exact, 0) + coalesce(d.exact, 0))::int as exact,
             (coalesce(t.goal_difference, 0) + coalesce(d.goal_difference, 0))::int as goal_difference,
             (coalesce(t.winner, 0) + coalesce(d.winner, 0))::int as winner,
             (coalesce(t.opposite, 0) + coalesce(d.opposite, 0))::int as opposite,
             (coalesce(t.scored, 0) + coalesce(d.scored, 0))::int as predictions
        from group_members gm
        join profiles pr on pr.user_id = gm.user_id
        left join member_totals t on t.group_id = gm.group_id and t.user_id = gm.user_id
        left join pending d on d.user_id = gm.user_id
       where gm.group_id = ${groupId}::uuid
    ),
    ranked as (
      select t.*,
             rank() over (order by t.points desc, t.exact desc, t.goal_difference desc, t.winner desc, t.opposite asc)::int as rank,
             rank() over (order by t.points - coalesce(l.points, 0) desc, t.exact - coalesce(l.exact, 0) desc,
                                   t.goal_difference - coalesce(l.goal_difference, 0) desc, t.winner - coalesce(l.winner, 0) desc,
                                   t.opposite - coalesce(l.opposite, 0) asc)::int as previous_rank
        from totals t left join latest_round l on l.user_id = t.user_id
    )
    select rank, user_id, username, avatar_url, points, exact, goal_difference, winner, opposite, predictions,
           case when (select has_earlier from earlier) then previous_rank - rank else 0 end as movement
      from ranked
     order by rank, lower(username)`;
}

/** The ranking of a group, best first; ties ordered by username. `predictions` counts scored predictions. */
export async function groupRanking(db: Conn, groupId: string): Promise<RankingRow[]> {
  const result = await db.execute(rankingQuery(groupId));
  return rowsOf<{
    rank: number; user_id: string; username: string; avatar_url: string | null; points: number; exact: number;
    goal_difference: number; winner: number; opposite: number; predictions: number; movement: number;
  }>(result).map((row) => ({
    rank: Number(row.rank),
    userId: row.user_id,
    username: row.username,
    avatarUrl: row.avatar_url ?? avatarUrl(row.user_id, null),
    points: Number(row.points),
    exact: Number(row.exact),
    goalDifference: Number(row.goal_difference),
    winner: Number(row.winner),
    opposite: Number(row.opposite),
    predictions: Number(row.predictions),
    movement: Number(row.movement),
  }));
}
