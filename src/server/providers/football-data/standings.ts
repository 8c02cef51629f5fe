/**
 * football-data.org tables (GET /competitions/{code}/standings) as Palpite's small table type. Only
 * TOTAL tables are kept (the API also sends HOME and AWAY ones for leagues). Source: the standings
 * endpoint of https://www.football-data.org/documentation/quickstart. Pure: no I/O.
 */
import type { Stage } from '../../../domain/rounds';
import { ImportError } from '../fixture-source';
import { groupName } from './map';
import { standingsSchema } from './payloads';

/** One team's line in a table. */
export interface StandingRow {
  position: number;
  /** The team's full name, as in matches ("Manchester United FC"). */
  team: string;
  /** Its three-letter code ("MUN"), when given. */
  tla: string | null;
  played: number;
  won: number;
  draw: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  goalDifference: number;
  points: number;
}

/** A TOTAL table: a league's, a league phase's, or one group's. */
export interface StandingTable {
  /** 'group' for a group's table, else 'league'. */
  stage: Stage;
  /** The API's stage ("REGULAR_SEASON", "GROUP_STAGE", "LEAGUE_STAGE"), to tell several tables apart. */
  providerStage: string;
  /** "Group A", or null for a table without groups. */
  group: string | null;
  /** Rows by position. */
  rows: StandingRow[];
}

/**
 * Maps a standings document.
 * @param document the parsed JSON of GET /competitions/{code}/standings.
 * @returns the TOTAL tables in the API's order (groups A, B, …), each sorted by position.
 * @throws ImportError for a document of another shape (naming the first offending field).
 */
export function mapFootballDataStandings(document: unknown): StandingTable[] {
  const parsed = standingsSchema.safeParse(document);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ImportError(
      `Not a football-data.org standings response: ${issue?.path.map(String).join('.') || 'document'} ${issue?.message ?? 'is invalid'}`,
    );
  }
  return parsed.data.standings
    .filter((standing) => standing.type.toUpperCase() === 'TOTAL')
    .map((standing) => {
      const group = groupName(standing.group);
      return {
        stage: group ? 'group' : 'league',
        providerStage: standing.stage,
        group,
        rows: standing.table
          .map((row) => ({
            position: row.position,
            team: row.team.name.trim(),
            tla: row.team.tla?.trim() || null,
            played: row.playedGames,
            won: row.won,
            draw: row.draw,
            lost: row.lost,
            goalsFor: row.goalsFor,
            goalsAgainst: row.goalsAgainst,
            goalDifference: row.goalDifference,
            points: row.points,
          }))
          .sort((a, b) => a.position - b.position),
      };
    });
}
