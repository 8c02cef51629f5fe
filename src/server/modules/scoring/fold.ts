/**
 * Folding results into member_round_totals, in batches, without writing the predictions. A result change
 * bumps the match's result_version, snapshots that result in scoring_results and queues the match
 * (score-matches.ts). A pass then walks the match's predictions by (group, user) through
 * predictions_match_group_user_idx and adds, per member and round, the difference between the outcome at
 * the pass's result (to_version) and at the result the totals held (from_version); the queue row's cursor
 * records how far the pass went, in the same statement, so totals always equal the predictions at their
 * held snapshots (consistency.ts checks it). One row is written per member and batch, none per prediction:
 * folding costs about a bare UPDATE of the same number of rows (docs/benchmarks.md). Each batch runs under a
 * transaction-level advisory lock on the match, so several instances folding at once never count a
 * prediction twice. Rankings stay exact meanwhile: they add the difference of the not-yet-folded
 * predictions on read (scoring-sql.ts pendingRowsSql).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { rowsOf, type Conn, type Db } from '../../db/client';
import { foregroundIdleMs, inBackground } from '../../db/embedded-activity';
import { advanceSeasonMarks } from './season-totals';
import { outcomeOf, pointsSql, scoringColumnsSql, slotMaskSql, streakBitsSql, totalsDeltaSql } from './scoring-sql';

/** Advisory lock namespace (first key) of folding; the second key is hashtext(match id). */
export const FOLD_LOCK_KEY = 7_240_611;

/** Predictions per batch by default: big enough to amortise a statement, small enough to keep locks short. */
export const FOLD_BATCH_SIZE = 5_000;

/**
 * Predictions per batch: a number, or a function asked before each batch (foldPaceFor).
 */
export type FoldPace = number | (() => number);

/** Batches on the embedded database while requests are being served: a read waits for one at most. */
export const EMBEDDED_BUSY_BATCH = 200;
/** Batches on the embedded database when nobody has used it for EMBEDDED_QUIET_MS. */
export const EMBEDDED_IDLE_BATCH = 5_000;
/** How long the embedded database must have been left alone before the folder takes large batches. */
export const EMBEDDED_QUIET_MS = 1_000;

/**
 * The pace of folding on a database. PostgreSQL: FOLD_BATCH_SIZE (a batch runs on its own connection,
 * beside the requests). The embedded database runs every statement on the one thread, so a request waits
 * for the batch in front of it: EMBEDDED_BUSY_BATCH predictions (a few milliseconds) while requests have
 * used it within EMBEDDED_QUIET_MS, EMBEDDED_IDLE_BATCH otherwise, where a batch's fixed cost (its
 * transaction, lock and planning, about 4 ms there) would make small batches fold at twice the time of a
 * bare UPDATE (docs/benchmarks.md).
 * @param db the database handle the folder and the requests share.
 */
export function foldPaceFor(kind: 'pglite' | 'postgres', db: Db): FoldPace {
  if (kind === 'postgres') return FOLD_BATCH_SIZE;
  return () => (foregroundIdleMs(db) >= EMBEDDED_QUIET_MS ? EMBEDDED_IDLE_BATCH : EMBEDDED_BUSY_BATCH);
}

interface QueueState {
  from_version: number;
  to_version: number | null;
  cursor_group: string | null;
  cursor_user: string | null;
  result_version: number;
  from_scores: boolean;
  to_scores: boolean;
}

/** Whether a snapshot (alias `r`) can give a prediction an outcome that counts (finished with a score, or void). */
const scoresSql = (alias: string) => sql.raw(`coalesce(${alias}.status in ('postponed', 'cancelled')
  or (${alias}.status = 'finished' and ${alias}.home_goals is not null and ${alias}.away_goals is not null), false)`);

/**
 * Folds up to `limit` predictions of a queued match's current pass (starting a pass toward the match's
 * current result_version when none is under way), then, when the pass is over, makes its result the
 * folded one and takes the match off the queue if its result did not change meanwhile. Call it inside a
 * transaction that holds lockMatchForFolding.
 * @returns how many predictions this batch folded, and whether the match is fully folded (off the queue).
 */
