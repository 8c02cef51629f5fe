/**
 * The consistency check of member_totals and member_round_totals: recomputes every member's totals (and
 * per round) from the stored points and outcomes of their predictions and lists where they differ. Run it after any scoring path (tests do),
 * or by hand on a live database; an empty list means the totals are exact.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Conn } from '../../db/client';

/** A member whose stored totals differ from the recomputed ones. */
export interface TotalsMismatch {
  groupId: string;
  userId: string;
  stored: { points: number; exact: number; goalDifference: number; winner: number; opposite: number; scored: number };
  recomputed: { points: number; exact: number; goalDifference: number; winner: number; opposite: number; scored: number };
}

/** A member's round whose stored totals differ from the recomputed ones. */
export interface RoundTotalsMismatch {
  groupId: string;
  userId: string;
  roundOrder: number;
  storedPoints: number;
  recomputedPoints: number;
}

/**
 * Compares member_round_totals with sums over predictions by round (points and each count), in one statement.
 * @param groupId limit the check to one group (default: every group).
 */
export async function roundTotalsMismatches(conn: Conn, groupId?: string): Promise<RoundTotalsMismatch[]> {
  const where = groupId ? sql`where p.group_id = ${groupId}::uuid` : sql``;
  const stored = groupId ? sql`where group_id = ${groupId}::uuid` : sql``;
  const rows = rowsOf<{ group_id: string; user_id: string; round_order: number; s_points: number; r_points: number }>(await conn.execute(sql`
    with recomputed as (
      select p.group_id, p.user_id, m.round_order,
             coalesce(sum(p.points), 0)::int as points,
             (count(*) filter (where p.outcome = 'exact'))::int as exact,
             (count(*) filter (where p.outcome = 'goal_difference'))::int as goal_difference,
             (count(*) filter (where p.outcome = 'winner'))::int as winner,
             (count(*) filter (where p.outcome = 'opposite'))::int as opposite,
             (count(*) filter (where p.outcome is not null and p.outcome <> 'void'))::int as scored
        from predictions p join matches m on m.id = p.match_id ${where}
       group by p.group_id, p.user_id, m.round_order
    ),
    stored as (select * from member_round_totals ${stored})
    select coalesce(s.group_id, r.group_id) as group_id, coalesce(s.user_id, r.user_id) as user_id,
           coalesce(s.round_order, r.round_order) as round_order,
           coalesce(s.points, 0) as s_points, coalesce(r.points, 0) as r_points
      from stored s
      full join recomputed r on r.group_id = s.group_id and r.user_id = s.user_id and r.round_order = s.round_order
     where (coalesce(s.points, 0), coalesce(s.exact, 0), coalesce(s.goal_difference, 0), coalesce(s.winner, 0), coalesce(s.opposite, 0), coalesce(s.scored, 0))
           is distinct from
           (coalesce(r.points, 0), coalesce(r.exact, 0), coalesce(r.goal_difference, 0), coalesce(r.winner, 0), coalesce(r.opposite, 0), coalesce(r.scored, 0))`));
  return rows.map((row) => ({
    groupId: String(row.group_id), userId: String(row.user_id), roundOrder: Number(row.round_order),
    storedPoints: Number(row.s_points), recomputedPoints: Number(row.r_points),
  }));
}

/**
 * Compares member_totals with sums over predictions, in one statement.
 * @param groupId limit the check to one group (default: every group).
 */
export async function totalsMismatches(conn: Conn, groupId?: string): Promise<TotalsMismatch[]> {
  const inGroup = (column: string) => (groupId ? sql`where ${sql.raw(column)} = ${groupId}::uuid` : sql``);
  const rows = rowsOf<Record<string, number | string>>(await conn.execute(sql`
    with recomputed as (
      select group_id, user_id,
             coalesce(sum(points), 0)::int as points,
             (count(*) filter (where outcome = 'exact'))::int as exact,
             (count(*) filter (where outcome = 'goal_difference'))::int as goal_difference,
             (count(*) filter (where outcome = 'winner'))::int as winner,
             (count(*) filter (where outcome = 'opposite'))::int as opposite,
             (count(*) filter (where outcome is not null and outcome <> 'void'))::int as scored
        from predictions ${inGroup('group_id')}
       group by group_id, user_id
    ),
    stored as (select * from member_totals ${inGroup('group_id')})
    select coalesce(s.group_id, r.group_id) as group_id, coalesce(s.user_id, r.user_id) as user_id,
           coalesce(s.points, 0) as s_points, coalesce(s.exact, 0) as s_exact, coalesce(s.goal_difference, 0) as s_goal_difference,
           coalesce(s.winner, 0) as s_winner, coalesce(s.opposite, 0) as s_opposite, coalesce(s.scored, 0) as s_scored,
           coalesce(r.points, 0) as r_points, coalesce(r.exact, 0) as r_exact, coalesce(r.goal_difference, 0) as r_goal_difference,
           coalesce(r.winner, 0) as r_winner, coalesce(r.opposite, 0) as r_opposite, coalesce(r.scored, 0) as r_scored
      from stored s
      full join recomputed r on r.group_id = s.group_id and r.user_id = s.user_id
     where (coalesce(s.points, 0), coalesce(s.exact, 0), coalesce(s.goal_difference, 0), coalesce(s.winner, 0), coalesce(s.opposite, 0), coalesce(s.scored, 0))
           is distinct from
           (coalesce(r.points, 0), coalesce(r.exact, 0), coalesce(r.goal_difference, 0), coalesce(r.winner, 0), coalesce(r.opposite, 0), coalesce(r.scored, 0))`));
  const pick = (row: Record<string, number | string>, prefix: string) => ({
    points: Number(row[`${prefix}_points`]), exact: Number(row[`${prefix}_exact`]), goalDifference: Number(row[`${prefix}_goal_difference`]),
    winner: Number(row[`${prefix}_winner`]), opposite: Number(row[`${prefix}_opposite`]), scored: Number(row[`${prefix}_scored`]),
  });
  return rows.map((row) => ({ groupId: String(row.group_id), userId: String(row.user_id), stored: pick(row, 's'), recomputed: pick(row, 'r') }));
}
