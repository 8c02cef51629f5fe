/**
 * The consistency check of member_round_totals, and its repair. Two checks, each one set-based statement:
 * the stored round totals equal the predictions scored at the result snapshots the scoring queue says they
 * are folded at (roundTotalsMismatches), and what rankings read — the season rows, the stored totals after
 * them and the queued results' differences — equals the predictions scored on their matches' current results
 * (totalsMismatches). Run them after any scoring path (tests do), or by hand on a live database; empty
 * lists mean the totals are exact. rebuildTotals rewrites the totals from the predictions (bulk loads that
 * insert predictions of already scored matches, or a repair). predictionCountMismatches checks the
 * per-match prediction counts the match cards show (group_match_predictions) the same way, and
 * bonusMismatches the members' bonus points (member_bonus_totals) against their scored bonus answers;
 * jokerMismatches the jokers placed against each group's allowance.
 */
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Conn } from '../../db/client';
import { announceRankingsChanged } from './rankings-changed';
import { rebuildSeasonTotals } from './season-totals';
import { heldVersionSql, outcomeOf, outcomeSql, pendingDeltaSql, pendingRowsSql, pointsSql, slotMaskSql, streakBitsSql } from './scoring-sql';

/** A member whose ranking totals (folded plus queued) differ from their predictions on current results. */
export interface TotalsMismatch {
  groupId: string;
  userId: string;
  stored: { points: number; exact: number; goalDifference: number; winner: number; opposite: number; scored: number; jokers: number };
  recomputed: { points: number; exact: number; goalDifference: number; winner: number; opposite: number; scored: number; jokers: number };
}

/** A member's round whose stored totals differ from the recomputed ones. */
export interface RoundTotalsMismatch {
  groupId: string;
  userId: string;
  roundOrder: number;
  storedPoints: number;
  recomputedPoints: number;
}

/** Which totals a rebuild or check covers: one group, every group of a league, or everything. */
export type TotalsScope = { groupId?: string; leagueId?: string };

/** The WHERE clause limiting a group id column to a scope. */
function scopeWhere(scope: TotalsScope, column: string): SQL {
  if (scope.groupId) return sql`where ${sql.raw(column)} = ${scope.groupId}::uuid`;
  if (scope.leagueId) return sql`where ${sql.raw(column)} in (select id from groups where league_id = ${scope.leagueId}::uuid)`;
  return sql``;
}

/** Sums of an outcome column, a points column and a joker column as the totals' select list. */
function sumsOf(outcome: string, points: string, joker: string): SQL {
  const count = (name: string) => sql.raw(`(count(*) filter (where ${outcome} = '${name}'))::int as ${name}`);
  const scored = `${outcome} is not null and ${outcome} <> 'void'`;
  return sql`coalesce(sum(${sql.raw(points)}), 0)::int as points, ${count('exact')}, ${count('goal_difference')}, ${count('winner')},
    ${count('opposite')}, (count(*) filter (where ${sql.raw(scored)}))::int as scored,
    (count(*) filter (where ${sql.raw(scored)} and ${sql.raw(joker)}))::int as jokers`;
}

/**
 * Per (group, user, round): the totals and streak masks of the predictions at the snapshots they are held
 * at (the match's current result when it is not queued), only where some prediction scored or was counted.
 */
function heldTotalsSql(scope: TotalsScope = {}): SQL {
  const where = scopeWhere(scope, 'p.group_id');
  const held = outcomeOf({ m: 'h' });
  return sql`
    select x.group_id, x.user_id, x.round_order, ${sumsOf('x.outcome', 'x.points', 'x.joker')},
           ${streakBitsSql(sql`x.outcome`, sql`x.points`, sql`x.mask`)}
      from (
        select p.group_id, p.user_id, m.round_order, ${slotMaskSql('m')} as mask, p.joker, ${held} as outcome, ${pointsSql(held)} as points
          from predictions p
          join matches m on m.id = p.match_id
          join groups g on g.id = p.group_id
          left join scoring_queue q on q.match_id = p.match_id
          left join scoring_results h on h.match_id = p.match_id and h.version = ${heldVersionSql}
         ${where}
      ) x
     group by x.group_id, x.user_id, x.round_order
    having count(*) filter (where x.outcome is not null and x.outcome <> 'void') > 0`;
}

