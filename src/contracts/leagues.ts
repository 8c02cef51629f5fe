/** Leagues and their matches: public reads. */
import { z } from 'zod';
import { instant, matchStatus, uuidParam } from './common';

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
});
export type League = z.infer<typeof league>;
export const leagueListResponse = z.object({ leagues: z.array(league) });

export const team = z.object({ id: z.uuid(), name: z.string(), code: z.string().nullable() });

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
});
export type Match = z.infer<typeof match>;

export const leagueParams = z.object({ leagueId: uuidParam });
export const leagueMatchesResponse = z.object({ league, matches: z.array(match) });
export type LeagueMatchesResponse = z.infer<typeof leagueMatchesResponse>;
