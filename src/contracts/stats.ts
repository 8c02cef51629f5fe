/**
 * GET /api/groups/:groupId/stats: the stat cards, the ranking and points per round (for the charts),
 * matchday winners and the podium of a group. Members only.
 */
import { z } from 'zod';
import { STAT_CARDS } from '../domain/stats';

const member = z.object({ userId: z.string(), username: z.string() });

export const groupStatsResponse = z.object({
  /** False before any match of the group is scored ('No statistics available for this group yet...'). */
  hasStatistics: z.boolean(),
  /** True when every match of the league is finished, postponed or cancelled (the podium celebrates). */
  leagueFinished: z.boolean(),
  members: z.array(member),
  /**
   * The league's rounds; `complete` when every match of the round is finished, postponed or cancelled
   * (until then its matchday winners and best scores are only leading so far). Absent from pages stored
   * by an earlier version: read as complete.
   */
  rounds: z.array(z.object({ roundOrder: z.number().int(), roundName: z.string(), complete: z.boolean().optional() })),
  cards: z.array(z.object({
    kind: z.enum(STAT_CARDS),
    userIds: z.array(z.string()),
    value: z.number().int(),
    roundOrders: z.array(z.number().int()).optional(),
  })),
  /**
   * Rank and cumulative points of every member after each round with scored predictions: `roundOrders`
   * lists those rounds, each member's arrays are aligned with it; members ordered by their latest rank.
   */
  standings: z.object({
    roundOrders: z.array(z.number().int()),
    members: z.array(z.object({ userId: z.string(), ranks: z.array(z.number().int()), cumulativePoints: z.array(z.number().int()) })),
  }),
  matchdayWinners: z.array(z.object({ roundOrder: z.number().int(), userIds: z.array(z.string()), points: z.number().int() })),
  /** Places gained since the ranking before the latest scored round (userId → +2, −1, 0). */
  movement: z.record(z.string(), z.number().int()),
  podium: z.array(z.object({ userId: z.string(), rank: z.number().int(), points: z.number().int() })),
});
export type GroupStatsResponse = z.infer<typeof groupStatsResponse>;

/**
 * The winners of each round with scored predictions (the most points in it, above 0; ties share it), for the
 * round view; `complete` false while the round still has matches to play (they are leading so far).
 */
export const matchdayWinnersResponse = z.object({
  winners: z.array(z.object({
    roundOrder: z.number().int(),
    points: z.number().int(),
    complete: z.boolean(),
    members: z.array(z.object({ userId: z.string(), username: z.string() })),
  })),
});
export type MatchdayWinnersResponse = z.infer<typeof matchdayWinnersResponse>;
