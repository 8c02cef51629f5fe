/**
 * Reading and changing a group's scoring rules. Rule: chosen at creation and changeable until
 * the group's first predictions close, i.e. while no match that someone in the group predicted has
 * reached its deadline (kickoff − 15 min) or left the scheduled state. Owner and admins only.
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
    .select({ exact: groups.scoringExact, goalDifference: groups.scoringGoalDifference, winner: groups.scoringWinner, opposite: groups.scoringOpposite, knockoutBasis: groups.knockoutBasis })
    .from(groups)
    .where(eq(groups.id, groupId));
  if (!row) throw errors.groupNotFound();
  return { preset: presetOf(row), ...row, editable: !(await firstPredictionsClosed(db, groupId, now)) };
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
    await tx.update(groups).set({
      scoringExact: points.exact, scoringGoalDifference: points.goalDifference, scoringWinner: points.winner,
      scoringOpposite: points.opposite, knockoutBasis: body.knockoutBasis, updatedAt: new Date(),
    }).where(eq(groups.id, groupId));
    await tx.insert(groupActivity).values({
      groupId, actorId: viewer.userId, action: 'scoring_changed',
      detail: { preset: body.preset, ...points, knockoutBasis: body.knockoutBasis },
    });
    return getScoringRules(tx, viewer, groupId, now);
  });
}
