/**
 * The administrators' fixtures over HTTP: filters and pages; a result entered with its reason
 * scores members' predictions at once (their ranking moves); postpone voids, restore with a new kickoff
 * reopens; re-score; bad input refused with nothing written; every write in the audit log with
 * before/after and the reason, searchable.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { createUser, type TestUser } from '../../../../tests/helpers/users';
import { rowsOf } from '../../db/client';
import { seedDemoIfEmpty } from '../demo/seed';

describe(`admin fixtures and audit log (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let member: TestUser;
  let leagueId: string;
  let groupId: string;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: 'fixtures-boss@example.com' });
    await seedDemoIfEmpty(t.database.db, new Date());
    admin = await createUser(t, { email: 'fixtures-boss@example.com', username: 'fixtures_boss' });
    member = await createUser(t, { username: 'fixtures_member' });
    leagueId = (await t.app.inject({ method: 'GET', url: '/api/leagues' })).json().leagues[0].id;
    groupId = (await t.app.inject({ method: 'POST', url: '/api/groups', payload: { name: 'Fixture pool', leagueId }, headers: { cookie: member.cookie } })).json().group.id;
  });
  afterAll(async () => t?.close());
  const as = (who: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });

  it('filters fixtures by league, status and dates, 50 a page', async () => {
    const all = (await as(admin, 'GET', `/api/admin/fixtures?leagueId=${leagueId}`)).json();
    expect(all.total).toBe(56);
    expect(all.fixtures).toHaveLength(50);
    expect((await as(admin, 'GET', `/api/admin/fixtures?leagueId=${leagueId}&page=2`)).json().fixtures).toHaveLength(6);
    const kickoffs = all.fixtures.map((f: { kickoff: string }) => f.kickoff);
    expect(kickoffs).toEqual([...kickoffs].sort());
    const scheduled = (await as(admin, 'GET', `/api/admin/fixtures?leagueId=${leagueId}&status=scheduled`)).json();
    expect(scheduled.fixtures.every((f: { status: string }) => f.status === 'scheduled')).toBe(true);
    const day = scheduled.fixtures[0].kickoff.slice(0, 10);
    const onDay = (await as(admin, 'GET', `/api/admin/fixtures?leagueId=${leagueId}&from=${day}&to=${day}`)).json();
    expect(onDay.fixtures.length).toBeGreaterThan(0);
    expect(onDay.fixtures.every((f: { kickoff: string }) => f.kickoff.startsWith(day))).toBe(true);
    const round = scheduled.fixtures[0].roundOrder;
    expect((await as(admin, 'GET', `/api/admin/fixtures?leagueId=${leagueId}&roundOrder=${round}`)).json().fixtures
      .every((f: { roundOrder: number }) => f.roundOrder === round)).toBe(true);
    expect((await as(admin, 'GET', '/api/admin/fixtures?from=yesterday')).statusCode).toBe(400);
  });

  it('enters a result with its reason: the member\'s prediction scores and the ranking moves; postpone voids, restore reopens', async () => {
    const open = (await as(admin, 'GET', `/api/admin/fixtures?leagueId=${leagueId}&status=scheduled`)).json().fixtures
      .find((f: { deadline: string }) => new Date(f.deadline).getTime() > Date.now() + 3_600_000);
    const saved = await t.app.inject({ method: 'PUT', headers: { cookie: member.cookie }, url: `/api/groups/${groupId}/predictions`, payload: { predictions: [{ matchId: open.id, homeGoals: 2, awayGoals: 1 }] } });
    expect(saved.statusCode).toBe(200);

    const noReason = await as(admin, 'PATCH', `/api/admin/matches/${open.id}`, { result: { status: 'finished', homeGoals: 2, awayGoals: 1 } });
    expect(noReason.statusCode).toBe(400);
    // Before its kickoff, a result is refused unless the administrator confirms it; nothing is written then.
    const early = await as(admin, 'PATCH', `/api/admin/matches/${open.id}`, { result: { status: 'finished', homeGoals: 2, awayGoals: 1 }, reason: 'Result from the referee report' });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.id).toBe('match_not_started');
    expect((await as(admin, 'PUT', `/api/admin/matches/${open.id}/result`, { status: 'live', homeGoals: 0, awayGoals: 0 })).json().error.id).toBe('match_not_started');
    const listed = (await as(admin, 'GET', `/api/admin/fixtures?leagueId=${leagueId}&status=scheduled`)).json().fixtures;
    expect(listed.some((f: { id: string }) => f.id === open.id)).toBe(true);
    const finished = await as(admin, 'PATCH', `/api/admin/matches/${open.id}`, { result: { status: 'finished', homeGoals: 2, awayGoals: 1, beforeKickoff: true }, reason: 'Result from the referee report' });
    expect(finished.statusCode).toBe(200);
    expect(finished.json()).toMatchObject({ fixture: { status: 'finished', homeGoals: 2, awayGoals: 1 }, rescored: 1 });
    const ranking = (await as(member, 'GET', `/api/groups/${groupId}/ranking`)).json().ranking;
    expect(ranking[0]).toMatchObject({ points: 10, exact: 1, rank: 1 });

    const postponed = await as(admin, 'PATCH', `/api/admin/matches/${open.id}`, { result: { status: 'postponed' }, reason: 'Storm' });
    expect(postponed.json()).toMatchObject({ fixture: { status: 'postponed', homeGoals: null }, rescored: 1 });
    expect((await as(member, 'GET', `/api/groups/${groupId}/ranking`)).json().ranking[0]).toMatchObject({ points: 0, exact: 0 });

    const newKickoff = new Date(Date.now() + 10 * 24 * 3_600_000).toISOString();
    const restored = await as(admin, 'PATCH', `/api/admin/matches/${open.id}`, { kickoff: newKickoff, result: { status: 'scheduled' }, reason: 'New date announced' });
    expect(restored.json().fixture).toMatchObject({ status: 'scheduled', kickoff: newKickoff });
    // Reopened: the member may change the prediction, which stood all along.
    const again = await t.app.inject({ method: 'PUT', headers: { cookie: member.cookie }, url: `/api/groups/${groupId}/predictions`, payload: { predictions: [{ matchId: open.id, homeGoals: 0, awayGoals: 0 }] } });
    expect(again.json().results[0].status).toBe('saved');
    const rescore = await as(admin, 'POST', `/api/admin/matches/${open.id}/rescore`, { reason: 'Check after rules change' });
    expect(rescore.statusCode).toBe(200);

    const audit = (await as(admin, 'GET', `/api/admin/audit?search=${encodeURIComponent('Storm')}`)).json();
    expect(audit.entries).toHaveLength(1);
    expect(audit.entries[0]).toMatchObject({
      actor: 'fixtures_boss', action: 'match.update', subjectType: 'match', subjectId: open.id, reason: 'Storm',
      before: { status: 'finished', homeGoals: 2, awayGoals: 1 }, after: { status: 'postponed', homeGoals: null },
    });
    const forMatch = (await as(admin, 'GET', `/api/admin/audit?search=${open.id}`)).json();
    expect(forMatch.entries.map((e: { action: string }) => e.action)).toEqual(['match.rescore', 'match.update', 'match.update', 'match.update']);
    // The result confirmed before kickoff is recorded as such.
    expect(forMatch.entries.at(-1)).toMatchObject({ reason: 'Result from the referee report', after: { status: 'finished', resultBeforeKickoff: true } });
    // A new kickoff alone (nothing to re-score) still reaches open pages as a live match event.
    const matchEvents = async () => rowsOf<{ kickoff: string }>(await t.database.db.execute(sql`
      select payload->>'kickoff' as kickoff from live_events where kind = 'match' and payload->>'matchId' = ${open.id} order by id`));
    const eventsBefore = (await matchEvents()).length;
    const laterKickoff = new Date(Date.now() + 11 * 24 * 3_600_000).toISOString();
    const moved = await as(admin, 'PATCH', `/api/admin/matches/${open.id}`, { kickoff: laterKickoff, reason: 'Moved for television' });
    expect(moved.json()).toMatchObject({ fixture: { kickoff: laterKickoff }, rescored: 0 });
    expect(await matchEvents()).toHaveLength(eventsBefore + 1);
    expect((await matchEvents()).at(-1)).toEqual({ kickoff: laterKickoff });
    await as(admin, 'PATCH', `/api/admin/matches/${open.id}`, { kickoff: laterKickoff, reason: 'Same time, confirmed' });
    expect(await matchEvents(), 'an unchanged kickoff').toHaveLength(eventsBefore + 1);

    expect((await as(member, 'GET', '/api/admin/audit')).statusCode).toBe(403);
  });

  it('refuses bad changes with a clear error and writes nothing', async () => {
    const [first] = (await as(admin, 'GET', `/api/admin/fixtures?leagueId=${leagueId}`)).json().fixtures;
    for (const body of [
      { reason: 'nothing else' },
      { result: { status: 'finished' }, reason: 'no score' },
      { result: { status: 'finished', homeGoals: 1 }, reason: 'half a score' },
      { result: { status: 'finished', homeGoals: -1, awayGoals: 0 }, reason: 'negative' },
      { kickoff: 'tomorrow', reason: 'bad date' },
      { result: { status: 'finished', homeGoals: 1, awayGoals: 0 }, reason: 'x' },
      { result: { status: 'finished', homeGoals: 1, awayGoals: 0, homeGoalsExtraTime: 2, awayGoalsExtraTime: 0 }, reason: 'extra time after a win' },
      { result: { status: 'finished', homeGoals: 1, awayGoals: 1, homeGoalsExtraTime: 0, awayGoalsExtraTime: 1 }, reason: 'extra time below the 90 minutes' },
      { result: { status: 'finished', homeGoals: 1, awayGoals: 1, homePenalties: 4, awayPenalties: 4 }, reason: 'a drawn shoot-out' },
      { result: { status: 'finished', homeGoals: 2, awayGoals: 1, homePenalties: 4, awayPenalties: 3 }, reason: 'a shoot-out after a win' },
    ]) {
      const response = await as(admin, 'PATCH', `/api/admin/matches/${first.id}`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const after = (await as(admin, 'GET', `/api/admin/fixtures?leagueId=${leagueId}`)).json().fixtures[0];
    expect(after).toEqual(first);
    expect((await as(admin, 'PATCH', '/api/admin/matches/00000000-0000-4000-8000-000000000000', { result: { status: 'postponed' }, reason: 'ghost' })).json().error.id).toBe('match_not_found');
  });

  it('refuses dates PostgreSQL cannot store or reads back wrong, and text that is not Unicode, with 400 (the fuzz found each as a 500)', async () => {
    const [first] = (await as(admin, 'GET', `/api/admin/fixtures?leagueId=${leagueId}`)).json().fixtures;
    const fixture = { roundName: 'Round', kickoff: '2032-07-10T18:00:00Z', home: 'Year Zero FC', away: 'Surrogates' };
    for (const response of [
      await as(admin, 'GET', '/api/admin/fixtures?from=0000-01-01'),
      await as(admin, 'GET', '/api/admin/fixtures?to=0001-06-01'),
      await as(admin, 'POST', `/api/admin/leagues/${leagueId}/fixtures`, { ...fixture, kickoff: '0000-01-01T00:00:00Z' }),
      await as(admin, 'PATCH', `/api/admin/matches/${first.id}`, { kickoff: '0001-06-01T00:00:00Z', reason: 'year one' }),
      await as(admin, 'POST', `/api/admin/leagues/${leagueId}/fixtures`, { ...fixture, roundName: '\ud800' }),
    ]) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.id).toBe('validation_failed');
    }
    expect((await as(admin, 'GET', `/api/admin/fixtures?leagueId=${leagueId}`)).json().fixtures[0]).toEqual(first);
  });

  it('builds a league by hand: teams by name (or other name), rounds ordered by kickoff, results entered', async () => {
    const { league } = (await as(admin, 'POST', '/api/admin/leagues', { source: 'manual', name: 'Office Cup', season: '2032', kind: 'tournament' })).json();
    const add = (body: object) => as(admin, 'POST', `/api/admin/leagues/${league.id}/fixtures`, body);
    const late = await add({ roundName: 'Final', kickoff: '2032-07-10T18:00:00Z', home: 'Accounts United', away: 'Sales City' });
    expect(late.statusCode).toBe(201);
    expect(late.json().fixture).toMatchObject({ roundName: 'Final', roundOrder: 1, stage: 'knockout', homeTeam: { name: 'Accounts United' } });
    const early = await add({ roundName: 'Group stage', groupName: 'Group A', kickoff: '2032-07-01T18:00:00Z', home: 'ACCOUNTS UNITED', away: 'IT Rovers' });
    expect(early.json().fixture).toMatchObject({ roundOrder: 1, stage: 'group', homeTeam: { name: 'Accounts United' } }); // same team, any case
    const fixtures = (await as(admin, 'GET', `/api/admin/fixtures?leagueId=${league.id}`)).json().fixtures;
    expect(fixtures.map((f: { roundName: string; roundOrder: number }) => [f.roundName, f.roundOrder])).toEqual([['Group stage', 1], ['Final', 2]]);
    expect((await add({ roundName: 'Final', kickoff: '2032-07-10T18:00:00Z', home: 'Sales City', away: 'sales city' })).statusCode).toBe(400);
    expect((await add({ roundName: 'Final', kickoff: 'soon', home: 'A team', away: 'B team' })).statusCode).toBe(400);
    const sales = fixtures.find((f: { awayTeam: { name: string } }) => f.awayTeam.name === 'Sales City').awayTeam.id;
    await as(admin, 'POST', `/api/admin/teams/${sales}/aliases`, { alias: 'Sales' });
    const itself = await add({ roundName: 'Final', kickoff: '2032-07-10T18:00:00Z', home: 'Sales', away: 'Sales City' });
    expect(itself.statusCode).toBe(400);
    expect(itself.json().error.message).toMatch(/same team/);
    const result = await as(admin, 'PATCH', `/api/admin/matches/${late.json().fixture.id}`, {
      // Played earlier than planned: the kickoff moved into the past in the same edit needs no confirmation.
      kickoff: new Date(Date.now() - 3 * 3_600_000).toISOString(),
      result: { status: 'finished', homeGoals: 1, awayGoals: 1, homeGoalsExtraTime: 2, awayGoalsExtraTime: 1 }, reason: 'Final played',
    });
    expect(result.json().fixture).toMatchObject({ status: 'finished', homeGoals: 1, homeGoalsExtraTime: 2 });
    // A linked league's fixtures come from its provider.
    const linked = (await as(admin, 'POST', '/api/admin/leagues', { source: 'football-data', sourceRef: 'WC' })).json().league;
    const refused = await as(admin, 'POST', `/api/admin/leagues/${linked.id}/fixtures`, { roundName: 'Final', kickoff: '2032-07-10T18:00:00Z', home: 'A team', away: 'B team' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/provider/);
  });
});

