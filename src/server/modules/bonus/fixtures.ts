/**
 * A league's fixtures as the bonus rules read them (src/domain/bonus.ts BonusFixture), and its teams:
 * one statement each, by league.
 */
import { sql } from 'drizzle-orm';
import type { BonusFixture } from '../../../domain/bonus';
import { rowsOf, type Conn } from '../../db/client';

interface FixtureRow {
  home: string; away: string; round_name: string; round_order: number; stage: BonusFixture['stage'];
  kickoff: string | Date; status: BonusFixture['status']; home_goals: number | null; away_goals: number | null;
  home_goals_extra_time: number | null; away_goals_extra_time: number | null; home_penalties: number | null; away_penalties: number | null;
}

/** Every fixture of the league, teams by name, in kickoff order. */
export async function leagueFixtures(conn: Conn, leagueId: string): Promise<BonusFixture[]> {
  const rows = rowsOf<FixtureRow>(await conn.execute(sql`
    select h.name as home, a.name as away, m.round_name, m.round_order, m.stage, m.kickoff, m.status,
           m.home_goals, m.away_goals, m.home_goals_extra_time, m.away_goals_extra_time, m.home_penalties, m.away_penalties
      from matches m join teams h on h.id = m.home_team_id join teams a on a.id = m.away_team_id
     where m.league_id = ${leagueId}::uuid
     order by m.kickoff, m.id`));
  return rows.map((row) => ({
    home: row.home, away: row.away, roundName: row.round_name, roundOrder: Number(row.round_order), stage: row.stage,
    kickoff: new Date(row.kickoff), status: row.status, homeGoals: row.home_goals, awayGoals: row.away_goals,
    extraTime: row.home_goals_extra_time !== null && row.away_goals_extra_time !== null ? [row.home_goals_extra_time, row.away_goals_extra_time] : null,
    penalties: row.home_penalties !== null && row.away_penalties !== null ? [row.home_penalties, row.away_penalties] : null,
  }));
}

/** The teams of the fixtures, by name, sorted. */
export function teamsOf(fixtures: readonly BonusFixture[]): string[] {
  return [...new Set(fixtures.flatMap((fixture) => [fixture.home, fixture.away]))].sort((a, b) => a.localeCompare(b));
}
