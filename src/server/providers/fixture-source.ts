/**
 * What every football data provider yields: one competition season with its fixtures, normalised.
 * Providers (openfootball files, football-data.org, …) turn their own format into this; the import
 * service (src/server/modules/import) writes it to the database.
 */
import type { MatchStatus } from '../../domain/deadline';
import type { LiveClock, SourceGoal } from '../../domain/replay';
import type { Stage } from '../../domain/rounds';

/** A side's goals, [home, away]. */
export type GoalPair = readonly [number, number];

export interface ImportedTeam {
  name: string;
  /** Short code such as "ENG", when the provider gives one. */
  code: string | null;
  /** A shorter display name ("Man United" for "Manchester United FC"), when the provider gives one. */
  shortName?: string | null;
  /** Address of the team's crest image, when the provider gives one. */
  crestUrl?: string | null;
}

export interface ImportedMatch {
  /** Stable id within the competition, so re-imports update instead of duplicating. */
  externalId: string;
  roundName: string;
  /** 1-based chronological order of the round. */
  roundOrder: number;
  stage: Stage;
  groupName: string | null;
  /** Kickoff, a UTC instant. */
  kickoff: Date;
  status: MatchStatus;
  home: ImportedTeam;
  away: ImportedTeam;
  /** Full time (90 minutes). */
  fullTime: GoalPair | null;
  /** After extra time, cumulative (includes the full-time goals). */
  extraTime: GoalPair | null;
  /** Penalty shoot-out only. */
  penalties: GoalPair | null;
  venue: string | null;
  /** The goals so far, in order (scorers and minutes), when the provider lists them; absent or null: none listed. */
  goals?: SourceGoal[] | null;
  /** A live match's clock (phase, minutes, rate), when the provider gives one; absent or null: none. */
  live?: LiveClock | null;
  /** A short human label, for messages: "Final: Argentina v France (2022-12-18)". */
  label: string;
}

export interface ImportedCompetition {
  /** The name the source gives the competition ("World Cup 2022"). */
  name: string;
  /** Season label ("2022", "2024-25"). */
  season: string;
  kind: 'league' | 'tournament';
  matches: ImportedMatch[];
  /** Things imported as written that look wrong (impossible scores and the like). */
  warnings: string[];
}

/** Thrown for input that cannot be imported; the message names the offending match. */
export class ImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportError';
  }
}
