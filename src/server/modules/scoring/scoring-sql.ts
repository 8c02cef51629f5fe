/**
 * The scoring rule of src/domain/scoring.ts written in SQL, per group: the outcome of a prediction on
 * the score the group counts (countedScore: after extra time for knockout matches when the group's
 * basis says so, else the 90 minutes; never penalties), and its points under the group's own points.
 * Outcomes and points are never stored on predictions: they are computed from a result — the match's
 * current one, or a snapshot in scoring_results that member_round_totals hold a prediction at.
 * score-matches.test.ts checks the rule against the domain.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { PREDICTION_OUTCOMES } from '../../../domain/scoring';

type PredictionOutcome = (typeof PREDICTION_OUTCOMES)[number];

/** Table aliases an outcome reads: the prediction, the result (a matches or scoring_results row), the group. */
export interface OutcomeAliases { p?: string; m?: string; g?: string }

/**
 * The rule itself, on a result already reduced to what counts: `voided` (an SQL boolean: postponed or
 * cancelled), and the counted `home` / `away` goals (null while there is no final score).
 */
function outcomeRule(p: string, voided: string, home: string, away: string): string {
  return `(case
  when ${voided} then 'void'
  when ${home} is null or ${away} is null then null
  when ${p}.home_goals = ${home} and ${p}.away_goals = ${away} then 'exact'
  when ${p}.home_goals - ${p}.away_goals = ${home} - ${away} then 'goal_difference'
  when sign(${p}.home_goals - ${p}.away_goals) = sign(${home} - ${away}) then 'winner'
  when sign(${p}.home_goals - ${p}.away_goals) = -sign(${home} - ${away}) and ${home} <> ${away} then 'opposite'
  else 'miss'
end)::prediction_outcome`;
}

/**
 * One side's goals of result `m` as group `g` counts them, null unless `counts` (an SQL condition on `m`)
 * holds: after extra time for knockout matches when the group's basis says so and extra time has goals,
 * else the 90 minutes'.
 */
function countedGoals(m: string, g: string, counts: string, side: 'home' | 'away'): string {
  return `(case when not (${counts}) then null
    when ${m}.stage = 'knockout' and ${g}.knockout_basis = 'extra_time'
      and ${m}.home_goals_extra_time is not null and ${m}.away_goals_extra_time is not null
    then ${m}.${side}_goals_extra_time else ${m}.${side}_goals end)`;
}

/** What of result `m` counts for group `g`, as SQL expressions (see countedResultSql). */
function counted(m: string, g: string): { voided: string; home: string; away: string } {
  const finished = `${m}.status = 'finished' and ${m}.home_goals is not null and ${m}.away_goals is not null`;
  return {
    voided: `coalesce(${m}.status in ('postponed', 'cancelled'), false)`,
    home: countedGoals(m, g, finished, 'home'), away: countedGoals(m, g, finished, 'away'),
  };
}

/**
 * What of a result counts for a group, as the select list `voided, counted_home, counted_away`: voided
 * when postponed or cancelled; the goals after extra time for knockout matches when the group's basis
 * says so (and they are known), else after 90 minutes; null unless finished with a score.
 * @param m the result's alias (a matches or scoring_results row); @param g the group's alias.
 */
export function countedResultSql(m = 'm', g = 'g'): SQL {
  const c = counted(m, g);
  return sql.raw(`${c.voided} as voided, ${c.home} as counted_home, ${c.away} as counted_away`);
}

/**
 * The outcome of prediction `p` against a row `r` carrying countedResultSql's columns: computing those
 * once per match and this per prediction is the cheap way to score many predictions.
 */
export function outcomeOnCountedSql(p = 'p', r = 'r'): SQL {
  return sql.raw(outcomeRule(p, `${r}.voided`, `${r}.counted_home`, `${r}.counted_away`));
}

/**
 * The outcome ('exact' … 'miss', 'void' for postponed or cancelled, null while not finished or when the
 * result row is missing) as prediction_outcome.
 * @param aliases which aliases hold the prediction (default `p`), the result (`m`) and the group (`g`).
 */
