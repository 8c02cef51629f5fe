/**
 * The provisional ranking over HTTP on a real database ("if it ended now"): while a match is in
 * play with a score, GET /api/groups/:groupId/ranking counts its predictions as if it ended at that score,
 * says how many matches it counts (`liveMatches`), and its movement compares with the official ranking; a
 * goal moves it, and the final whistle turns it into points (liveMatches 0).
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { createUser, type TestUser } from '../../../../tests/helpers/users';
import type { RankingResponse } from '../../../contracts/groups';
import { matches } from '../../db/schema';
import { seedDemoIfEmpty } from '../demo/seed';
import { scoreMatches } from '../scoring/score-matches';

describe(`provisional ranking (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let ana: TestUser;
  let bruno: TestUser;
  let carla: TestUser;
  let groupId: string;
  let live: string;
  let earlier: string;
  let leagueId: string;

  /** Sets a match's state as an administrator's save does: the match and its scoring in one transaction. */
  const setMatch = (matchId: string, status: 'live' | 'finished', home: number, away: number) => t.database.db.transaction(async (tx) => {
    await tx.update(matches).set({ status, homeGoals: home, awayGoals: away }).where(eq(matches.id, matchId));
    await scoreMatches(tx, [matchId]);
  });
  const predict = async (who: TestUser, matchId: string, homeGoals: number, awayGoals: number) => {
    const response = await t.app.inject({
      method: 'PUT', url: `/api/groups/${groupId}/predictions`, headers: { cookie: who.cookie },
      payload: { predictions: [{ matchId, homeGoals, awayGoals }] },
    });
    expect(response.json().results[0].status, JSON.stringify(response.json())).toBe('saved');
  };
  const ranking = async (who: TestUser = ana) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/groups/${groupId}/ranking`, headers: { cookie: who.cookie } });
    expect(response.statusCode).toBe(200);
    const body = response.json() as RankingResponse;
    const byName = Object.fromEntries(body.ranking.map((row) => [row.username, { rank: row.rank, points: row.points, movement: row.movement }]));
    return { liveMatches: body.liveMatches, byName };
  };

  beforeAll(async () => {
    // No cache: each read runs the statement (the cache's own rules are tested in ranking-cache.test.ts).
    t = await createTestApp({ RANKING_CACHE_MS: '0' });
    await seedDemoIfEmpty(t.database.db, new Date());
    [ana, bruno, carla] = await Promise.all(['ana', 'bruno', 'carla'].map((username) => createUser(t, { username }))) as [TestUser, TestUser, TestUser];
    leagueId = (await t.app.inject({ method: 'GET', url: '/api/leagues' })).json().leagues[0].id as string;
    const created = await t.app.inject({ method: 'POST', url: '/api/groups', payload: { name: 'Live pool', leagueId }, headers: { cookie: ana.cookie } });
    groupId = created.json().group.id;
    const inviteCode = created.json().group.inviteCode as string;
    for (const who of [bruno, carla]) {
      expect((await t.app.inject({ method: 'POST', url: '/api/groups/join', payload: { inviteCode }, headers: { cookie: who.cookie } })).statusCode).toBe(200);
    }
    const open = await t.database.db.select({ id: matches.id }).from(matches)
      .where(and(eq(matches.leagueId, leagueId), eq(matches.status, 'scheduled'), gt(matches.kickoff, new Date(Date.now() + 3_600_000))))
      .orderBy(asc(matches.kickoff)).limit(2); // still open: the demo's next match may be inside its last 15 minutes
    [earlier, live] = [open[0]!.id, open[1]!.id];
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts a match in play as if it ended now, moves with each goal, and becomes points at the final whistle', async () => {
    await predict(bruno, earlier, 2, 0);
    await Promise.all([predict(ana, live, 2, 0), predict(bruno, live, 1, 1), predict(carla, live, 0, 2)]);
    await setMatch(earlier, 'finished', 1, 0); // bruno: right winner, 3 points
    // Official: movement against the ranking before this round (the demo's earlier rounds: all level).
    expect(await ranking()).toEqual({
      liveMatches: 0,
      byName: { bruno: { rank: 1, points: 3, movement: 0 }, ana: { rank: 2, points: 0, movement: -1 }, carla: { rank: 2, points: 0, movement: -1 } },
    });

    await setMatch(live, 'live', 1, 0); // ana: right winner (3, level with bruno); bruno's 1-1 nothing; carla's 0-2 the opposite (−2)
    expect(await ranking()).toEqual({
      liveMatches: 1,
      byName: { bruno: { rank: 1, points: 3, movement: 0 }, ana: { rank: 1, points: 3, movement: 1 }, carla: { rank: 3, points: -2, movement: -1 } },
    });

    await setMatch(live, 'live', 2, 0); // ana's exact score: she leads if it ends now
    expect(await ranking(carla)).toEqual({
      liveMatches: 1,
      byName: { ana: { rank: 1, points: 10, movement: 1 }, bruno: { rank: 2, points: 3, movement: -1 }, carla: { rank: 3, points: -2, movement: -1 } },
    });

    await setMatch(live, 'finished', 2, 0); // the final whistle: the same standings, now official
    const final = await ranking();
    expect(final.liveMatches).toBe(0);
    expect(Object.fromEntries(Object.entries(final.byName).map(([name, row]) => [name, [row.rank, row.points]])))
      .toEqual({ ana: [1, 10], bruno: [2, 3], carla: [3, -2] });
  });

  it('is official again when the match in play is postponed', async () => {
    const [next] = await t.database.db.select({ id: matches.id }).from(matches)
      .where(and(eq(matches.leagueId, leagueId), eq(matches.status, 'scheduled'), gt(matches.kickoff, new Date(Date.now() + 3_600_000))))
      .orderBy(asc(matches.kickoff)).limit(1);
    await predict(carla, next!.id, 3, 3);
    await setMatch(next!.id, 'live', 3, 3);
    expect((await ranking()).byName.carla).toMatchObject({ points: 8 });
    await t.database.db.transaction(async (tx) => {
      await tx.update(matches).set({ status: 'postponed', homeGoals: null, awayGoals: null }).where(eq(matches.id, next!.id));
      await scoreMatches(tx, [next!.id]);
    });
    const after = await ranking();
    expect(after.liveMatches).toBe(0);
    expect(after.byName.carla).toMatchObject({ points: -2 });
  });
});
