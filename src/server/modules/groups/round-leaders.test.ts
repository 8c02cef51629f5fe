/**
 * A round's winners are only leading it while some of its matches are still to play or in play: GET
 * /api/groups/:groupId/matchday-winners and the stats page say whether each round is complete (every
 * match finished, postponed or cancelled), so the pages can say "leading so far" until the last whistle.
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { createUser, type TestUser } from '../../../../tests/helpers/users';
import type { GroupStatsResponse, MatchdayWinnersResponse } from '../../../contracts/stats';
import { matches } from '../../db/schema';
import { seedDemoIfEmpty } from '../demo/seed';
import { scoreMatches } from '../scoring/score-matches';

describe(`round leaders until the round is complete (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let ana: TestUser;
  let bruno: TestUser;
  let groupId: string;
  let round: { order: number; matchIds: string[] };

  const get = async <T>(url: string): Promise<T> => {
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie: ana.cookie } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  const finish = (matchId: string, home: number, away: number) => t.database.db.transaction(async (tx) => {
    await tx.update(matches).set({ status: 'finished', homeGoals: home, awayGoals: away }).where(eq(matches.id, matchId));
    await scoreMatches(tx, [matchId]);
  });

  beforeAll(async () => {
    t = await createTestApp({ RANKING_CACHE_MS: '0' });
    await seedDemoIfEmpty(t.database.db, new Date());
    [ana, bruno] = await Promise.all(['ana', 'bruno'].map((username) => createUser(t, { username }))) as [TestUser, TestUser];
    const leagueId = (await t.app.inject({ method: 'GET', url: '/api/leagues' })).json().leagues[0].id as string;
    const created = (await t.app.inject({ method: 'POST', url: '/api/groups', payload: { name: 'Round pool', leagueId }, headers: { cookie: ana.cookie } })).json().group;
    groupId = created.id;
    await t.app.inject({ method: 'POST', url: '/api/groups/join', payload: { inviteCode: created.inviteCode }, headers: { cookie: bruno.cookie } });
    // A round whose matches are all still open.
    const open = await t.database.db.select({ id: matches.id, order: matches.roundOrder }).from(matches)
      .where(and(eq(matches.leagueId, leagueId), eq(matches.status, 'scheduled'), gt(matches.kickoff, new Date(Date.now() + 3_600_000))))
      .orderBy(asc(matches.kickoff));
    const last = open.at(-1)!.order;
    const all = await t.database.db.select({ id: matches.id }).from(matches).where(and(eq(matches.leagueId, leagueId), eq(matches.roundOrder, last)));
    round = { order: last, matchIds: all.map((m) => m.id) };
    expect(round.matchIds.length).toBeGreaterThan(1);
    for (const [who, home] of [[ana, 2], [bruno, 0]] as const) {
      const saved = await t.app.inject({
        method: 'PUT', url: `/api/groups/${groupId}/predictions`, headers: { cookie: who.cookie },
        payload: { predictions: round.matchIds.map((matchId) => ({ matchId, homeGoals: home, awayGoals: 1 })) },
      });
      expect(saved.json().results.every((r: { status: string }) => r.status === 'saved'), saved.body).toBe(true);
    }
  });
  afterAll(async () => t?.close());

  it('says a round with matches to play is not complete, then complete once its last match is finished', async () => {
    const [first, ...rest] = round.matchIds as [string, ...string[]];
    await finish(first, 2, 1); // ana exact: 10 points
    const winners = async () => (await get<MatchdayWinnersResponse>(`/api/groups/${groupId}/matchday-winners`)).winners.find((w) => w.roundOrder === round.order);
    const statsRound = async () => (await get<GroupStatsResponse>(`/api/groups/${groupId}/stats`)).rounds.find((r) => r.roundOrder === round.order);
    expect(await winners()).toMatchObject({ points: 10, complete: false, members: [{ username: 'ana' }] });
    expect((await statsRound())?.complete).toBe(false);
    // A live match keeps it open too.
    for (const matchId of rest.slice(0, -1)) await finish(matchId, 0, 1);
    await t.database.db.update(matches).set({ status: 'live', homeGoals: 0, awayGoals: 0 }).where(eq(matches.id, rest.at(-1)!));
    expect((await winners())?.complete).toBe(false);
    await finish(rest.at(-1)!, 0, 1);
    expect((await winners())?.complete).toBe(true);
    expect((await statsRound())?.complete).toBe(true);
  });
});
