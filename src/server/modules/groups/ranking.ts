/**
 * A group's ranking, computed in one SQL statement: each member's points and outcome counts, ranked
 * with RANK() over the keys of src/domain/ranking.ts (points, exact, goal difference, winner, then
 * fewer opposite results; equal members share a rank). Members without predictions are listed with 0.
 */
import { sql } from 'drizzle-orm';
import type { RankingRow } from '../../../contracts/groups';
import { rowsOf, type Conn } from '../../db/client';

/** The ranking of a group, best first; ties ordered by username. */
export async function groupRanking(db: Conn, groupId: string): Promise<RankingRow[]> {
  const result = await db.execute(sql`
    with totals as (
      select gm.user_id,
             pr.username,
             coalesce(sum(p.points), 0)::int as points,
             (count(*) filter (where p.outcome = 'exact'))::int as exact,
             (count(*) filter (where p.outcome = 'goal_difference'))::int as goal_difference,
             (count(*) filter (where p.outcome = 'winner'))::int as winner,
             (count(*) filter (where p.outcome = 'opposite'))::int as opposite,
             count(p.id)::int as predictions
        from group_members gm
        join profiles pr on pr.user_id = gm.user_id
        left join predictions p on p.group_id = gm.group_id and p.user_id = gm.user_id
       where gm.group_id = ${groupId}
       group by gm.user_id, pr.username
    )
    select rank() over (order by points desc, exact desc, goal_difference desc, winner desc, opposite asc)::int as rank,
           user_id, username, points, exact, goal_difference, winner, opposite, predictions
      from totals
     order by rank, lower(username)`);
  return rowsOf<{
    rank: number; user_id: string; username: string; points: number; exact: number;
    goal_difference: number; winner: number; opposite: number; predictions: number;
  }>(result).map((row) => ({
    rank: Number(row.rank),
    userId: row.user_id,
    username: row.username,
    points: Number(row.points),
    exact: Number(row.exact),
    goalDifference: Number(row.goal_difference),
    winner: Number(row.winner),
    opposite: Number(row.opposite),
    predictions: Number(row.predictions),
  }));
}
