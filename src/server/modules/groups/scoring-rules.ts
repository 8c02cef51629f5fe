/**
 * Reading and changing a group's scoring rules and jokers (src/domain/jokers.ts). Rule: chosen at creation
 * and changeable until the group's first predictions close, i.e. while no match that someone in the group
 * predicted has reached its deadline (kickoff − 15 min) or left the scheduled state. Owner and admins only.
 * Every joker then sits on an open match, so a change of the jokers' settings that could leave a member
 * with more than the new allowance (off, season ↔ per round, a smaller season's allowance) takes the
 * group's jokers off, recorded in the activity; a change of mode alone keeps them.
 */
import { eq, sql } from 'drizzle-orm';
import type { ScoringRules } from '../../../contracts/scoring-rules';
import { requestedPoints, scoringRulesRequest, type ScoringRulesRequest } from '../../../contracts/scoring-rules';
import { PREDICTION_CLOSE_MINUTES } from '../../../domain/deadline';
import { presetOf } from '../../../domain/scoring';
import { rowsOf, type Conn, type Db } from '../../db/client';
import { groupActivity, groups } from '../../db/schema';
import { errors } from '../../errors';
import type { Viewer } from '../../auth/viewer';
import { requireMember } from './policy';

/**
 * Whether any prediction of the group is on a match whose predictions have closed, by `now`, or on a
 * match still being folded (its totals hold outcomes under the current rules).
 */
async function firstPredictionsClosed(db: Conn, groupId: string, now: Date): Promise<boolean> {
  const [row] = rowsOf<{ closed: boolean }>(await db.execute(sql`
    select exists (
      select 1 from predictions p join matches m on m.id = p.match_id
       where p.group_id = ${groupId}::uuid
         and (m.status <> 'scheduled' or m.kickoff - make_interval(mins => ${PREDICTION_CLOSE_MINUTES}) <= ${now.toISOString()}::timestamptz
              or exists (select 1 from scoring_queue q where q.match_id = m.id))
    ) as closed`));
  return row?.closed === true;
}

/**
 * The group's scoring rules, with whether they may still change.
 * @throws AppError group_not_found, forbidden (members only).
 */
export async function getScoringRules(db: Conn, viewer: Viewer, groupId: string, now: Date): Promise<ScoringRules> {
  await requireMember(db, viewer, groupId);
  const [row] = await db
    .select({
      exact: groups.scoringExact, goalDifference: groups.scoringGoalDifference, winner: groups.scoringWinner, opposite: groups.scoringOpposite,
      knockoutBasis: groups.knockoutBasis, jokerMode: groups.jokerMode, jokersPerSeason: groups.jokersPerSeason,
    })
    .from(groups)
    .where(eq(groups.id, groupId));
  if (!row) throw errors.groupNotFound();
  const { jokerMode, jokersPerSeason, ...points } = row;
  return {
    preset: presetOf(points), ...points, jokers: jokerMode ? { mode: jokerMode, perSeason: jokersPerSeason } : null,
    editable: !(await firstPredictionsClosed(db, groupId, now)),
  };
}

/**
 * Changes the group's scoring rules.
 * @throws AppError group_not_found, forbidden (not owner or admin), scoring_locked (409).
 */
export async function updateScoringRules(db: Db, viewer: Viewer, groupId: string, input: ScoringRulesRequest, now: Date): Promise<ScoringRules> {
  const body = scoringRulesRequest.parse(input);
  return db.transaction(async (tx) => {
    const access = await requireMember(tx, viewer, groupId);
    if (access.role === 'member') throw errors.forbidden('Only the group’s owner and admins can change its rules.');
    // Lock the group row so a prediction closing concurrently is judged against the same state (FOR UPDATE:
    // a save under way in the group holds it FOR KEY SHARE and commits first, so its prediction is seen).
    await tx.execute(sql`select 1 from groups where id = ${groupId}::uuid for update`);
    if (await firstPredictionsClosed(tx, groupId, now)) throw errors.scoringLocked();
    const points = requestedPoints(body);
    const [before] = await tx.select({ mode: groups.jokerMode, perSeason: groups.jokersPerSeason }).from(groups).where(eq(groups.id, groupId));
    const jokers = body.jokers === undefined ? (before?.mode ? { mode: before.mode, perSeason: before.perSeason } : null) : body.jokers;
    await tx.update(groups).set({
      scoringExact: points.exact, scoringGoalDifference: points.goalDifference, scoringWinner: points.winner,
      scoringOpposite: points.opposite, knockoutBasis: body.knockoutBasis,
      jokerMode: jokers?.mode ?? null, jokersPerSeason: jokers?.perSeason ?? null, updatedAt: new Date(),
    }).where(eq(groups.id, groupId));
    // Fewer jokers than some member may hold, or another kind of allowance: the jokers placed come off.
    const narrower = before?.mode && (!jokers || (before.perSeason === null) !== (jokers.perSeason === null)
      || (jokers.perSeason !== null && before.perSeason !== null && jokers.perSeason < before.perSeason));
    if (narrower) await tx.execute(sql`update predictions set joker = false where group_id = ${groupId}::uuid and joker`);
    await tx.insert(groupActivity).values({
      groupId, actorId: viewer.userId, action: 'scoring_changed',
      detail: { preset: body.preset, ...points, knockoutBasis: body.knockoutBasis, jokers },
    });
    return getScoringRules(tx, viewer, groupId, now);
  });
}
