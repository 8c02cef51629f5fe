/**
 * football-data.org competitions (GET /competitions and GET /competitions/{code}) as the short summary
 * an administrator picks a league from, and the season label Palpite gives a season.
 * Source: https://docs.football-data.org/general/v4/competition.html. Pure: no I/O.
 */
import { ImportError } from '../fixture-source';
import { competitionListSchema, competitionSchema, type FdCompetition } from './payloads';

/** A competition an administrator may link a league to. */
export interface CompetitionSummary {
  /** football-data.org's code ("PL", "WC", "CL", "BSA"), used in every request about it. */
  code: string;
  /** Its name as football-data.org writes it ("Premier League", "FIFA World Cup"). */
  name: string;
  /** Its country or continent ("England", "Europe", "World"), when given. */
  area: string | null;
  /** football-data.org's type: "LEAGUE" or "CUP" (others may come: "PLAYOFFS", "SUPER_CUP"). */
  type: string;
  /** The current season: first and last day (YYYY-MM-DD) and its label ("2025-26", "2026"); null when none. */
  currentSeason: { startDate: string; endDate: string; label: string } | null;
}

/**
 * The label of a season from its first and last day: "2025-26" when it spans two calendar years,
 * "2026" when it lies within one (Palpite's convention, as ImportedCompetition.season).
 * @param startDate the first day, YYYY-MM-DD.
 * @param endDate the last day, YYYY-MM-DD.
 * @throws RangeError when a date does not start with a four-digit year.
 */
export function seasonLabel(startDate: string, endDate: string): string {
  const first = /^(\d{4})-/.exec(startDate)?.[1];
  const last = /^(\d{4})-/.exec(endDate)?.[1];
  if (!first || !last) throw new RangeError(`"${startDate}" – "${endDate}" are not YYYY-MM-DD dates`);
  return first === last ? first : `${first}-${last.slice(-2)}`;
}

/**
 * Summarises the response of GET /competitions.
 * @param document the parsed JSON.
 * @returns every competition, in the API's order.
 * @throws ImportError for a document of another shape (naming the first offending field).
 */
export function mapFootballDataCompetitions(document: unknown): CompetitionSummary[] {
  const parsed = competitionListSchema.safeParse(document);
  if (!parsed.success) throw shapeError('GET /competitions', parsed.error.issues[0]);
  return parsed.data.competitions.map(summarise);
}

/**
 * Summarises the response of GET /competitions/{code}.
 * @param document the parsed JSON.
 * @throws ImportError for a document of another shape (naming the first offending field).
 */
export function mapFootballDataCompetition(document: unknown): CompetitionSummary {
  const parsed = competitionSchema.safeParse(document);
  if (!parsed.success) throw shapeError('GET /competitions/{code}', parsed.error.issues[0]);
  return summarise(parsed.data);
}

function summarise(competition: FdCompetition): CompetitionSummary {
  const season = competition.currentSeason;
  return {
    code: competition.code,
    name: competition.name,
    area: competition.area?.name ?? null,
    type: competition.type ?? 'LEAGUE',
    currentSeason: season
      ? { startDate: season.startDate, endDate: season.endDate, label: seasonLabel(season.startDate, season.endDate) }
      : null,
  };
}

function shapeError(what: string, issue: { path: PropertyKey[]; message: string } | undefined): ImportError {
  const where = issue?.path.map(String).join('.') || 'document';
  return new ImportError(`Not a football-data.org ${what} response: ${where} ${issue?.message ?? 'is invalid'}`);
}