const totalsDiffer = `(coalesce(s.points, 0), coalesce(s.exact, 0), coalesce(s.goal_difference, 0), coalesce(s.winner, 0), coalesce(s.opposite, 0), coalesce(s.scored, 0), coalesce(s.jokers, 0))
  is distinct from
  (coalesce(r.points, 0), coalesce(r.exact, 0), coalesce(r.goal_difference, 0), coalesce(r.winner, 0), coalesce(r.opposite, 0), coalesce(r.scored, 0), coalesce(r.jokers, 0))`;
const differ = sql.raw(totalsDiffer);
/** differ, plus the streak masks. */
const roundDiffer = sql.raw(`${totalsDiffer}
  or (coalesce(s.scored_bits, 0), coalesce(s.hit_bits, 0)) is distinct from (coalesce(r.scored_bits, 0), coalesce(r.hit_bits, 0))`);

/**
 * Compares member_round_totals with the predictions at their held snapshots, by round (points, each count
 * and the streak masks).
 * @param groupId limit the check to one group (default: every group).
 */
export async function roundTotalsMismatches(conn: Conn, groupId?: string): Promise<RoundTotalsMismatch[]> {
  const stored = groupId ? sql`where group_id = ${groupId}::uuid` : sql``;
  const rows = rowsOf<{ group_id: string; user_id: string; round_order: number; s_points: number; r_points: number }>(await conn.execute(sql`
    with recomputed as (${heldTotalsSql({ groupId })}),
    stored as (select * from member_round_totals ${stored})
    select coalesce(s.group_id, r.group_id) as group_id, coalesce(s.user_id, r.user_id) as user_id,
           coalesce(s.round_order, r.round_order) as round_order,
           coalesce(s.points, 0) as s_points, coalesce(r.points, 0) as r_points
      from stored s
      full join recomputed r on r.group_id = s.group_id and r.user_id = s.user_id and r.round_order = s.round_order
     where ${roundDiffer}`));
  return rows.map((row) => ({
    groupId: String(row.group_id), userId: String(row.user_id), roundOrder: Number(row.round_order),
    storedPoints: Number(row.s_points), recomputedPoints: Number(row.r_points),
  }));
}

/**
 * Compares each member's ranking totals (their season row, member_round_totals after the league's mark
 * and the differences of queued results, as rankings read them) with their predictions scored on the matches' current results.
 * @param groupId limit the check to one group (default: every group).
 */