export async function foldStep(conn: Conn, matchId: string, limit: number): Promise<{ folded: number; done: boolean }> {
  const [state] = rowsOf<QueueState>(await conn.execute(sql`
    select q.from_version, q.to_version, q.cursor_group, q.cursor_user, m.result_version,
           ${scoresSql('f')} as from_scores, ${scoresSql('t')} as to_scores
      from scoring_queue q
      join matches m on m.id = q.match_id
      left join scoring_results f on f.match_id = q.match_id and f.version = q.from_version
      left join scoring_results t on t.match_id = q.match_id and t.version = coalesce(q.to_version, m.result_version)
     where q.match_id = ${matchId}::uuid`));
  if (!state) return { folded: 0, done: true };
  const from = Number(state.from_version);
  const to = state.to_version === null ? Number(state.result_version) : Number(state.to_version);
  let folded = 0;
  let passOver = true;
  // Between two results that give no outcome (scheduled → live, a live score changing) nothing moves.
  if (to !== from && (state.from_scores || state.to_scores)) {
    if (state.to_version === null) await conn.execute(sql`update scoring_queue set to_version = ${to} where match_id = ${matchId}::uuid`);
    const after = state.cursor_group && state.cursor_user ? { groupId: state.cursor_group, userId: state.cursor_user } : null;
    // The batch's predictions come from the index in order; left to itself the planner hashed the whole
    // predictions table for each batch. For this transaction only.
    await conn.execute(sql`set local enable_hashjoin = off`);
    await conn.execute(sql`set local enable_mergejoin = off`);
    const [row] = rowsOf<{ folded: number }>(await conn.execute(foldBatchQuery(matchId, from, to, after, limit)));
    // The caller's transaction may go on (an import, a result saved by an administrator): planning as usual.
    await conn.execute(sql`set local enable_hashjoin to default`);
    await conn.execute(sql`set local enable_mergejoin to default`);
    folded = Number(row?.folded ?? 0);
    passOver = folded < limit;
  }
  if (!passOver) return { folded, done: false };
  // The pass is over: its result is what every prediction is folded at.
  const [left] = rowsOf<{ from_version: number }>(await conn.execute(sql`
    update scoring_queue set from_version = ${to}, to_version = null, cursor_group = null, cursor_user = null
     where match_id = ${matchId}::uuid returning from_version`));
  await conn.execute(sql`delete from scoring_results where match_id = ${matchId}::uuid and version < ${to}`);
  if (!left) return { folded, done: true };
  const [gone] = rowsOf<{ match_id: string }>(await conn.execute(sql`
    delete from scoring_queue q using matches m
     where q.match_id = ${matchId}::uuid and m.id = q.match_id and q.from_version = m.result_version
    returning q.match_id`));
  return { folded, done: gone !== undefined };
}

/**
 * Takes a queued match off the queue when its pass would fold nothing, as foldStep would end it, in one
 * statement and without reading a prediction however many the match has: the pass goes to the match's
 * current result, and that result and the one its totals hold give no outcome that counts (scheduled →
 * live, a live score changing), or are the same. Otherwise the match stays queued (for the folder). Call
 * it inside a transaction that holds lockMatchForFolding.
 * @returns whether the match left the queue.
 */
export async function dequeueIfNothingToFold(conn: Conn, matchId: string): Promise<boolean> {
  const gone = rowsOf<{ match_id: string }>(await conn.execute(sql`
    with pass as (
      select q.match_id, m.result_version
        from scoring_queue q
        join matches m on m.id = q.match_id
        left join scoring_results f on f.match_id = q.match_id and f.version = q.from_version
        left join scoring_results t on t.match_id = q.match_id and t.version = m.result_version
       where q.match_id = ${matchId}::uuid and coalesce(q.to_version, m.result_version) = m.result_version
         and (q.from_version = m.result_version or not (${scoresSql('f')} or ${scoresSql('t')}))
    ),
    -- The snapshots before the result the totals now hold, as foldStep drops them when a pass ends.
    snapshots as (
      delete from scoring_results r using pass where r.match_id = pass.match_id and r.version < pass.result_version
    )
    delete from scoring_queue q using pass where q.match_id = pass.match_id
    returning q.match_id`));
  return gone.length > 0;
}

