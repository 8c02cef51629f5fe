/**
 * Folding scored predictions into member_totals and member_round_totals, in batches. A result change bumps the match's
 * result_version and queues it (score-matches.ts); folding then rewrites the points and outcome of the
 * match's predictions whose scored_version is older, and adds the differences to each member's totals,
 * in the same transaction per batch, so totals always equal the sum of the stored points. Batches walk
 * the match's predictions by (group, user) through predictions_match_group_user_idx, each under a
 * transaction-level advisory lock on the match, so several instances folding at once never count a
 * prediction twice. Rows are not locked up front (that would write every tuple twice): the update only
 * takes a row still at the version it was read at, and the totals move by the rows actually updated. Rankings stay exact meanwhile: they add the not-yet-folded predictions on read
 * (src/server/modules/groups/ranking.ts).
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Conn, type Db } from '../../db/client';
import { outcomeSql, pointsSql, scoringColumnsSql, totalsDeltaSql } from './scoring-sql';

/** Advisory lock namespace (first key) of folding; the second key is hashtext(match id). */
export const FOLD_LOCK_KEY = 7_240_611;

/** Where a batch stopped: the last (group, user) it folded. */
export interface FoldPosition { groupId: string; userId: string }

/** Predictions per batch by default: big enough to amortise a statement, small enough to keep locks short. */
export const FOLD_BATCH_SIZE = 5_000;

/**
 * Folds up to `limit` unfolded predictions of a match after `after`, in one statement. Call it inside a
 * transaction that holds lockMatchForFolding.
 * @returns how many predictions were folded and the position of the last one (null when none).
 */
export async function foldBatch(conn: Conn, matchId: string, after: FoldPosition | null, limit: number): Promise<{ folded: number; last: FoldPosition | null }> {
  const [match] = rowsOf<{ result_version: number }>(await conn.execute(sql`select result_version from matches where id = ${matchId}::uuid`));
  if (!match) return { folded: 0, last: null };
  // The batch's rows are found by primary key, one by one: left to itself the planner hashed the whole
  // predictions table for each 5,000-row batch (every batch reading all 400,000 predictions of a final:
  // the fold grew with the square of its size). For this transaction only.
  await conn.execute(sql`set local enable_hashjoin = off`);
  await conn.execute(sql`set local enable_mergejoin = off`);
  const [row] = rowsOf<{ folded: number; last_group: string | null; last_user: string | null }>(
    await conn.execute(foldBatchQuery(matchId, Number(match.result_version), after, limit)));
  // The caller's transaction may go on (an import, a result saved by an administrator): planning as usual.
  await conn.execute(sql`set local enable_hashjoin to default`);
  await conn.execute(sql`set local enable_mergejoin to default`);
  const folded = Number(row?.folded ?? 0);
  return { folded, last: row?.last_group && row.last_user ? { groupId: row.last_group, userId: row.last_user } : null };
}

/**
 * The statement of one fold batch, folding to the match's `resultVersion` (exported for EXPLAIN in
 * benchmarks). The version is a bound value, not a subquery: with it the planner sees that nearly every
 * prediction of the match is still to fold and walks the index (match, group, user) from the keyset; with
 * a subquery it guessed one row and read every prediction of the match for each batch.
 */