export async function totalsMismatches(conn: Conn, groupId?: string): Promise<TotalsMismatch[]> {
  const inGroup = (column: string) => (groupId ? sql`where ${sql.raw(column)} = ${groupId}::uuid` : sql``);
  const rows = rowsOf<Record<string, number | string>>(await conn.execute(sql`
    with recomputed as (
      select x.group_id, x.user_id, ${sumsOf('x.outcome', 'x.points', 'x.joker')}
        from (
          select p.group_id, p.user_id, p.joker, ${outcomeSql} as outcome, ${pointsSql(outcomeSql)} as points
            from predictions p join matches m on m.id = p.match_id join groups g on g.id = p.group_id
           ${inGroup('p.group_id')}
        ) x
       group by x.group_id, x.user_id
    ),
    pending_rows as (${pendingRowsSql(groupId ?? null)}),
    stored as (
      select group_id, user_id, sum(points)::int as points, sum(exact)::int as exact, sum(goal_difference)::int as goal_difference,
             sum(winner)::int as winner, sum(opposite)::int as opposite, sum(scored)::int as scored, sum(jokers)::int as jokers
        from (
          -- As rankings read them: the season row, and the rounds after the league's mark.
          select group_id, user_id, points, exact, goal_difference, winner, opposite, scored, jokers from member_season_totals ${inGroup('group_id')}
          union all
          select t.group_id, t.user_id, t.points, t.exact, t.goal_difference, t.winner, t.opposite, t.scored, t.jokers
            from member_round_totals t
            left join groups g on g.id = t.group_id
            left join season_total_marks k on k.league_id = g.league_id
           where t.round_order > coalesce(k.through_round, -2147483648) ${groupId ? sql`and t.group_id = ${groupId}::uuid` : sql``}
          union all
          select x.group_id, x.user_id, points, exact, goal_difference, winner, opposite, scored, jokers
            from (select x.group_id, x.user_id, ${pendingDeltaSql} from pending_rows x group by x.group_id, x.user_id) x
        ) u
       group by group_id, user_id
    )
    select coalesce(s.group_id, r.group_id) as group_id, coalesce(s.user_id, r.user_id) as user_id,
           coalesce(s.points, 0) as s_points, coalesce(s.exact, 0) as s_exact, coalesce(s.goal_difference, 0) as s_goal_difference,
           coalesce(s.winner, 0) as s_winner, coalesce(s.opposite, 0) as s_opposite, coalesce(s.scored, 0) as s_scored, coalesce(s.jokers, 0) as s_jokers,
           coalesce(r.points, 0) as r_points, coalesce(r.exact, 0) as r_exact, coalesce(r.goal_difference, 0) as r_goal_difference,
           coalesce(r.winner, 0) as r_winner, coalesce(r.opposite, 0) as r_opposite, coalesce(r.scored, 0) as r_scored, coalesce(r.jokers, 0) as r_jokers
      from stored s
      full join recomputed r on r.group_id = s.group_id and r.user_id = s.user_id
     where ${differ}`));
  const pick = (row: Record<string, number | string>, prefix: string) => ({
    points: Number(row[`${prefix}_points`]), exact: Number(row[`${prefix}_exact`]), goalDifference: Number(row[`${prefix}_goal_difference`]),
    winner: Number(row[`${prefix}_winner`]), opposite: Number(row[`${prefix}_opposite`]), scored: Number(row[`${prefix}_scored`]),
    jokers: Number(row[`${prefix}_jokers`]),
  });
  return rows.map((row) => ({ groupId: String(row.group_id), userId: String(row.user_id), stored: pick(row, 's'), recomputed: pick(row, 'r') }));
}

/**
 * Rewrites member_round_totals from the predictions at their held snapshots, in one statement pair, and
 * the season rows from them (season-totals.ts rebuildSeasonTotals; call it in a transaction): for one group, every group of a league, or everything. For bulk loads that insert
 * predictions of matches already scored (tests, benchmarks), which folding alone would not count; after
 * matches moved to another round (totals are kept per round); and as the repair of a failed check.
 * Signals rankingsChanged and notifies every instance at commit (rankings' movement reads the totals per
 * round), so the caches drop what they hold.
 * @param scope a group id (string) or a scope; omitted: every group.
 * @returns how many round-total rows were written.
 */
export async function rebuildTotals(conn: Conn, scope: string | TotalsScope = {}): Promise<number> {
  const where: TotalsScope = typeof scope === 'string' ? { groupId: scope } : scope;
  await conn.execute(sql`delete from member_round_totals ${scopeWhere(where, 'group_id')}`);
  const written = rowsOf<{ n: number }>(await conn.execute(sql`
    with written as (
      insert into member_round_totals (group_id, user_id, round_order, points, exact, goal_difference, winner, opposite, scored, jokers, scored_bits, hit_bits)
      select group_id, user_id, round_order, points, exact, goal_difference, winner, opposite, scored, jokers, scored_bits, hit_bits from (${heldTotalsSql(where)}) r
      returning 1
    )
    select count(*)::int as n from written`));
  await rebuildSeasonTotals(conn, where);
  await announceRankingsChanged(conn);
  return Number(written[0]?.n ?? 0);
}

/** A (group, match) whose kept prediction count differs from its predictions counted. */
export interface PredictionCountMismatch { groupId: string; matchId: string; kept: number; counted: number }

/**
 * Compares the prediction counts the triggers keep (group_match_predictions, summed over shards) with
 * the predictions counted, per group and match, in one statement.
 * @param groupId limit the check to one group (default: every group).
 */
