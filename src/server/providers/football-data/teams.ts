/**
 * football-data.org teams as ImportedTeam: the full name ("Manchester United FC") is the name, `tla`
 * the code, plus the short name and crest. Source: the team fields of
 * https://docs.football-data.org/general/v4/match.html and GET /competitions/{code}/teams
 * (https://www.football-data.org/documentation/quickstart). Pure: no I/O.
 */
import { ImportError, type ImportedTeam } from '../fixture-source';
import { teamListSchema, type FdTeam } from './payloads';

/**
 * One team of a match or a list.
 * @param team the API's team.
 * @returns the team, or null when its place is not decided yet (knockout placeholder: no id or no
 *   name).
 */
export function toImportedTeam(team: FdTeam): ImportedTeam | null {
  const name = team.name?.trim();
  if (team.id == null || !name) return null;
  return {
    name,
    code: team.tla?.trim() || null,
    shortName: team.shortName?.trim() || null,
    crestUrl: team.crest?.trim() || null,
  };
}

/**
 * Maps the response of GET /competitions/{code}/teams.
 * @param document the parsed JSON.
 * @returns every team of the season, in the API's order.
 * @throws ImportError for a document of another shape (naming the first offending field).
 */
export function mapFootballDataTeams(document: unknown): ImportedTeam[] {
  const parsed = teamListSchema.safeParse(document);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ImportError(
      `Not a football-data.org teams response: ${issue?.path.map(String).join('.') || 'document'} ${issue?.message ?? 'is invalid'}`,
    );
  }
  return parsed.data.teams.map((team) => toImportedTeam(team) as ImportedTeam);
}
