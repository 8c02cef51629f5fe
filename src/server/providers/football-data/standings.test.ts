import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ImportError } from '../fixture-source';
import { mapFootballDataStandings } from './standings';

const fixture = (name: string): unknown => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));

describe('mapFootballDataStandings', () => {
  it('a league: only the TOTAL table of the TOTAL, HOME and AWAY ones', () => {
    const tables = mapFootballDataStandings(fixture('pl-2025-standings.json'));
    expect(tables).toHaveLength(1);
    expect(tables[0]).toMatchObject({ stage: 'league', providerStage: 'REGULAR_SEASON', group: null });
    expect(tables[0]?.rows[0]).toEqual({
      position: 1, team: 'Arsenal FC', tla: 'ARS', played: 14, won: 10, draw: 3, lost: 1,
      goalsFor: 27, goalsAgainst: 7, goalDifference: 20, points: 33,
    });
    expect(tables[0]?.rows.map((r) => r.team)).toEqual(['Arsenal FC', 'Manchester City FC', 'Aston Villa FC']);
  });

  it('a tournament: one table a group, named "Group A"', () => {
    const tables = mapFootballDataStandings(fixture('wc-2022-standings.json'));
    expect(tables.map((t) => [t.stage, t.providerStage, t.group])).toEqual([
      ['group', 'GROUP_STAGE', 'Group A'],
      ['group', 'GROUP_STAGE', 'Group B'],
    ]);
    expect(tables[0]?.rows.map((r) => [r.position, r.tla, r.points, r.goalDifference])).toEqual([
      [1, 'NED', 7, 4], [2, 'SEN', 6, 1], [3, 'ECU', 4, 1], [4, 'QAT', 0, -6],
    ]);
    expect(tables[1]?.rows[0]).toMatchObject({ team: 'England', played: 3, won: 2, draw: 1, lost: 0, goalsFor: 9, goalsAgainst: 2 });
  });

  it('sorts rows by position and keeps a points deduction', () => {
    const doc = fixture('pl-2025-standings.json') as { standings: { table: { position: number; points: number }[] }[] };
    const total = doc.standings[0]!;
    total.table.reverse();
    total.table[0]!.points = -2;
    const rows = mapFootballDataStandings(doc)[0]!.rows;
    expect(rows.map((r) => r.position)).toEqual([1, 2, 3]);
    expect(rows[2]?.points).toBe(-2);
  });

  it('rejects documents of another shape, naming the field', () => {
    expect(() => mapFootballDataStandings(fixture('pl-2025-matches.json'))).toThrow(ImportError);
    expect(() => mapFootballDataStandings({ competition: { name: 'X' }, standings: [{ stage: 'REGULAR_SEASON', type: 'TOTAL', table: [{ position: 1 }] }] }))
      .toThrow(/standings\.0\.table\.0\.team/);
  });
});