export function outcomeOf(aliases: OutcomeAliases = {}): SQL {
  const c = counted(aliases.m ?? 'm', aliases.g ?? 'g');
  return sql.raw(outcomeRule(aliases.p ?? 'p', c.voided, c.home, c.away));
}

/**
 * The outcome prediction `p` would have if match `m`, in play, ended at its current score ("if it ended
 * now"): the same rule on the live goals (after extra time for knockout matches when group `g`'s
 * basis says so and extra time has goals), null when the match is not in play or has no score yet.
 */
export function liveOutcomeSql(p = 'p', m = 'm', g = 'g'): SQL {
  const live = `${m}.status = 'live'`;
  return sql.raw(outcomeRule(p, 'false', countedGoals(m, g, live, 'home'), countedGoals(m, g, live, 'away')));
}

/** The outcome of prediction `p` on match `m`'s current result under group `g`'s basis. */
export const outcomeSql: SQL = outcomeOf();

/**
 * Points for an outcome under a group's points (null for void and unscored), a joker applied
 * (src/domain/jokers.ts jokerPoints: twice the points with mode 'double', twice only points above 0 with
 * 'double_positive'; none while the group plays without jokers).
 * @param outcome an SQL expression of type prediction_outcome.
 * @param from the alias holding the scoring_* and joker_mode columns (default `g`, the groups table).
 * @param joker the SQL boolean of the prediction's joker (default `p.joker` with `g`, else `<from>.joker`).
 */
export function pointsSql(outcome: SQL, from = 'g', joker = from === 'g' ? 'p.joker' : `${from}.joker`): SQL {
  const column = (name: string) => sql.raw(`${from}.${name}`);
  const base = sql`(case ${outcome}
    when 'exact' then ${column('scoring_exact')}
    when 'goal_difference' then ${column('scoring_goal_difference')}
    when 'winner' then ${column('scoring_winner')}
    when 'opposite' then ${column('scoring_opposite')}
    when 'miss' then 0
    else null end)`;
  const mode = sql.raw(`${from}.joker_mode`);
  // Without a joker (nearly every prediction) the points are computed once.
  return sql`(case when not coalesce(${sql.raw(joker)}, false) or ${mode} is null then ${base}
    else ${base} * (case when ${mode} = 'double' or ${base} > 0 then 2 else 1 end) end)`;
}

/** The groups columns pointsSql reads, to carry through a subquery (with the prediction's joker, as `joker`). */
export const scoringColumnsSql: SQL = sql.raw('g.scoring_exact, g.scoring_goal_difference, g.scoring_winner, g.scoring_opposite, g.joker_mode, p.joker');

/**
 * The result version whose snapshot member_round_totals hold prediction `p` of match `m` at, given its
 * scoring_queue row `q` (left-joined: null when the match is not queued, then its current version): the
 * pass's to_version up to the pass's cursor (group, user), from_version after it.
 */
export const heldVersionSql: SQL = sql.raw(`(case
  when q.match_id is null then m.result_version
  when q.to_version is not null and (p.group_id, p.user_id) <= (q.cursor_group, q.cursor_user) then q.to_version
  else q.from_version end)`);

/**
 * One group's predictions of the matches queued for folding, each with the outcome its totals hold
 * (`old_outcome`, at its held snapshot) and the outcome of the match's current result (`new_outcome`),
 * plus the group, user, round_order and the group's scoring columns (every group when `groupId` is null;
 * `{ groupIds }`: the groups of a uuid array literal, db/array-literal.ts).
 * Read through the index (match, group, user): O(this group's predictions of queued matches).
 */
export function pendingRowsSql(groupId: string | null | { groupIds: string }): SQL {
  const inGroup = groupId === null ? sql``
    : typeof groupId === 'string' ? sql`and p.group_id = ${groupId}::uuid` : sql`and p.group_id = any(${groupId.groupIds}::uuid[])`;
  return sql`
    select p.group_id, p.user_id, m.round_order, ${scoringColumnsSql},
           ${outcomeOf({ m: 'h' })} as old_outcome, ${outcomeSql} as new_outcome
      from scoring_queue q
      join matches m on m.id = q.match_id
      -- Per queued match through the index (match, group, user), whatever the estimates say (offset 0
      -- keeps the lookup: planned without the group's id, as a generic plan is, with one group holding
      -- most predictions, it scanned every prediction, 40 ms for none).
      cross join lateral (select * from predictions p where p.match_id = q.match_id ${inGroup} offset 0) p
      join groups g on g.id = p.group_id
      left join scoring_results h on h.match_id = q.match_id and h.version = ${heldVersionSql}`;
}

