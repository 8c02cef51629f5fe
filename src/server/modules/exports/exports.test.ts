/**
 * The group's spreadsheets over HTTP: parsed back with csv-parse, the ranking file equals the ranking the
 * API serves (with its Bonus and Jokers columns when the group has them), the predictions file equals the
 * revealed predictions (never an open match's), headers in the reader's language, a byte-order mark and
 * CRLF line ends, a formula-looking name made plain text, members only.
 */
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { createUser, type TestUser } from '../../../../tests/helpers/users';
import { leagues, matches, teams } from '../../db/schema';
import { setMatchResult } from '../admin/service';

const DAY = 86_400_000;

describe(`group exports (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let ana: TestUser;
  let bruno: TestUser;
  let outsider: TestUser;
  let groupId: string;
  const fixture: Record<'final' | 'third' | 'later', string> = { final: '', third: '', later: '' };

  const as = (who: TestUser, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie, ...headers } });
  const put = (who: TestUser, url: string, payload: object) => t.app.inject({ method: 'PUT', url, payload, headers: { cookie: who.cookie } });
  /** A CSV body parsed back: its rows of cells (the byte-order mark taken off by the parser). */
  const rowsOf = (body: string) => parse(body, { bom: true }) as string[][];

  beforeAll(async () => {
    t = await createTestApp();
    [ana, bruno, outsider] = await Promise.all([createUser(t, { username: 'ana' }), createUser(t, { username: 'bruno' }), createUser(t, { username: 'otto' })]);
    const db = t.database.db;
    const [league] = await db.insert(leagues).values({ name: 'Export Cup', season: '2026', kind: 'tournament', provider: 'test', externalId: 'export-cup' }).returning();
    const teamRows = await db.insert(teams).values(['Argentina', 'France', 'Croatia', '=HYPERLINK("x")'].map((name) => ({ name }))).returning();
    const id = (name: string) => teamRows.find((team) => team.name === name)!.id;
    const kickoff = new Date(Math.ceil((Date.now() + 2 * DAY) / 60_000) * 60_000);
    const rows = await db.insert(matches).values([
      { leagueId: league!.id, externalId: 'third', roundName: 'Third place', roundOrder: 1, stage: 'knockout', kickoff, homeTeamId: id('=HYPERLINK("x")'), awayTeamId: id('Croatia') },
      { leagueId: league!.id, externalId: 'final', roundName: 'Final', roundOrder: 2, stage: 'knockout', kickoff: new Date(kickoff.getTime() + DAY), homeTeamId: id('Argentina'), awayTeamId: id('France') },
      { leagueId: league!.id, externalId: 'later', roundName: 'Friendly', roundOrder: 3, stage: 'knockout', kickoff: new Date(kickoff.getTime() + 2 * DAY), homeTeamId: id('France'), awayTeamId: id('Argentina') },
    ]).returning();
    for (const row of rows) fixture[row.externalId as keyof typeof fixture] = row.id;
    const group = (await t.app.inject({ method: 'POST', url: '/api/groups', headers: { cookie: ana.cookie }, payload: {
      name: 'Bolão do Zé', leagueId: league!.id, scoring: { preset: 'palpite', jokers: { mode: 'double', perSeason: 1 } },
    } })).json().group;
    groupId = group.id;
    await t.app.inject({ method: 'POST', url: '/api/groups/join', headers: { cookie: bruno.cookie }, payload: { inviteCode: group.inviteCode } });
    const predict = (who: TestUser, match: keyof typeof fixture, homeGoals: number, awayGoals: number) =>
      put(who, `/api/groups/${groupId}/predictions/${fixture[match]}`, { homeGoals, awayGoals });
    await predict(ana, 'final', 2, 2);
    await predict(bruno, 'final', 1, 0);
    await predict(ana, 'third', 2, 1);
    await predict(ana, 'later', 4, 4); // stays open: never in a file
    expect((await put(ana, `/api/groups/${groupId}/jokers/${fixture.final}`, {})).statusCode).toBe(200);
    await setMatchResult(db, fixture.final, { status: 'finished', homeGoals: 2, awayGoals: 2, homeGoalsExtraTime: 3, awayGoalsExtraTime: 3, homePenalties: 4, awayPenalties: 2 });
    await setMatchResult(db, fixture.third, { status: 'finished', homeGoals: 2, awayGoals: 1 });
    await db.execute(sql`update matches set kickoff = now() - interval '3 hours' where id in (${fixture.final}::uuid, ${fixture.third}::uuid)`);
  });
  afterAll(async () => t?.close());

  it('sends the ranking as the API serves it, with a byte-order mark, CRLF line ends and the jokers column', async () => {
    const response = await as(bruno, `/api/groups/${groupId}/export/ranking.csv?lang=en`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="bolao-do-ze-ranking.csv"');
    expect(response.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(response.body).toContain('\r\n');
    const [header, ...rows] = rowsOf(response.body);
    expect(header).toEqual(['Rank', 'Player', 'Points', 'Exact score (10)', 'Goal difference (5)', 'Winner (3)', 'Opposite result (−2)', 'Jokers played']);
    const served = (await t.app.inject({ method: 'GET', url: `/api/groups/${groupId}/ranking`, headers: { cookie: bruno.cookie } })).json().ranking;
    expect(rows).toEqual(served.map((r: Record<string, number | string>) => [r.rank, r.username, r.points, r.exact, r.goalDifference, r.winner, r.opposite, r.jokers].map(String)));
    // Ana: the final 2–2 exact with her joker (20) and the third-place match exact (10).
    expect(rows[0]).toEqual(['1', 'ana', '30', '2', '0', '0', '0', '1']);
  });

  it("lists every revealed prediction, never an open match's, with the result after extra time and penalties, in the reader's language", async () => {
    const response = await as(bruno, `/api/groups/${groupId}/export/predictions.csv`, { 'accept-language': 'pt-PT,pt;q=0.9,en;q=0.5' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="bolao-do-ze-predictions.csv"');
    const [header, ...rows] = rowsOf(response.body);
    expect(header).toEqual(['Rodada', 'Início (UTC)', 'Jogo', 'Participante', 'Palpite', 'Resultado', 'Pontos', 'Coringa']);
    const third = (await t.app.inject({ method: 'GET', url: `/api/groups/${groupId}/matches/${fixture.third}/predictions`, headers: { cookie: bruno.cookie } })).json();
    const kickoff = (iso: string) => iso.slice(0, 16).replace('T', ' ');
    expect(rows).toEqual([
      // A name a spreadsheet would run as a formula is plain text.
      ['Third place', kickoff(third.match.kickoff), `'=HYPERLINK("x") – Croatia`, 'ana', '2–1', '2–1', '10', ''],
      ['Final', expect.any(String), 'Argentina – France', 'ana', '2–2', '2–2, 3–3 prorr., 4–2 pên.', '20', 'sim'],
      ['Final', expect.any(String), 'Argentina – France', 'bruno', '1–0', '2–2, 3–3 prorr., 4–2 pên.', '0', ''],
    ]);
    expect(response.body).not.toContain('4–4');
    // English when asked for; Spanish from the profile.
    expect(rowsOf((await as(bruno, `/api/groups/${groupId}/export/predictions.csv?lang=en`)).body)[0]![0]).toBe('Round');
    expect((await t.app.inject({ method: 'PATCH', url: `/api/profiles/${await userId('bruno')}`, headers: { cookie: bruno.cookie }, payload: { language: 'es' } })).statusCode).toBe(200);
    expect(rowsOf((await as(bruno, `/api/groups/${groupId}/export/predictions.csv`)).body)[0]).toEqual(['Jornada', 'Inicio (UTC)', 'Partido', 'Jugador', 'Pronóstico', 'Resultado', 'Puntos', 'Comodín']);
  });

  it('keeps non-members out and refuses an unknown language', async () => {
    expect((await as(outsider, `/api/groups/${groupId}/export/ranking.csv`)).statusCode).toBe(404);
    expect((await as(outsider, `/api/groups/${groupId}/export/predictions.csv`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/groups/${groupId}/export/ranking.csv` })).statusCode).toBe(401);
    expect((await as(bruno, `/api/groups/${groupId}/export/ranking.csv?lang=fr`)).statusCode).toBe(400);
  });

  /** A user's id by username. */
  async function userId(username: string): Promise<string> {
    const result = await t.database.db.execute(sql`select user_id from profiles where username = ${username}`);
    return (result as unknown as { rows: { user_id: string }[] }).rows[0]!.user_id;
  }
});
