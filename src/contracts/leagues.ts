/** Leagues and their matches: public reads. */
import { z } from 'zod';
import { instant, matchStatus, uuidParam } from './common';
import { MATCH_PHASES } from '../domain/replay';

export const league = z.object({
  id: z.uuid(),
  name: z.string(),
  season: z.string(),
  kind: z.enum(['league', 'tournament']),
  matchCount: z.number().int(),
  /** Matches not yet played to the end (scheduled, live or postponed): a new group needs some. */
  matchesToPlay: z.number().int(),
  firstKickoff: instant.nullable(),
  lastKickoff: instant.nullable(),
  /** A replayed tournament (decision 018): its matches are a real tournament's, played again on a compressed clock. */
  replay: z.boolean(),
});
export type League = z.infer<typeof league>;
export const leagueListResponse = z.object({ leagues: z.array(league) });

export const team = z.object({ id: z.uuid(), name: z.string(), code: z.string().nullable() });

/**
 * A live match's clock (domain/replay.ts LiveClock): the phase being played and the match minutes on the
 * clock at instant `at`, running `rate` times real time (0: stopped; minutes null while no clock runs).
 * A page shows the minute from it without asking again (liveClockMinute).
 */
export const liveClock = z.object({
  phase: z.enum(MATCH_PHASES),
  minutes: z.number().nullable(),
  at: instant,
  rate: z.number().min(0),
});

/** A goal: the side it counts for, its minute (45 with offset 2 for 45+2), the scorer when known. */
export const matchGoal = z.object({
  side: z.enum(['home', 'away']),
  minute: z.number().int(),
  offset: z.number().int().nullable(),
  scorer: z.string().nullable(),
  penalty: z.boolean(),
  ownGoal: z.boolean(),
});
export type MatchGoal = z.infer<typeof matchGoal>;

/** A match as every reader sees it. Goals: full time (90 min), after extra time, penalties. */
export const match = z.object({
  id: z.uuid(),
  roundName: z.string(),
  roundOrder: z.number().int(),
  stage: z.enum(['group', 'knockout', 'league']),
  groupName: z.string().nullable(),
  kickoff: instant,
  /** When predictions close: kickoff − 15 minutes. */
  deadline: instant,
  status: matchStatus,
  homeTeam: team,
  awayTeam: team,
  homeGoals: z.number().int().nullable(),
  awayGoals: z.number().int().nullable(),
  homeGoalsExtraTime: z.number().int().nullable(),
  awayGoalsExtraTime: z.number().int().nullable(),
  homePenalties: z.number().int().nullable(),
  awayPenalties: z.number().int().nullable(),
  /** The clock while live (when the source gives one: a replay does), else null. */
  live: liveClock.nullable(),
  /** The goals so far with their scorers and minutes, when the source lists them (empty otherwise). */
  goals: z.array(matchGoal),
});
export type Match = z.infer<typeof match>;

export const leagueParams = z.object({ leagueId: uuidParam });
export const leagueMatchesResponse = z.object({ league, matches: z.array(match) });
export type LeagueMatchesResponse = z.infer<typeof leagueMatchesResponse>;
