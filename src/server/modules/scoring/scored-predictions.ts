/**
 * Predictions with their outcome and points on their matches' current results (never stored: computed by
 * scoring-sql.ts), read by filters — for checks and tools that need per-prediction scores.
 */
import { and, eq, type SQL } from 'drizzle-orm';
import type { PREDICTION_OUTCOMES } from '../../../domain/scoring';
import type { Conn } from '../../db/client';
import { groups, matches, predictions } from '../../db/schema';
import { predictionScoreColumns } from './scoring-sql';

/** One prediction and its score: goals as predicted, points and outcome null until its match is finished (void: postponed or cancelled). */
export interface ScoredPrediction {
  groupId: string;
  userId: string;
  matchId: string;
  homeGoals: number;
  awayGoals: number;
  /** Points, a joker applied (the group's mode). */
  points: number | null;
  outcome: (typeof PREDICTION_OUTCOMES)[number] | null;
  /** Whether the member's joker is on it. */
  joker: boolean;
}

/**
 * The predictions of a group and/or a match with their scores (no order).
 * @param filter at least one of groupId, matchId.
 */
export async function scoredPredictions(conn: Conn, filter: { groupId?: string; matchId?: string }): Promise<ScoredPrediction[]> {
  const where: SQL[] = [];
  if (filter.groupId) where.push(eq(predictions.groupId, filter.groupId));
  if (filter.matchId) where.push(eq(predictions.matchId, filter.matchId));
  if (where.length === 0) throw new Error('scoredPredictions needs a group or a match');
  const rows = await conn
    .select({
      groupId: predictions.groupId, userId: predictions.userId, matchId: predictions.matchId,
      homeGoals: predictions.homeGoals, awayGoals: predictions.awayGoals, joker: predictions.joker,
      points: predictionScoreColumns.points, outcome: predictionScoreColumns.outcome,
    })
    .from(predictions)
    .innerJoin(matches, eq(matches.id, predictions.matchId))
    .innerJoin(groups, eq(groups.id, predictions.groupId))
    .where(and(...where));
  return rows.map((row) => ({ ...row, points: row.points === null ? null : Number(row.points) }));
}