export async function predictionCountMismatches(conn: Conn, groupId?: string): Promise<PredictionCountMismatch[]> {
  const inGroup = groupId ? sql`where group_id = ${groupId}::uuid` : sql``;
  const rows = rowsOf<{ group_id: string; match_id: string; kept: number; counted: number }>(await conn.execute(sql`
    with kept as (select group_id, match_id, sum(predictions)::int as n from group_match_predictions ${inGroup} group by group_id, match_id),
    counted as (select group_id, match_id, count(*)::int as n from predictions ${inGroup} group by group_id, match_id)
    select coalesce(k.group_id, c.group_id) as group_id, coalesce(k.match_id, c.match_id) as match_id,
           coalesce(k.n, 0) as kept, coalesce(c.n, 0) as counted
      from kept k full join counted c on c.group_id = k.group_id and c.match_id = k.match_id
     where coalesce(k.n, 0) <> coalesce(c.n, 0)`));
  return rows.map((row) => ({ groupId: String(row.group_id), matchId: String(row.match_id), kept: Number(row.kept), counted: Number(row.counted) }));
}

/** A member whose stored bonus points differ from their scored answers, or an answer scored unlike its question. */
export interface BonusMismatch { groupId: string; userId: string; stored: number; recomputed: number }

/**
 * The check of bonus points, one statement: each member's member_bonus_totals row (none: 0) equals the sum
 * of their answers' points, and an answer has points exactly when its question is decided (the points
 * themselves are the one statement of bonus/resolve.ts, tested against the domain's rule). An answer
 * scored while its question is undecided, or unscored once decided, is listed with stored −1 / recomputed −1.
 * @returns the mismatches; empty when bonus points are exact.
 */
export async function bonusMismatches(conn: Conn, groupId?: string): Promise<BonusMismatch[]> {
  const only = (column: string) => (groupId ? sql`where ${sql.raw(column)} = ${groupId}::uuid` : sql``);
  const rows = rowsOf<{ group_id: string; user_id: string; stored: number; recomputed: number }>(await conn.execute(sql`
    with answers as (
      select group_id, user_id, sum(points)::int as points from bonus_answers ${only('group_id')} group by group_id, user_id
    ), stored as (
      select group_id, user_id, points from member_bonus_totals ${only('group_id')}
    )
    select coalesce(s.group_id, a.group_id) as group_id, coalesce(s.user_id, a.user_id) as user_id,
           coalesce(s.points, 0) as stored, coalesce(a.points, 0) as recomputed
      from stored s full join answers a on a.group_id = s.group_id and a.user_id = s.user_id
     where coalesce(s.points, 0) <> coalesce(a.points, 0)
    union all
    select a.group_id, a.user_id, -1, -1
      from bonus_answers a join bonus_questions q on q.id = a.question_id
     where (a.points is null) <> (q.solution is null) ${groupId ? sql`and a.group_id = ${groupId}::uuid` : sql``}`));
  return rows.map((row) => ({ groupId: row.group_id, userId: row.user_id, stored: Number(row.stored), recomputed: Number(row.recomputed) }));
}

/** A member whose jokers break their group's allowance (jokerMismatches). */
export interface JokerMismatch { groupId: string; userId: string; jokers: number; allowed: number }

/**
 * The check of jokers, one statement: no member holds a joker in a group that plays without them, more
 * than the season's allowance, or (one per round) two in a round. Their points need no check of their own:
 * totalsMismatches recomputes every prediction's points with its joker (scoring-sql.ts pointsSql).
 * @returns the members over their allowance (per round: the round's count against 1); empty when jokers hold.
 */
export async function jokerMismatches(conn: Conn, groupId?: string): Promise<JokerMismatch[]> {
  const rows = rowsOf<{ group_id: string; user_id: string; jokers: number; allowed: number }>(await conn.execute(sql`
    select p.group_id, p.user_id, count(*)::int as jokers,
           (case when g.joker_mode is null then 0 else coalesce(g.jokers_per_season, 1) end) as allowed
      from predictions p
      join groups g on g.id = p.group_id
      join matches m on m.id = p.match_id
     where p.joker ${groupId ? sql`and p.group_id = ${groupId}::uuid` : sql``}
     group by p.group_id, p.user_id, g.joker_mode, g.jokers_per_season,
              (case when g.jokers_per_season is null then m.round_order end)
    having count(*) > (case when g.joker_mode is null then 0 else coalesce(g.jokers_per_season, 1) end)`));
  return rows.map((row) => ({ groupId: row.group_id, userId: row.user_id, jokers: Number(row.jokers), allowed: Number(row.allowed) }));
}
