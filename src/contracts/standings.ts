/** GET /api/leagues/:leagueId/standings: the league table, tournament group tables and knockout rounds. */
import { z } from 'zod';

const row = z.object({
  position: z.number().int(), team: z.string(), played: z.number().int(), won: z.number().int(), drawn: z.number().int(),
  lost: z.number().int(), goalsFor: z.number().int(), goalsAgainst: z.number().int(), goalDifference: z.number().int(), points: z.number().int(),
});
const pair = z.tuple([z.number().int(), z.number().int()]).nullable();

export const standingsResponse = z.object({
  league: z.array(row),
  groups: z.array(z.object({ groupName: z.string(), table: z.array(row) })),
  knockout: z.array(z.object({
    roundName: z.string(),
    matches: z.array(z.object({
      home: z.string(), away: z.string(), homeGoals: z.number().int(), awayGoals: z.number().int(),
      extraTime: pair, penalties: pair, winner: z.enum(['home', 'away']).nullable(),
    })),
  })),
});
export type StandingsResponse = z.infer<typeof standingsResponse>;
