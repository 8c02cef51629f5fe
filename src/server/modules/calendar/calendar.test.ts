/**
 * The calendar feed over HTTP, parsed with an iCalendar parser (ical.js): one event per match of the
 * person's groups' leagues (a match two of their groups share once, naming both), kickoffs in UTC, an
 * alarm at the close (kickoff − 15 min) only for an open match not predicted in every group, cancelled
 * matches marked so; the address for the signed-in only, a new one stopping the old at once.
 */
import ICAL from 'ical.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { createUser, type TestUser } from '../../../../tests/helpers/users';
import { leagues, matches, teams } from '../../db/schema';

const DAY = 86_400_000;

describe(`calendar feed (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let ana: TestUser;
  let bruno: TestUser;
  const fixture: Record<'open' | 'predicted' | 'old' | 'cancelled' | 'other', string> = { open: '', predicted: '', old: '', cancelled: '', other: '' };
  let kickoff: Date;
  const groupIds: string[] = [];

  const as = (who: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });
  /** The feed at `path`, parsed: its events by summary. */
  const feed = async (path: string) => {
    const response = await as(null, 'GET', path);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const calendar = new ICAL.Component(ICAL.parse(response.body) as unknown[]);
    return new Map(calendar.getAllSubcomponents('vevent').map((component) => {
      const event = new ICAL.Event(component);
      return [event.summary, { event, component }] as const;
    }));
  };

  beforeAll(async () => {
    t = await createTestApp();
    [ana, bruno] = await Promise.all([createUser(t, { username: 'ana' }), createUser(t, { username: 'bruno' })]);
    const db = t.database.db;
    const [league, otherLeague] = await db.insert(leagues).values([
      { name: 'Feed League', season: '2026', kind: 'league', provider: 'test', externalId: 'feed-league' },
      { name: 'Other League', season: '2026', kind: 'league', provider: 'test', externalId: 'other-league' },
    ]).returning();
    const teamRows = await db.insert(teams).values(['Ajax', 'Benfica', 'Celtic', 'Dortmund'].map((name) => ({ name: `${name} (feed)` }))).returning();
    const id = (name: string) => teamRows.find((team) => team.name === `${name} (feed)`)!.id;
    kickoff = new Date(Math.ceil((Date.now() + 2 * DAY) / 60_000) * 60_000);
    const rows = await db.insert(matches).values([
      { leagueId: league!.id, externalId: 'open', roundName: 'Matchday 1', roundOrder: 1, stage: 'league', kickoff, homeTeamId: id('Ajax'), awayTeamId: id('Benfica') },
      { leagueId: league!.id, externalId: 'predicted', roundName: 'Matchday 1', roundOrder: 1, stage: 'league', kickoff: new Date(kickoff.getTime() + 3_600_000), homeTeamId: id('Celtic'), awayTeamId: id('Dortmund') },
      { leagueId: league!.id, externalId: 'old', roundName: 'Matchday 0', roundOrder: 0, stage: 'league', kickoff: new Date(Date.now() - 60 * DAY), status: 'finished', homeGoals: 1, awayGoals: 0, homeTeamId: id('Benfica'), awayTeamId: id('Ajax') },
      { leagueId: league!.id, externalId: 'cancelled', roundName: 'Matchday 2', roundOrder: 2, stage: 'league', kickoff: new Date(kickoff.getTime() + DAY), status: 'cancelled', homeTeamId: id('Dortmund'), awayTeamId: id('Celtic') },
      { leagueId: otherLeague!.id, externalId: 'other', roundName: 'Round 1', roundOrder: 1, stage: 'league', kickoff, homeTeamId: id('Ajax'), awayTeamId: id('Dortmund') },
    ]).returning();
    for (const row of rows) fixture[row.externalId as keyof typeof fixture] = row.id;
    for (const name of ['Office pool', 'Family pool']) {
      const group = (await as(ana, 'POST', '/api/groups', { name, leagueId: league!.id })).json().group;
      groupIds.push(group.id);
      // Ana predicts one match in both groups, the other in one only.
      expect((await as(ana, 'PUT', `/api/groups/${group.id}/predictions/${fixture.predicted}`, { homeGoals: 1, awayGoals: 1 })).statusCode).toBe(200);
    }
    expect((await as(ana, 'PUT', `/api/groups/${groupIds[0]}/predictions/${fixture.open}`, { homeGoals: 2, awayGoals: 0 })).statusCode).toBe(200);
  });
  afterAll(async () => t?.close());

  it('lists the matches of my groups once each, in UTC, with an alarm at the close only where a prediction is missing', async () => {
    expect((await as(ana, 'GET', '/api/me/calendar')).json()).toEqual({ calendar: { path: null } });
    const { path } = (await as(ana, 'POST', '/api/me/calendar')).json().calendar;
    expect(path).toMatch(/^\/api\/calendar\.ics\?token=[A-Za-z0-9_-]{43}$/);
    expect((await as(ana, 'GET', '/api/me/calendar')).json().calendar.path).toBe(path);

    const events = await feed(path);
    // The other league's match and the match older than 30 days are not in it.
    expect([...events.keys()].sort()).toEqual(['Ajax (feed) – Benfica (feed)', 'Celtic (feed) – Dortmund (feed)', 'Dortmund (feed) – Celtic (feed)']);
    const open = events.get('Ajax (feed) – Benfica (feed)')!;
    expect(open.event.startDate.zone?.tzid).toBe('UTC');
    expect(open.event.startDate.toJSDate().toISOString()).toBe(kickoff.toISOString());
    expect(open.event.endDate.toJSDate().getTime() - kickoff.getTime()).toBe(120 * 60_000);
    expect(open.event.uid).toBe(`${fixture.open}@palpite`);
    expect(open.event.description).toContain('Matchday 1 · Groups: Family pool, Office pool');
    expect(open.event.description).toContain(`/group/${groupIds[0]}?tab=matches`);
    // Predicted in the office pool only: an alarm at kickoff − 15 minutes.
    const alarms = open.component.getAllSubcomponents('valarm');
    expect(alarms).toHaveLength(1);
    expect(alarms[0]!.getFirstPropertyValue('trigger')!.toString()).toBe('-PT15M');
    expect(alarms[0]!.getFirstPropertyValue('action')).toBe('DISPLAY');
    // Predicted everywhere: no alarm. Cancelled: marked so, no alarm.
    expect(events.get('Celtic (feed) – Dortmund (feed)')!.component.getAllSubcomponents('valarm')).toEqual([]);
    const cancelled = events.get('Dortmund (feed) – Celtic (feed)')!;
    expect(cancelled.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(cancelled.component.getAllSubcomponents('valarm')).toEqual([]);

    // Once predicted in the family pool too, the next read has no alarm for it.
    expect((await as(ana, 'PUT', `/api/groups/${groupIds[1]}/predictions/${fixture.open}`, { homeGoals: 2, awayGoals: 0 })).statusCode).toBe(200);
    expect((await feed(path)).get('Ajax (feed) – Benfica (feed)')!.component.getAllSubcomponents('valarm')).toEqual([]);
    // After the close, a missing prediction no longer rings.
    await t.database.db.execute(sql`update matches set kickoff = now() + interval '10 minutes' where id = ${fixture.predicted}::uuid`);
    await t.database.db.execute(sql`delete from predictions where match_id = ${fixture.predicted}::uuid and group_id = ${groupIds[1]}::uuid`);
    expect((await feed(path)).get('Celtic (feed) – Dortmund (feed)')!.component.getAllSubcomponents('valarm')).toEqual([]);
  });

  it('speaks the profile\'s language, and a new address stops the old one at once', async () => {
    const userId = (await as(bruno, 'GET', '/api/me')).json().user.id as string;
    await as(bruno, 'POST', '/api/groups/join', { inviteCode: (await as(ana, 'GET', `/api/groups/${groupIds[0]}`)).json().group.inviteCode });
    expect((await t.app.inject({ method: 'PATCH', url: `/api/profiles/${userId}`, headers: { cookie: bruno.cookie }, payload: { language: 'pt-BR' } })).statusCode).toBe(200);
    const first = (await as(bruno, 'POST', '/api/me/calendar')).json().calendar.path as string;
    const open = (await feed(first)).get('Ajax (feed) – Benfica (feed)')!;
    expect(open.event.description).toContain('Grupos: Office pool');
    expect(open.component.getFirstSubcomponent('valarm')!.getFirstPropertyValue('description')).toBe('Os palpites de Ajax (feed) – Benfica (feed) fecham agora');

    const second = (await as(bruno, 'POST', '/api/me/calendar')).json().calendar.path as string;
    expect(second).not.toBe(first);
    expect((await as(null, 'GET', first)).statusCode).toBe(404);
    expect((await as(null, 'GET', second)).statusCode).toBe(200);
    expect((await as(null, 'GET', '/api/calendar.ics?token=nope')).statusCode).toBe(404);
    expect((await as(null, 'GET', '/api/calendar.ics')).statusCode).toBe(400);
    expect((await as(null, 'GET', '/api/me/calendar')).statusCode).toBe(401);
    expect((await as(null, 'POST', '/api/me/calendar')).statusCode).toBe(401);
  });
});
