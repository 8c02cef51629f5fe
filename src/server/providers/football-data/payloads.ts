/**
 * The shapes of football-data.org v4 responses that Palpite reads, as zod schemas (types come from
 * them). Only the fields we use are declared; others pass unchecked and are dropped. Every field the
 * API may leave empty is nullable: "The API embraces null as a valid value" (API policies,
 * https://docs.football-data.org/general/v4/policies.html).
 *
 * Sources: the resource pages https://docs.football-data.org/general/v4/competition.html,
 * https://docs.football-data.org/general/v4/match.html, the score page
 * https://docs.football-data.org/general/v4/overtime.html and the endpoint list
 * https://www.football-data.org/documentation/quickstart.
 */
import { z } from 'zod';

const count = z.number().int().min(0);
const goals = z.number().int().min(0);

/** A country or continent ("England", "Europe", "World"). */
export const areaSchema = z.object({
  id: z.number().int().nullish(),
  name: z.string().nullish(),
  code: z.string().nullish(),
  flag: z.string().nullish(),
});

/** A season: dates are calendar days (YYYY-MM-DD). */
export const seasonSchema = z.object({
  id: z.number().int().nullish(),
  startDate: z.iso.date(),
  endDate: z.iso.date(),
  currentMatchday: z.number().int().nullish(),
});
/** A season of a competition, as the API writes it. */
export type FdSeason = z.infer<typeof seasonSchema>;

/** The competition a list belongs to. */
export const competitionRefSchema = z.object({
  id: z.number().int().nullish(),
  name: z.string().trim().min(1),
  code: z.string().nullish(),
  /** "LEAGUE", "CUP", … */
  type: z.string().nullish(),
  emblem: z.string().nullish(),
});

/**
 * A team as matches and tables name it. `id` and `name` are null while a knockout place is not
 * decided yet (the winner of a group, of a play-off…).
 */
export const teamSchema = z.object({
  id: z.number().int().nullish(),
  name: z.string().nullish(),
  shortName: z.string().nullish(),
  /** Three-letter abbreviation ("MUN", "ARG"). */
  tla: z.string().nullish(),
  crest: z.string().nullish(),
});
/** A team in a match or a table. */
export type FdTeam = z.infer<typeof teamSchema>;

/** Goals of each side in one part of a match; null before that part starts. */
export const goalPairSchema = z.object({ home: goals.nullish(), away: goals.nullish() });
/** Goals of each side, as the API writes them. */
export type FdGoalPair = z.infer<typeof goalPairSchema>;

/**
 * The score node (https://docs.football-data.org/general/v4/overtime.html): `fullTime` is the
 * running score and, once finished, the final one — after extra time it includes extra-time goals,
 * and after a shoot-out the shoot-out goals too; `regularTime` the goals of the 90 minutes;
 * `extraTime` and `penalties` only the goals of those parts.
 */
export const scoreSchema = z.object({
  /** "HOME_TEAM", "AWAY_TEAM", "DRAW" or null. */
  winner: z.string().nullish(),
  /** "REGULAR", "EXTRA_TIME" or "PENALTY_SHOOTOUT": how the match ended, or how far a live one got. */
  duration: z.string().nullish(),
  fullTime: goalPairSchema.nullish(),
  halfTime: goalPairSchema.nullish(),
  regularTime: goalPairSchema.nullish(),
  extraTime: goalPairSchema.nullish(),
  penalties: goalPairSchema.nullish(),
});
/** A match's score node. */
export type FdScore = z.infer<typeof scoreSchema>;

/** One match (https://docs.football-data.org/general/v4/match.html). */
export const matchSchema = z.object({
  id: z.number().int(),
  /** Kickoff, an ISO instant in UTC ("2022-12-18T15:00:00Z"); a rescheduled match just has a new one. */
  utcDate: z.iso.datetime({ offset: true }),
  /** SCHEDULED, TIMED, IN_PLAY, PAUSED, EXTRA_TIME, PENALTY_SHOOTOUT, FINISHED, SUSPENDED, POSTPONED, CANCELLED, AWARDED. */
  status: z.string().trim().min(1),
  matchday: z.number().int().nullish(),
  /** REGULAR_SEASON, GROUP_STAGE, LEAGUE_STAGE, PLAYOFFS, LAST_32, LAST_16, QUARTER_FINALS, SEMI_FINALS, THIRD_PLACE, FINAL, … */
  stage: z.string().trim().min(1),
  /** "GROUP_A" in a group stage, else null. */
  group: z.string().nullish(),
  homeTeam: teamSchema,
  awayTeam: teamSchema,
  score: scoreSchema.nullish(),
  venue: z.string().nullish(),
  season: seasonSchema.nullish(),
});
/** One match. */
export type FdMatch = z.infer<typeof matchSchema>;

/** GET /competitions/{code}/matches[?season=YYYY]. */
export const matchListSchema = z.object({
  competition: competitionRefSchema,
  matches: z.array(matchSchema),
});
/** The response of GET /competitions/{code}/matches. */
export type FdMatchList = z.infer<typeof matchListSchema>;

/** One competition (GET /competitions/{code}, or an item of GET /competitions). */
export const competitionSchema = competitionRefSchema.extend({
  area: areaSchema.nullish(),
  code: z.string().trim().min(1),
  currentSeason: seasonSchema.nullish(),
  seasons: z.array(seasonSchema).nullish(),
});
/** A competition with its area and seasons. */
export type FdCompetition = z.infer<typeof competitionSchema>;

/** GET /competitions. */
export const competitionListSchema = z.object({
  count: count.nullish(),
  competitions: z.array(competitionSchema),
});
/** The response of GET /competitions. */
export type FdCompetitionList = z.infer<typeof competitionListSchema>;

/** GET /competitions/{code}/teams[?season=YYYY]: every team of the season. */
export const teamListSchema = z.object({
  count: count.nullish(),
  competition: competitionRefSchema.nullish(),
  season: seasonSchema.nullish(),
  teams: z.array(teamSchema.extend({ id: z.number().int(), name: z.string().trim().min(1) })),
});
/** The response of GET /competitions/{code}/teams. */
export type FdTeamList = z.infer<typeof teamListSchema>;

/** One row of a table. */
export const standingRowSchema = z.object({
  position: z.number().int().min(1),
  team: teamSchema.extend({ name: z.string().trim().min(1) }),
  playedGames: count,
  won: count,
  draw: count,
  lost: count,
  points: z.number().int(),
  goalsFor: count,
  goalsAgainst: count,
  goalDifference: z.number().int(),
});

/** GET /competitions/{code}/standings[?season=YYYY]: TOTAL, HOME and AWAY tables per stage (and group). */
export const standingsSchema = z.object({
  competition: competitionRefSchema,
  season: seasonSchema.nullish(),
  standings: z.array(
    z.object({
      stage: z.string().trim().min(1),
      /** "TOTAL", "HOME" or "AWAY". */
      type: z.string().trim().min(1),
      group: z.string().nullish(),
      table: z.array(standingRowSchema),
    }),
  ),
});
/** The response of GET /competitions/{code}/standings. */
export type FdStandings = z.infer<typeof standingsSchema>;
