/**
 * A goal saved through the administrators' route, over HTTP on a real database: the instance's ranking
 * cache hears that live scores alone moved, keeps the rankings it held as bases and, on PostgreSQL (where
 * the refresh runs), ranks the groups from them (the same official parts) with the goal counted; the
 * rankings read are the whole statement's. The final whistle is a change of everything: no bases.
 */
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { createUser, type TestUser } from '../../../../tests/helpers/users';
import type { RankingResponse } from '../../../contracts/groups';
import { matches } from '../../db/schema';
import { seedDemoIfEmpty } from '../demo/seed';
import { LIVE_CHANNEL, type LiveEventRecord } from '../live/publish';
import { scoreMatches } from '../scoring/score-matches';
import { groupRanking, officialPartOf } from './ranking';

describe(`a goal's refresh over HTTP (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let boss: TestUser;
  let ana: TestUser;
  let bruno: TestUser;
  let groupIds: string[];
  let matchId: string;

  const result = async (status: 'live' | 'finished', homeGoals: number, awayGoals: number) => {
    const response = await t.app.inject({
      method: 'PUT', url: `/api/admin/matches/${matchId}/result`, headers: { cookie: boss.cookie }, payload: { status, homeGoals, awayGoals },
    });
    expect(response.statusCode, response.body).toBe(200);
  };
  const read = async (groupId: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/groups/${groupId}/ranking`, headers: { cookie: ana.cookie } });
    expect(response.statusCode).toBe(200);
    return response.json() as RankingResponse;
  };
  /** Until every group's cached ranking is current again (the refresh's values), at most 10 s. */
  const refreshed = async () => {
    for (let i = 0; i < 500 && !groupIds.every((id) => t.app.rankingCache.current(id)); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(groupIds.map((id) => t.app.rankingCache.current(id))).toEqual(groupIds.map(() => true));
  };

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: 'goal-boss@example.com' });
    await seedDemoIfEmpty(t.database.db, new Date());
    boss = await createUser(t, { email: 'goal-boss@example.com', username: 'goal_boss' });
    [ana, bruno] = await Promise.all(['goal_ana', 'goal_bruno'].map((username) => createUser(t, { username }))) as [TestUser, TestUser];
    const leagueId = (await t.app.inject({ method: 'GET', url: '/api/leagues' })).json().leagues[0].id as string;
    const [open] = await t.database.db.select({ id: matches.id }).from(matches)
      .where(and(eq(matches.leagueId, leagueId), eq(matches.status, 'scheduled'), gt(matches.kickoff, new Date(Date.now() + 3_600_000))))
      .orderBy(asc(matches.kickoff)).limit(1);
    matchId = open!.id;
    groupIds = [];
    // Two groups (the refresh leaves a single group to its reads), both predicting the match.
    for (const name of ['Goal pool', 'Goal club']) {
      const created = await t.app.inject({ method: 'POST', url: '/api/groups', payload: { name, leagueId }, headers: { cookie: ana.cookie } });
      const { id, inviteCode } = created.json().group as { id: string; inviteCode: string };
      groupIds.push(id.toLowerCase());
      expect((await t.app.inject({ method: 'POST', url: '/api/groups/join', payload: { inviteCode }, headers: { cookie: bruno.cookie } })).statusCode).toBe(200);
      for (const [who, homeGoals, awayGoals] of [[ana, 1, 0], [bruno, 0, 0]] as const) {
        const saved = await t.app.inject({
          method: 'PUT', url: `/api/groups/${id}/predictions`, headers: { cookie: who.cookie }, payload: { predictions: [{ matchId, homeGoals, awayGoals }] },
        });
        expect(saved.json().results[0].status).toBe('saved');
      }
    }
    // Kick-off: the match began ten minutes ago, and is in play at 0-0.
    await t.database.db.execute(sql`update matches set kickoff = now() - interval '10 minutes' where id = ${matchId}::uuid`);
    await result('live', 0, 0);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps the rankings held as bases across a goal and ranks from them; a final whistle drops them', async () => {
    for (const id of groupIds) {
      const ranking = await read(id);
      expect(ranking.liveMatches).toBe(1);
      expect(ranking.ranking.find((row) => row.username === 'goal_bruno')?.points).toBe(10); // 0-0 exact, if it ends now
    }
    const bases = new Map(groupIds.map((id) => [id, t.app.rankingCache.base(id)]));
    for (const base of bases.values()) expect(base && officialPartOf(base)).toBeDefined();

    await result('live', 1, 0);
    // Heard at once (the route's own signal after its commit), as a change of live scores alone.
    for (const id of groupIds) expect(t.app.rankingCache.current(id)).toBe(false);
    if (TEST_DB_KIND === 'postgres') {
      await refreshed();
      for (const id of groupIds) {
        const value = await t.app.rankingCache.peek(id)!;
        expect(officialPartOf(value)).toBe(officialPartOf(bases.get(id)!));
        expect(value).toEqual(await groupRanking(t.database.db, id));
      }
    } else {
      // No refresh on the embedded database: the bases wait for a read.
      for (const id of groupIds) expect(t.app.rankingCache.base(id)).toBe(bases.get(id));
    }
    for (const id of groupIds) {
      const ranking = await read(id);
      expect(ranking.ranking.find((row) => row.username === 'goal_ana')?.points).toBe(10); // 1-0 exact now
      expect(ranking.ranking.find((row) => row.username === 'goal_bruno')?.points).toBe(0);
    }

    await result('finished', 1, 0);
    for (const id of groupIds) expect(t.app.rankingCache.base(id)).toBeUndefined();
    for (const id of groupIds) expect((await read(id)).liveMatches).toBe(0);
  });

  it('applies a result saved through it once after the commit (its own live event changes nothing more); one saved elsewhere, by its event', async () => {
    const heard: number[] = [];
    const stop = await t.database.listen(LIVE_CHANNEL, (payload) => {
      const event = JSON.parse(payload) as LiveEventRecord;
      if (event.kind === 'match') heard.push(event.id);
    });
    const invalidate = vi.spyOn(t.app.rankingCache, 'invalidate');
    /** The cache's invalidations by `save`, once its live event was heard (and 200 ms more for the app's). */
    const invalidations = async (save: () => Promise<unknown>) => {
      heard.length = 0;
      invalidate.mockClear();
      await save();
      for (let i = 0; i < 200 && heard.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(heard).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 200));
      return invalidate.mock.calls.map(([, kind]) => kind);
    };
    try {
      // Told before the commit, then once after it: back in play (a change of all), then a goal.
      expect(await invalidations(() => result('live', 1, 0))).toEqual(['all', 'all']);
      expect(await invalidations(() => result('live', 2, 0))).toEqual(['live', 'live']);
      // 1-0 predicted, 2-0 now: the winner (3).
      for (const id of groupIds) expect((await read(id)).ranking.find((row) => row.username === 'goal_ana')?.points).toBe(3);
      // Saved and scored without the route (as a provider's import does): the in-process signal, then the event.
      expect(await invalidations(() => t.database.db.transaction(async (tx) => {
        await tx.update(matches).set({ homeGoals: 1 }).where(eq(matches.id, matchId));
        await scoreMatches(tx, [matchId]);
      }))).toEqual(['live', 'live']);
      for (const id of groupIds) expect((await read(id)).ranking.find((row) => row.username === 'goal_ana')?.points).toBe(10);
    } finally {
      invalidate.mockRestore();
      await stop();
    }
  });

  it('drops the bases when a result fails to save after its scoring began (nothing saved, told as a change of all)', async () => {
    await result('live', 1, 0);
    for (const id of groupIds) expect((await read(id)).liveMatches).toBe(1);
    const bases = groupIds.map((id) => t.app.rankingCache.base(id));
    for (const base of bases) expect(base).toBeDefined();
    const db = t.database.db;
    // The audit row, written after the scoring in the save's transaction, refused.
    await db.execute(sql`create function goal_refresh_refuse() returns trigger language plpgsql as $$ begin raise exception 'audit refused'; end $$`);
    await db.execute(sql`create trigger goal_refresh_refuse before insert on audit_log for each row when (new.action = 'match.result') execute function goal_refresh_refuse()`);
    try {
      const failed = await t.app.inject({
        method: 'PUT', url: `/api/admin/matches/${matchId}/result`, headers: { cookie: boss.cookie }, payload: { status: 'live', homeGoals: 2, awayGoals: 0 },
      });
      expect(failed.statusCode).toBe(500);
      // The scoring said 'live' before the commit that never came; the route's own signal says all.
      for (const id of groupIds) expect(t.app.rankingCache.base(id)).toBeUndefined();
      const [match] = await db.select({ homeGoals: matches.homeGoals }).from(matches).where(eq(matches.id, matchId));
      expect(match?.homeGoals).toBe(1);
      for (const id of groupIds) expect((await read(id)).ranking.find((row) => row.username === 'goal_ana')?.points).toBe(10);
      // A non-administrator's refused save changes nothing.
      await read(groupIds[0]!);
      const refused = await t.app.inject({
        method: 'PUT', url: `/api/admin/matches/${matchId}/result`, headers: { cookie: ana.cookie }, payload: { status: 'live', homeGoals: 3, awayGoals: 0 },
      });
      expect(refused.statusCode).toBe(403);
      expect(t.app.rankingCache.current(groupIds[0]!)).toBe(true);
    } finally {
      await db.execute(sql`drop trigger goal_refresh_refuse on audit_log`);
      await db.execute(sql`drop function goal_refresh_refuse()`);
    }
  });
});
