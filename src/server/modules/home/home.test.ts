/**
 * GET /api/home over HTTP on a real database: signed-in only; the next open matches of my groups' leagues
 * once each with all my groups on it and my own predictions; closed matches left out; recent results with
 * my points (folded or still queued); other people's predictions and other leagues never shown. Each test
 * makes its own league (the demo fixture under another name) so kickoffs it moves touch no other test.
 */
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { createUser, type TestUser } from '../../../../tests/helpers/users';
import type { HomeResponse } from '../../../contracts/home';
import { matches } from '../../db/schema';
import { demoLeague } from '../demo/demo-league';
import { importCompetition } from '../import/service';
import { scoreMatches } from '../scoring/score-matches';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe(`GET /api/home (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  const as = (who: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });
  const home = async (who: TestUser) => {
    const response = await as(who, 'GET', '/api/home');
    expect(response.statusCode).toBe(200);
    return response.json<HomeResponse>();
  };
  const createGroup = async (who: TestUser, name: string, leagueId: string) =>
    (await as(who, 'POST', '/api/groups', { name, leagueId })).json().group as { id: string; inviteCode: string };
  const predict = async (who: TestUser, groupId: string, matchId: string, homeGoals: number, awayGoals: number) => {
    const response = await as(who, 'PUT', `/api/groups/${groupId}/predictions`, { predictions: [{ matchId, homeGoals, awayGoals }] });
    expect(response.json().results[0].status).toBe('saved');
  };
  let leagueCount = 0;
  /** A new league (the demo fixture around now) and its scheduled matches, soonest first. */
  const newLeague = async () => {
    const summary = await importCompetition(t.database.db, { ...demoLeague(new Date()), name: `Home League ${++leagueCount}` }, { provider: 'demo' });
    const scheduled = await t.database.db.select({ id: matches.id, kickoff: matches.kickoff }).from(matches)
      .where(and(eq(matches.leagueId, summary.leagueId), eq(matches.status, 'scheduled'))).orderBy(asc(matches.kickoff), asc(matches.id));
    return { leagueId: summary.leagueId, scheduled };
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('answers 401 to a guest', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/home' });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.id).toBe('unauthenticated');
  });

  it('gives a newcomer without groups two empty lists', async () => {
    expect(await home(await createUser(t))).toMatchObject({ upcoming: [], recent: [] });
  });

  it('lists an open match once with both my groups on its league and only my own predictions', async () => {
    const [ana, bruno] = await Promise.all([createUser(t), createUser(t)]);
    const { leagueId, scheduled } = await newLeague();
    const family = await createGroup(ana, 'Family pool', leagueId);
    const office = await createGroup(ana, 'Office pool', leagueId);
    await as(bruno, 'POST', '/api/groups/join', { inviteCode: family.inviteCode });
    const first = (await home(ana)).upcoming[0]!;
    await predict(ana, family.id, first.id, 2, 1);
    await predict(ana, office.id, first.id, 0, 0);
    await predict(bruno, family.id, first.id, 7, 7);

    const feed = await home(ana);
    expect(feed.upcoming.length).toBeLessThanOrEqual(10);
    expect(feed.upcoming.filter((m) => m.id === first.id)).toHaveLength(1);
    const match = feed.upcoming.find((m) => m.id === first.id)!;
    expect(match).toMatchObject({ league: { id: leagueId }, homeTeam: { name: expect.any(String) }, awayTeam: { name: expect.any(String) } });
    expect(Date.parse(match.kickoff) - Date.parse(match.closesAt)).toBe(15 * MINUTE);
    expect(match.groups).toEqual([
      { groupId: family.id, groupName: 'Family pool', groupColor: 'green', myPrediction: { homeGoals: 2, awayGoals: 1 } },
      { groupId: office.id, groupName: 'Office pool', groupColor: 'green', myPrediction: { homeGoals: 0, awayGoals: 0 } },
    ]);
    // Every match of the league is listed with both groups, the unpredicted ones with null.
    for (const other of feed.upcoming) expect(other.groups.map((g) => g.groupId)).toEqual([family.id, office.id]);
    expect(feed.upcoming.map((m) => m.id)).toEqual(scheduled.filter((m) => m.kickoff.getTime() - 15 * MINUTE > Date.now()).slice(0, 10).map((m) => m.id));
    // Bruno's 7–7 never reaches Ana; Bruno sees his own and only the group he is in.
    expect(JSON.stringify(feed)).not.toContain('"homeGoals":7');
    const brunoMatch = (await home(bruno)).upcoming.find((m) => m.id === first.id)!;
    expect(brunoMatch.groups).toEqual([{ groupId: family.id, groupName: 'Family pool', groupColor: 'green', myPrediction: { homeGoals: 7, awayGoals: 7 } }]);
  });

  it('leaves out a match already closed (kickoff in 10 minutes) and keeps one closing in 10 minutes', async () => {
    const ana = await createUser(t);
    const { leagueId, scheduled } = await newLeague();
    await createGroup(ana, 'Deadline pool', leagueId);
    const [closed, closing] = scheduled.slice(-2);
    const closingKickoff = new Date(Date.now() + 25 * MINUTE);
    await t.database.db.update(matches).set({ kickoff: new Date(Date.now() + 10 * MINUTE) }).where(eq(matches.id, closed!.id));
    await t.database.db.update(matches).set({ kickoff: closingKickoff }).where(eq(matches.id, closing!.id));
    const { upcoming } = await home(ana);
    expect(upcoming.map((m) => m.id)).not.toContain(closed!.id);
    expect(upcoming.find((m) => m.id === closing!.id)).toMatchObject({ closesAt: new Date(closingKickoff.getTime() - 15 * MINUTE).toISOString() });
  });

  it('lists a finished match of yesterday in recent with my points in each group, folded or still queued', async () => {
    const [ana, bruno] = await Promise.all([createUser(t), createUser(t)]);
    const { leagueId, scheduled } = await newLeague();
    const pool = await createGroup(ana, 'Results pool', leagueId);
    const empty = await createGroup(ana, 'Another pool', leagueId);
    await as(bruno, 'POST', '/api/groups/join', { inviteCode: pool.inviteCode });
    const [folded, queued] = scheduled.slice(-2);
    await predict(ana, pool.id, folded!.id, 2, 1);
    await predict(bruno, pool.id, folded!.id, 1, 0);
    await predict(ana, pool.id, queued!.id, 0, 1);
    const finish = (id: string, hoursAgo: number) => t.database.db.update(matches)
      .set({ kickoff: new Date(Date.now() - hoursAgo * 60 * MINUTE), status: 'finished', homeGoals: 2, awayGoals: 1 }).where(eq(matches.id, id));
    await finish(folded!.id, 24);
    await finish(queued!.id, 20);
    await scoreMatches(t.database.db, [folded!.id]);
    await scoreMatches(t.database.db, [queued!.id], { syncLimit: 0 }); // left to the background folder

    const { recent, upcoming } = await home(ana);
    expect(upcoming.map((m) => m.id)).not.toContain(folded!.id);
    const byId = new Map(recent.map((m) => [m.id, m]));
    expect(byId.get(folded!.id)).toMatchObject({
      homeGoals: 2, awayGoals: 1,
      groups: [
        { groupId: empty.id, myPrediction: null },
        { groupId: pool.id, myPrediction: { homeGoals: 2, awayGoals: 1, points: 10, outcome: 'exact' } },
      ],
    });
    expect(byId.get(queued!.id)!.groups[1]).toMatchObject({ groupId: pool.id, myPrediction: { homeGoals: 0, awayGoals: 1, points: -2, outcome: 'opposite' } });
    // Newest first, within the last 7 days, at most 10.
    const kickoffs = recent.map((m) => Date.parse(m.kickoff));
    expect(kickoffs).toEqual([...kickoffs].sort((a, b) => b - a));
    expect(kickoffs.every((k) => k <= Date.now() && k >= Date.now() - 7 * DAY)).toBe(true);
    expect(recent.length).toBeLessThanOrEqual(10);
    // Bruno's own points, never Ana's prediction.
    const brunoMatch = (await home(bruno)).recent.find((m) => m.id === folded!.id)!;
    expect(brunoMatch.groups).toEqual([{ groupId: pool.id, groupName: 'Results pool', groupColor: 'green', myPrediction: { homeGoals: 1, awayGoals: 0, points: 5, outcome: 'goal_difference', joker: false } }]);
  });

  it('shows no match of a league none of my groups plays, and drops a deactivated group from the upcoming ones', async () => {
    const carla = await createUser(t);
    const mine = await newLeague();
    const other = await newLeague();
    const kept = await createGroup(carla, 'Kept pool', mine.leagueId);
    const paused = await createGroup(carla, 'Paused pool', mine.leagueId);
    expect((await as(carla, 'PATCH', `/api/groups/${paused.id}`, { status: 'deactivated' })).statusCode).toBe(200);
    const feed = await home(carla);
    expect(feed.upcoming.length).toBeGreaterThan(0);
    expect(feed.recent.length).toBeGreaterThan(0);
    for (const match of [...feed.upcoming, ...feed.recent]) {
      expect(match.league.id).toBe(mine.leagueId);
      expect(match.league.id).not.toBe(other.leagueId);
    }
    for (const match of feed.upcoming) expect(match.groups.map((g) => g.groupId)).toEqual([kept.id]);
    for (const match of feed.recent) expect(match.groups.map((g) => g.groupId)).toEqual([kept.id, paused.id]);
  });
});