/**
 * The statement of one fold batch (exported for EXPLAIN in benchmarks): the match's predictions after
 * `after` in (group, user) order, at most `limit`, moved from the snapshot `fromVersion` to `toVersion`;
 * per member and round the difference (points, counts, jokers counted) is added to member_round_totals (rows whose difference is zero are
 * not written) and the match's bit of the round's streak masks set to its new value and the queue's cursor moves to the last prediction read. Returns `folded`.
 */
export function foldBatchQuery(matchId: string, fromVersion: number, toVersion: number, after: { groupId: string; userId: string } | null, limit: number) {
  const keyset = after ? sql`and (p.group_id, p.user_id) > (${after.groupId}::uuid, ${after.userId}::text)` : sql``;
  const delta = totalsDeltaSql(sql`x.new_outcome`, pointsSql(sql`x.new_outcome`, 'x'), sql`x.old_outcome`, pointsSql(sql`x.old_outcome`, 'x'), sql`x.joker`);
  return sql`
    with picked as (
      -- Walk the match's predictions in index order (match, group, user) from the keyset: O(batch).
      select p.group_id, p.user_id, p.home_goals, p.away_goals, p.joker
        from predictions p
       where p.match_id = ${matchId}::uuid ${keyset}
       order by p.match_id, p.group_id, p.user_id
       limit ${limit}
    ),
    -- The match's round and both results, read once (joined per prediction they were looked up per row).
    snap as materialized (
      select m.round_order, ${slotMaskSql('m')} as mask,
             o.stage as o_stage, o.status as o_status, o.home_goals as o_home, o.away_goals as o_away,
             o.home_goals_extra_time as o_home_et, o.away_goals_extra_time as o_away_et,
             n.stage as n_stage, n.status as n_status, n.home_goals as n_home, n.away_goals as n_away,
             n.home_goals_extra_time as n_home_et, n.away_goals_extra_time as n_away_et
        from matches m
        left join scoring_results o on o.match_id = m.id and o.version = ${fromVersion}::int
        left join scoring_results n on n.match_id = m.id and n.version = ${toVersion}::int
       where m.id = ${matchId}::uuid
    ),
    -- Materialized: each outcome is computed once per prediction (inlined, the delta's many references
    -- to them recomputed the CASE each time).
    rows as materialized (
      select p.group_id, p.user_id, s.round_order, s.mask, ${scoringColumnsSql},
             ${outcomeOf({ m: 'o' })} as old_outcome, ${outcomeOf({ m: 'n' })} as new_outcome
        from picked p
        cross join snap s
        cross join lateral (select s.o_stage as stage, s.o_status as status, s.o_home as home_goals, s.o_away as away_goals,
                                   s.o_home_et as home_goals_extra_time, s.o_away_et as away_goals_extra_time) o
        cross join lateral (select s.n_stage as stage, s.n_status as status, s.n_home as home_goals, s.n_away as away_goals,
                                   s.n_home_et as home_goals_extra_time, s.n_away_et as away_goals_extra_time) n
        join groups g on g.id = p.group_id
    ),
    deltas as (
      select x.group_id, x.round_order, x.user_id, ${delta},
             ${streakBitsSql(sql`x.new_outcome`, pointsSql(sql`x.new_outcome`, 'x'), sql`x.mask`)}
        from rows x
       where x.old_outcome is distinct from x.new_outcome
       group by x.group_id, x.round_order, x.user_id
    ),
    written as (
      insert into member_round_totals as t (group_id, round_order, user_id, points, exact, goal_difference, winner, opposite, scored, jokers, scored_bits, hit_bits)
      select group_id, round_order, user_id, points, exact, goal_difference, winner, opposite, scored, jokers, scored_bits, hit_bits from deltas
      on conflict (group_id, round_order, user_id) do update
         set points = t.points + excluded.points, exact = t.exact + excluded.exact,
             goal_difference = t.goal_difference + excluded.goal_difference, winner = t.winner + excluded.winner,
             opposite = t.opposite + excluded.opposite, scored = t.scored + excluded.scored, jokers = t.jokers + excluded.jokers,
             -- The match's bit takes its new value; the round's other bits stay.
             scored_bits = (t.scored_bits & ~(select mask from snap)) | excluded.scored_bits,
             hit_bits = (t.hit_bits & ~(select mask from snap)) | excluded.hit_bits
      returning 1
    ),
    last as (select group_id, user_id from picked order by group_id desc, user_id desc limit 1),
    moved as (
      update scoring_queue set cursor_group = (select group_id from last), cursor_user = (select user_id from last)
       where match_id = ${matchId}::uuid and exists (select 1 from last)
      returning 1
    )
    select (select count(*) from picked)::int as folded,
           (select count(*) from written)::int as member_rounds,
           (select count(*) from moved)::int as moved`;
}

