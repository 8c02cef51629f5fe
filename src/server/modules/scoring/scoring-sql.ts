/**
 * The scoring rule of src/domain/scoring.ts written in SQL, per group: the outcome of a prediction
 * (aliases: `p` predictions, `m` matches, `g` groups) on the score the group counts (countedScore: after
 * extra time for knockout matches when the group's basis says so, else the 90 minutes; never penalties),
 * and its points under the group's own points. score-matches.test.ts checks it against the domain.
 */
import { sql, type SQL } from 'drizzle-orm';

const counted = (side: 'home' | 'away') => sql.raw(`(case when m.stage = 'knockout' and g.knockout_basis = 'extra_time'
      and m.home_goals_extra_time is not null and m.away_goals_extra_time is not null
    then m.${side}_goals_extra_time else m.${side}_goals end)`);

/** The outcome ('exact' … 'miss', 'void' for postponed or cancelled, null while not finished) as prediction_outcome. */
export const outcomeSql: SQL = sql`(case
  when m.status in ('postponed', 'cancelled') then 'void'
  when m.status <> 'finished' or m.home_goals is null or m.away_goals is null then null
  when p.home_goals = ${counted('home')} and p.away_goals = ${counted('away')} then 'exact'
  when p.home_goals - p.away_goals = ${counted('home')} - ${counted('away')} then 'goal_difference'
  when sign(p.home_goals - p.away_goals) = sign(${counted('home')} - ${counted('away')}) then 'winner'
  when sign(p.home_goals - p.away_goals) = -sign(${counted('home')} - ${counted('away')})
       and ${counted('home')} <> ${counted('away')} then 'opposite'
  else 'miss'
end)::prediction_outcome`;

/**
 * Points for an outcome under a group's points (null for void and unscored).
 * @param outcome an SQL expression of type prediction_outcome.
 * @param from the alias holding the scoring_* columns (default `g`, the groups table).
 */
export function pointsSql(outcome: SQL, from = 'g'): SQL {
  const column = (name: string) => sql.raw(`${from}.${name}`);
  return sql`(case ${outcome}
    when 'exact' then ${column('scoring_exact')}
    when 'goal_difference' then ${column('scoring_goal_difference')}
    when 'winner' then ${column('scoring_winner')}
    when 'opposite' then ${column('scoring_opposite')}
    when 'miss' then 0
    else null end)`;
}

/** The groups columns pointsSql reads, to carry through a subquery. */
export const scoringColumnsSql: SQL = sql.raw('g.scoring_exact, g.scoring_goal_difference, g.scoring_winner, g.scoring_opposite');

/**
 * Differences of the totals columns between a new and an old (outcome, points) pair, as a select list
 * `points, exact, goal_difference, winner, opposite, scored` of sums over the rows in scope.
 */
export function totalsDeltaSql(newOutcome: SQL, newPoints: SQL, oldOutcome: SQL, oldPoints: SQL): SQL {
  const count = (outcome: SQL, name: string) => sql`(${outcome} is not distinct from ${sql.raw(`'${name}'`)}::prediction_outcome)::int`;
  const isScored = (outcome: SQL) => sql`(${outcome} is not null and ${outcome} <> 'void')::int`;
  return sql`
    coalesce(sum(coalesce(${newPoints}, 0) - coalesce(${oldPoints}, 0)), 0)::int as points,
    coalesce(sum(${count(newOutcome, 'exact')} - ${count(oldOutcome, 'exact')}), 0)::int as exact,
    coalesce(sum(${count(newOutcome, 'goal_difference')} - ${count(oldOutcome, 'goal_difference')}), 0)::int as goal_difference,
    coalesce(sum(${count(newOutcome, 'winner')} - ${count(oldOutcome, 'winner')}), 0)::int as winner,
    coalesce(sum(${count(newOutcome, 'opposite')} - ${count(oldOutcome, 'opposite')}), 0)::int as opposite,
    coalesce(sum(${isScored(newOutcome)} - ${isScored(oldOutcome)}), 0)::int as scored`;
}