/**
 * Differences of the totals columns between a new and an old (outcome, points) pair, as a select list
 * `points, exact, goal_difference, winner, opposite, scored, jokers` of sums over the rows in scope
 * (`jokers`: counted predictions, as `scored`, that carry a joker).
 * @param joker the SQL boolean of the row's joker.
 */
export function totalsDeltaSql(newOutcome: SQL, newPoints: SQL, oldOutcome: SQL, oldPoints: SQL, joker: SQL): SQL {
  const count = (outcome: SQL, name: string) => sql`(${outcome} is not distinct from ${sql.raw(`'${name}'`)}::prediction_outcome)::int`;
  const isScored = (outcome: SQL) => sql`(${outcome} is not null and ${outcome} <> 'void')::int`;
  return sql`
    coalesce(sum(coalesce(${newPoints}, 0) - coalesce(${oldPoints}, 0)), 0)::int as points,
    coalesce(sum(${count(newOutcome, 'exact')} - ${count(oldOutcome, 'exact')}), 0)::int as exact,
    coalesce(sum(${count(newOutcome, 'goal_difference')} - ${count(oldOutcome, 'goal_difference')}), 0)::int as goal_difference,
    coalesce(sum(${count(newOutcome, 'winner')} - ${count(oldOutcome, 'winner')}), 0)::int as winner,
    coalesce(sum(${count(newOutcome, 'opposite')} - ${count(oldOutcome, 'opposite')}), 0)::int as opposite,
    coalesce(sum(${isScored(newOutcome)} - ${isScored(oldOutcome)}), 0)::int as scored,
    coalesce(sum(${isScored(newOutcome)} - ${isScored(oldOutcome)}) filter (where ${joker}), 0)::int as jokers`;
}

/**
 * A match's bit in its round's streak masks (member_round_totals.scored_bits / hit_bits), as a bigint:
 * `1 << round_slot` for slots 0–63, else 0 (no bit: such matches are read from their predictions).
 * @param m the matches row's alias.
 */
export function slotMaskSql(m = 'm'): SQL {
  return sql.raw(`(case when ${m}.round_slot between 0 and 63 then 1::bigint << ${m}.round_slot else 0::bigint end)`);
}

/** Whether a round slot has a bit in the streak masks (SQL boolean). */
export function hasSlotBitSql(m = 'm'): SQL {
  return sql.raw(`coalesce(${m}.round_slot between 0 and 63, false)`);
}

/**
 * The streak masks of the rows in scope as the select list `scored_bits, hit_bits`: OR of `mask` over
 * the predictions that count (an outcome, not void), and over those that earned more than 0 points.
 */
export function streakBitsSql(outcome: SQL, points: SQL, mask: SQL): SQL {
  return sql`
    coalesce(bit_or(${mask}) filter (where ${outcome} is not null and ${outcome} <> 'void'), 0)::bigint as scored_bits,
    coalesce(bit_or(${mask}) filter (where ${points} > 0), 0)::bigint as hit_bits`;
}

/** The delta select list of pending rows `x` (pendingRowsSql): new minus old, points under the group's rules. */
export const pendingDeltaSql: SQL = totalsDeltaSql(
  sql`x.new_outcome`, pointsSql(sql`x.new_outcome`, 'x'), sql`x.old_outcome`, pointsSql(sql`x.old_outcome`, 'x'), sql`x.joker`);

/**
 * Outcome and points of a prediction on its match's current result, as columns for the query builder:
 * for queries that join the `predictions`, `matches` and `groups` tables under their own names.
 */
export const predictionScoreColumns = (() => {
  const outcome = outcomeOf({ p: '"predictions"', m: '"matches"', g: '"groups"' });
  return {
    outcome: sql<PredictionOutcome | null>`${outcome}`,
    points: sql<number | null>`${pointsSql(outcome, '"groups"', '"predictions".joker')}`,
  };
})();