/** Takes the transaction-level advisory lock under which a match is folded (waits for another folder). */
export async function lockMatchForFolding(conn: Conn, matchId: string): Promise<void> {
  await conn.execute(sql`select pg_advisory_xact_lock(${FOLD_LOCK_KEY}, hashtext(${matchId}))`);
}

/**
 * Waits for the fold batches under way and keeps new ones out until the transaction ends, for every
 * queued match (their folding locks, taken in match order). Call it first in a transaction that deletes
 * predictions or totals (a member removed, a reset, a group or account deleted): a batch that read a
 * prediction before the deletion committed would otherwise write its difference into a fresh totals row
 * after it, leaving points behind for someone no longer there.
 */
export async function holdFolding(conn: Conn): Promise<void> {
  await conn.execute(sql`
    select pg_advisory_xact_lock(${FOLD_LOCK_KEY}, hashtext(q.match_id::text))
      from (select match_id from scoring_queue order by match_id) q`);
}

/**
 * Folds a queued match until it is off the queue (or its result keeps changing: at most a few passes
 * per call), one transaction per batch, its size taken from `pace` before each; background work on the
 * embedded database (embedded-activity.ts: it does not count as a request's).
 * @returns how many predictions were folded.
 */
export async function foldMatch(db: Db, matchId: string, pace: FoldPace = FOLD_BATCH_SIZE): Promise<number> {
  let total = 0;
  for (let steps = 0; steps < 1_000_000; steps++) {
    // A turn of the event loop before each batch: on the embedded database a statement never leaves the
    // thread, and back-to-back batches would keep every request (and timer) waiting until the match is
    // folded; here the requests that arrived meanwhile send their statements ahead of the next batch.
    await nextTurn();
    const limit = typeof pace === 'number' ? pace : pace();
    const step = await inBackground(() => db.transaction(async (tx) => {
      await lockMatchForFolding(tx, matchId);
      return foldStep(tx, matchId, limit);
    }));
    total += step.folded;
    if (step.done) break;
  }
  return total;
}

/**
 * Folds every queued match, oldest first, at `pace` (see foldMatch), then moves the season marks of the
 * leagues left quiet (season-totals.ts advanceSeasonMarks); a failure of that last step goes to
 * `onMarkError` when given (the run's folding stands), else it is thrown.
 * @returns how many predictions were folded.
 */
export async function foldPending(db: Db, pace: FoldPace = FOLD_BATCH_SIZE, onMarkError?: (error: unknown) => void): Promise<number> {
  const queued = rowsOf<{ match_id: string }>(await inBackground(() => db.execute(sql`select match_id from scoring_queue order by queued_at, match_id`)));
  let total = 0;
  for (const { match_id: matchId } of queued) total += await foldMatch(db, matchId, pace);
  try {
    await advanceSeasonMarks(db);
  } catch (error) {
    // The folding is done; a mark that did not move moves at the next run (rankings stay exact meanwhile).
    if (!onMarkError) throw error;
    onMarkError(error);
  }
  return total;
}
