/**
 * Scores every prediction of the given matches in one set-based UPDATE (never a query per
 * prediction). The CASE expression is the rule of src/domain/scoring.ts written in SQL, its points
 * taken from OUTCOME_POINTS; scoring.test.ts checks it against `scorePrediction` on every score up
 * to 5-5. Finished matches are scored on the full-time (90-minute) score; postponed and cancelled
 * matches void their predictions (no points); any other status clears points and outcome.
 */
import { inArray, sql } from 'drizzle-orm';
import { OUTCOME_POINTS, OUTCOMES } from '../../../domain/scoring';
import { rowsOf, type Conn } from '../../db/client';
import { matches, predictions } from '../../db/schema';

const outcome = sql`case
  when ${matches.status} in ('postponed', 'cancelled') then 'void'
  when ${matches.status} <> 'finished' or ${matches.homeGoals} is null or ${matches.awayGoals} is null then null
  when ${predictions.homeGoals} = ${matches.homeGoals} and ${predictions.awayGoals} = ${matches.awayGoals} then 'exact'
  when ${predictions.homeGoals} - ${predictions.awayGoals} = ${matches.homeGoals} - ${matches.awayGoals} then 'goal_difference'
  when sign(${predictions.homeGoals} - ${predictions.awayGoals}) = sign(${matches.homeGoals} - ${matches.awayGoals}) then 'winner'
  when sign(${predictions.homeGoals} - ${predictions.awayGoals}) = -sign(${matches.homeGoals} - ${matches.awayGoals})
       and ${matches.homeGoals} <> ${matches.awayGoals} then 'opposite'
  else 'miss'
end`;

const points = sql`case (${outcome}) ${sql.join(
  OUTCOMES.map((name) => sql.raw(`when '${name}' then ${OUTCOME_POINTS[name]}`)),
  sql` `,
)} else null end`;

/**
 * Re-scores all predictions of `matchIds`.
 * @returns how many predictions were updated.
 */
export async function scoreMatches(db: Conn, matchIds: readonly string[]): Promise<number> {
  if (matchIds.length === 0) return 0;
  const result = await db.execute(sql`
    with scored as (
      update ${predictions}
         set outcome = (${outcome})::prediction_outcome,
             points = ${points}
        from ${matches}
       where ${predictions.matchId} = ${matches.id}
         and ${inArray(matches.id, [...matchIds])}
      returning 1
    )
    select count(*)::int as count from scored`);
  return Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
}
