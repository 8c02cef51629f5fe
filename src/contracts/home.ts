/**
 * GET /api/home: what the signed-in home page shows across my groups — the next matches to predict and
 * the recent results. Only the viewer's own predictions ever appear here.
 */
import { z } from 'zod';
import { PREDICTION_OUTCOMES } from '../domain/scoring';
import { goals, instant } from './common';
import { team } from './leagues';

/** Most matches in each list. */
export const HOME_UPCOMING_LIMIT = 10;
export const HOME_RECENT_LIMIT = 10;
/** How far back recent results go, in days (by kickoff). */
export const HOME_RECENT_DAYS = 7;

const homeMatch = z.object({
  id: z.uuid(),
  league: z.object({ id: z.uuid(), name: z.string(), /** A replayed tournament (decision 018). */ replay: z.boolean() }),
  roundName: z.string(),
  kickoff: instant,
  homeTeam: team,
  awayTeam: team,
});

/** One of my groups on an upcoming match's league, with my prediction (null: not predicted yet). */
export const upcomingGroup = z.object({
  groupId: z.uuid(),
  groupName: z.string(),
  groupColor: z.string(),
  myPrediction: z.object({ homeGoals: goals, awayGoals: goals }).nullable(),
});
export type UpcomingGroup = z.infer<typeof upcomingGroup>;

/** A match still open for predictions; `closesAt` = kickoff − 15 minutes (src/domain/deadline.ts). */
export const upcomingMatch = homeMatch.extend({
  closesAt: instant,
  /** My active groups on the match's league, by name. */
  groups: z.array(upcomingGroup),
});
export type UpcomingMatch = z.infer<typeof upcomingMatch>;

/** One of my groups on a recent match's league, with my scored prediction (null: I did not predict). */
export const recentGroup = z.object({
  groupId: z.uuid(),
  groupName: z.string(),
  groupColor: z.string(),
  myPrediction: z.object({
    homeGoals: goals,
    awayGoals: goals,
    /** Points under the group's rules (a joker applied); null while not scored. */
    points: z.number().int().nullable(),
    outcome: z.enum(PREDICTION_OUTCOMES).nullable(),
    /** Whether my joker is on it (these matches have all closed). */
    joker: z.boolean(),
  }).nullable(),
});
export type RecentGroup = z.infer<typeof recentGroup>;

/** A finished match. Goals: 90 minutes, after extra time (cumulative) and penalties, when played. */
export const recentMatch = homeMatch.extend({
  homeGoals: z.number().int(),
  awayGoals: z.number().int(),
  homeGoalsExtraTime: z.number().int().nullable(),
  awayGoalsExtraTime: z.number().int().nullable(),
  homePenalties: z.number().int().nullable(),
  awayPenalties: z.number().int().nullable(),
  /** All my groups on the match's league, by name. */
  groups: z.array(recentGroup),
});
export type RecentMatch = z.infer<typeof recentMatch>;

export const homeResponse = z.object({
  serverTime: instant,
  /** Soonest first, at most HOME_UPCOMING_LIMIT. */
  upcoming: z.array(upcomingMatch),
  /** Newest first, at most HOME_RECENT_LIMIT, kicked off in the last HOME_RECENT_DAYS days. */
  recent: z.array(recentMatch),
});
export type HomeResponse = z.infer<typeof homeResponse>;