export function foldBatchQuery(matchId: string, resultVersion: number, after: FoldPosition | null, limit: number) {
  const keyset = after ? sql`and (p.group_id, p.user_id) > (${after.groupId}::uuid, ${after.userId}::text)` : sql``;
  return sql`
    with picked as (
      -- Walk the match's predictions in index order (match, group, user) from the keyset: O(batch).
      select p.id, p.group_id, p.user_id, p.home_goals, p.away_goals, p.outcome as old_outcome, p.points as old_points,
             p.scored_version as old_version
        from predictions p
       where p.match_id = ${matchId}::uuid
         and p.scored_version <> ${resultVersion}::int ${keyset}
       order by p.match_id, p.group_id, p.user_id
       limit ${limit}
    ),
    batch as (
      select x.*, ${pointsSql(sql`x.new_outcome`, 'x')} as new_points
        from (
          select p.*, m.round_order, m.result_version, ${scoringColumnsSql}, ${outcomeSql} as new_outcome
            from picked p
            join matches m on m.id = ${matchId}::uuid
            join groups g on g.id = p.group_id
        ) x
    ),
    -- Only rows still at the version they were read at are rewritten; totals move by exactly those rows.
    done as (
      update predictions p
         set outcome = b.new_outcome, points = b.new_points, scored_version = b.result_version
        from batch b
       where p.id = b.id and p.scored_version = b.old_version
      returning b.group_id, b.user_id, b.round_order, b.old_outcome, b.old_points, b.new_outcome, b.new_points
    ),
    deltas as (
      select b.group_id, b.user_id, ${totalsDeltaSql(sql`b.new_outcome`, sql`b.new_points`, sql`b.old_outcome`, sql`b.old_points`)}
        from done b
       group by b.group_id, b.user_id
    ),
    totals as (
      insert into member_totals as t (group_id, user_id, points, exact, goal_difference, winner, opposite, scored)
      select group_id, user_id, points, exact, goal_difference, winner, opposite, scored from deltas
      on conflict (group_id, user_id) do update
         set points = t.points + excluded.points, exact = t.exact + excluded.exact,
             goal_difference = t.goal_difference + excluded.goal_difference, winner = t.winner + excluded.winner,
             opposite = t.opposite + excluded.opposite, scored = t.scored + excluded.scored, updated_at = now()
      returning 1
    ),
    round_deltas as (
      select b.group_id, b.round_order, b.user_id, ${totalsDeltaSql(sql`b.new_outcome`, sql`b.new_points`, sql`b.old_outcome`, sql`b.old_points`)}
        from done b
       group by b.group_id, b.round_order, b.user_id
    ),
    round_totals as (
      insert into member_round_totals as t (group_id, round_order, user_id, points, exact, goal_difference, winner, opposite, scored)
      select group_id, round_order, user_id, points, exact, goal_difference, winner, opposite, scored from round_deltas
      on conflict (group_id, round_order, user_id) do update
         set points = t.points + excluded.points, exact = t.exact + excluded.exact,
             goal_difference = t.goal_difference + excluded.goal_difference, winner = t.winner + excluded.winner,
             opposite = t.opposite + excluded.opposite, scored = t.scored + excluded.scored
      returning 1
    ),
    last as (select group_id, user_id from batch order by group_id desc, user_id desc limit 1)
    select (select count(*) from batch)::int as folded,
           (select count(*) from done)::int as rewritten,
           (select count(*) from totals)::int as members,
           (select count(*) from round_totals)::int as member_rounds,
           (select group_id from last) as last_group,
           (select user_id from last) as last_user`;
}

/** Takes the transaction-level advisory lock under which a match is folded (waits for another folder). */
export async function lockMatchForFolding(conn: Conn, matchId: string): Promise<void> {
  await conn.execute(sql`select pg_advisory_xact_lock(${FOLD_LOCK_KEY}, hashtext(${matchId}))`);
}

/**
 * Folds every unfolded prediction of a match, one transaction per batch, then takes the match off the
 * queue if its result did not change meanwhile (otherwise it stays queued for the next run).
 * @returns how many predictions were folded.
 */
export async function foldMatch(db: Db, matchId: string, batchSize = FOLD_BATCH_SIZE): Promise<number> {
  const [queued] = rowsOf<{ version: number }>(await db.execute(sql`select version from scoring_queue where match_id = ${matchId}::uuid`));
  let after: FoldPosition | null = null;
  let total = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      await lockMatchForFolding(tx, matchId);
      return foldBatch(tx, matchId, after, batchSize);
    });
    total += batch.folded;
    if (batch.folded < batchSize || !batch.last) break;
    after = batch.last;
  }
  if (queued) await db.execute(sql`delete from scoring_queue where match_id = ${matchId}::uuid and version = ${queued.version}`);
  return total;
}

/**
 * Folds every queued match, oldest first.
 * @returns how many predictions were folded.
 */
export async function foldPending(db: Db, batchSize = FOLD_BATCH_SIZE): Promise<number> {
  const queued = rowsOf<{ match_id: string }>(await db.execute(sql`select match_id from scoring_queue order by queued_at, match_id`));
  let total = 0;
  for (const { match_id: matchId } of queued) total += await foldMatch(db, matchId, batchSize);
  return total;
}
