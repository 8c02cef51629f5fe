/**
 * Saving a round of predictions in one request: PUT /api/groups/:groupId/predictions. Each item succeeds
 * or fails on its own (a closed match never loses the others); with `applyToOtherGroups` the same scores
 * are saved in each of the viewer's other active groups of the same league, each checked on its own.
 */
import { z } from 'zod';
import { goals, instant, uuidParam } from './common';
import { prediction } from './groups';
import { match } from './leagues';

/** At most this many predictions in one request (a World Cup round has 16 matches, a league round ≤ 20). */
export const MAX_PREDICTIONS_PER_REQUEST = 100;

export const predictionItem = z.object({ matchId: uuidParam, homeGoals: goals, awayGoals: goals });
export type PredictionItem = z.infer<typeof predictionItem>;

export const savePredictionsRequest = z.object({
  predictions: z
    .array(predictionItem)
    .min(1)
    .max(MAX_PREDICTIONS_PER_REQUEST)
    .refine((items) => new Set(items.map((item) => item.matchId)).size === items.length, 'each match at most once'),
  applyToOtherGroups: z.boolean().default(false),
});
export type SavePredictionsRequest = z.input<typeof savePredictionsRequest>;

/** Why an item was not saved: the match is not in the group's league, or its predictions are closed. */
export const predictionRejection = z.object({
  id: z.enum(['match_not_found', 'prediction_closed']),
  message: z.string(),
  /** For prediction_closed: whether the match has started (kickoff passed, or it is no longer scheduled). */
  started: z.boolean().optional(),
  /** For prediction_closed: when predictions closed (kickoff − 15 min). */
  deadline: instant.optional(),
});
export type PredictionRejection = z.infer<typeof predictionRejection>;

export const savedPredictionResult = z.discriminatedUnion('status', [
  z.object({ matchId: z.uuid(), status: z.literal('saved'), prediction }),
  z.object({ matchId: z.uuid(), status: z.literal('rejected'), error: predictionRejection }),
]);
export type SavedPredictionResult = z.infer<typeof savedPredictionResult>;

export const savePredictionsResponse = z.object({
  /** One result per requested item, in request order, for this group. */
  results: z.array(savedPredictionResult),
  /** Ids of the other groups in which at least one prediction was also saved. */
  otherGroupIds: z.array(z.uuid()),
});
export type SavePredictionsResponse = z.infer<typeof savePredictionsResponse>;

/** A member's prediction as others may see it (only once the match's predictions have closed). */
export const memberPrediction = z.object({
  userId: z.string(),
  username: z.string(),
  homeGoals: goals,
  awayGoals: goals,
  points: z.number().int().nullable(),
  outcome: prediction.shape.outcome,
  /** Whether the member's joker was on it (points doubled by the group's joker mode). */
  joker: z.boolean(),
});
export type MemberPrediction = z.infer<typeof memberPrediction>;

export const matchPredictionsParams = z.object({ groupId: uuidParam, matchId: uuidParam });
/**
 * GET /api/groups/:groupId/matches/:matchId/predictions. `revealed` false: only the count (others'
 * predictions of an open match never leave the server); true: everyone's, best points first.
 */
export const matchPredictionsResponse = z.object({
  match,
  revealed: z.boolean(),
  /** How many members have predicted this match (shown before the close too). */
  predictionCount: z.number().int(),
  memberCount: z.number().int(),
  predictions: z.array(memberPrediction),
});
export type MatchPredictionsResponse = z.infer<typeof matchPredictionsResponse>;

export const memberPredictionsParams = z.object({ groupId: uuidParam, userId: z.string().min(1).max(64) });
/**
 * GET /api/groups/:groupId/members/:userId/predictions: a member's predictions of closed matches only,
 * each with its match (round, teams, result) and points.
 */
export const memberPredictionsResponse = z.object({
  member: z.object({ userId: z.string(), username: z.string() }),
  predictions: z.array(z.object({ match, prediction: memberPrediction })),
  /**
   * The member's jokers when the group plays with them: played (on closed matches) and, with a season's
   * allowance, how many are left as others may know it (the allowance less those played; null with one per round).
   */
  jokers: z.object({ used: z.number().int(), left: z.number().int().nullable() }).nullable(),
});
export type MemberPredictionsResponse = z.infer<typeof memberPredictionsResponse>;
