/** Standings over HTTP from real seasons of the shared openfootball data, against their real final tables. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { hasOpenfootballData, readOpenfootball } from '../../../../tests/openfootball-data';
import { parseOpenfootball } from '../../providers/openfootball/parse';
import { importCompetition } from '../import/service';

describe.runIf(hasOpenfootballData())(`GET /api/leagues/:leagueId/standings (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let epl: string;
  let worldCup: string;
  beforeAll(async () => {
    t = await createTestApp();
    const load = async (file: string, timeZone: string) =>
      (await importCompetition(t.database.db, parseOpenfootball(readOpenfootball(file), { timeZone, sourcePath: file }), { provider: 'openfootball' })).leagueId;
    epl = await load('football.json/2024-25/en.1.json', 'Europe/London');
    worldCup = await load('worldcup.json/2022/worldcup.json', 'Asia/Qatar');
  });
  afterAll(async () => t?.close());

  it('gives the Premier League 2024/25 final table: Liverpool champions with 84 points', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/leagues/${epl}/standings` });
    expect(response.statusCode).toBe(200);
    const { league, groups, knockout } = response.json();
    expect(league).toHaveLength(20);
    expect(league[0]).toMatchObject({ position: 1, team: 'Liverpool FC', played: 38, won: 25, drawn: 9, lost: 4, points: 84 });
    expect(league.every((row: { played: number }) => row.played === 38)).toBe(true);
    expect(groups).toEqual([]);
    expect(knockout).toEqual([]);
  });

  it('gives the World Cup 2022 group tables and the knockout rounds, the final won on penalties', async () => {
    const { league, groups, knockout } = (await t.app.inject({ method: 'GET', url: `/api/leagues/${worldCup}/standings` })).json();
    expect(league).toEqual([]);
    expect(groups).toHaveLength(8);
    const groupA = groups.find((g: { groupName: string }) => g.groupName === 'Group A');
    expect(groupA.table.map((r: { team: string; points: number }) => [r.team, r.points])).toEqual([['Netherlands', 7], ['Senegal', 6], ['Ecuador', 4], ['Qatar', 0]]);
    const final = knockout.find((r: { roundName: string }) => r.roundName === 'Final').matches[0];
    expect(final).toMatchObject({ home: 'Argentina', away: 'France', homeGoals: 2, awayGoals: 2, extraTime: [3, 3], penalties: [4, 2], winner: 'home' });
  });

  it('answers an unknown league with 404 league_not_found', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/leagues/00000000-0000-4000-8000-000000000000/standings' });
    expect(response.json().error.id).toBe('league_not_found');
  });
});
