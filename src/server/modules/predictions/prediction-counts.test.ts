/**
 * The per-match prediction counts of a group's match cards ("12 of 20 predicted"), kept by triggers on
 * predictions (group_match_predictions): over HTTP through saves, changed scores, a member leaving, a
 * removal, a reset, and the deletion of a match, an account and a group, the count the match list shows and
 * the kept counts of every group and match equal the predictions counted.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { createUser, type TestUser } from '../../../../tests/helpers/users';
import { rowsOf } from '../../db/client';
import { matches, user } from '../../db/schema';
import { seedDemoIfEmpty } from '../demo/seed';
import { predictionCountMismatches } from '../scoring/consistency';

describe(`a group's prediction counts (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let ana: TestUser;
  let bruno: TestUser;
  let carla: TestUser;
  let dario: TestUser;
  let groupId: string;
  let inviteCode: string;
  let upcoming: string[];

  const as = (who: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });
  /** Saves a whole round of predictions in one request: every upcoming match, `goals`–0. */
  const predictAll = (who: TestUser, goals: number) =>
    as(who, 'PUT', `/api/groups/${groupId}/predictions`, { predictions: upcoming.map((matchId) => ({ matchId, homeGoals: goals, awayGoals: 0 })) });
  /** The count each upcoming match's card shows to `who`. */
  const shown = async (who: TestUser) => {
    const list = (await as(who, 'GET', `/api/groups/${groupId}/matches`)).json().matches as { id: string; predictionCount: number }[];
    return upcoming.map((id) => list.find((m) => m.id === id)!.predictionCount);
  };
  const idOf = async (who: TestUser) => (await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, who.email)))[0]!.id;
  const keptRows = async () => rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from group_match_predictions where group_id = ${groupId}::uuid`))[0]!.n;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoIfEmpty(t.database.db, new Date());
    [ana, bruno, carla, dario] = await Promise.all([
      createUser(t, { username: 'ana' }), createUser(t, { username: 'bruno' }), createUser(t, { username: 'carla' }), createUser(t, { username: 'dario' }),
    ]);
    const leagueId = (await t.app.inject({ method: 'GET', url: '/api/leagues' })).json().leagues[0].id;
    const created = (await as(ana, 'POST', '/api/groups', { name: 'Counted pool', leagueId })).json().group;
    groupId = created.id;
    inviteCode = created.inviteCode;
    for (const who of [bruno, carla, dario]) expect((await as(who, 'POST', '/api/groups/join', { inviteCode })).statusCode).toBe(200);
    upcoming = (await t.database.db.select({ id: matches.id }).from(matches)
      .where(and(eq(matches.status, 'scheduled'), gt(matches.kickoff, new Date(Date.now() + 2 * 86_400_000)))).orderBy(matches.kickoff).limit(3)).map((m) => m.id);
    expect(upcoming).toHaveLength(3);
  });
  afterAll(async () => t?.close());

  it('follows saves, changed scores, leaving, removal and a reset, and match, account and group deletions', async () => {
    expect(await shown(ana)).toEqual([0, 0, 0]);
    for (const [who, goals] of [[ana, 1], [bruno, 2], [carla, 3], [dario, 4]] as const) expect((await predictAll(who, goals)).statusCode).toBe(200);
    expect(await shown(bruno)).toEqual([4, 4, 4]);
    // A changed score is no new prediction.
    expect((await predictAll(ana, 5)).statusCode).toBe(200);
    expect(await shown(ana)).toEqual([4, 4, 4]);
    expect(await predictionCountMismatches(t.database.db)).toEqual([]);

    // Leaving and removal take the member's predictions, and their counts.
    expect((await as(dario, 'POST', `/api/groups/${groupId}/leave`)).statusCode).toBeLessThan(300);
    expect(await shown(ana)).toEqual([3, 3, 3]);
    expect((await as(ana, 'DELETE', `/api/groups/${groupId}/members/${await idOf(carla)}`)).statusCode).toBeLessThan(300);
    expect(await shown(ana)).toEqual([2, 2, 2]);
    expect(await predictionCountMismatches(t.database.db)).toEqual([]);

    // A match deleted by an administrator's hand (as a league's cascade does), and an account deleted.
    await t.database.db.delete(matches).where(eq(matches.id, upcoming[2]!));
    upcoming = upcoming.slice(0, 2);
    expect(await predictionCountMismatches(t.database.db)).toEqual([]);
    await t.database.db.delete(user).where(eq(user.id, await idOf(bruno)));
    expect(await shown(ana)).toEqual([1, 1]);
    expect(await predictionCountMismatches(t.database.db)).toEqual([]);

    // A reset empties the group's counts; deleting the group leaves no count behind.
    const name = (await as(ana, 'GET', `/api/groups/${groupId}`)).json().group.name;
    expect((await as(ana, 'POST', `/api/groups/${groupId}/reset-predictions`, { confirm: name })).statusCode).toBe(204);
    expect(await shown(ana)).toEqual([0, 0]);
    expect(await keptRows()).toBe(0);
    expect((await predictAll(ana, 1)).statusCode).toBe(200);
    expect(await keptRows()).toBeGreaterThan(0);
    await t.database.db.execute(sql`delete from groups where id = ${groupId}::uuid`);
    expect(await keptRows()).toBe(0);
    expect(await predictionCountMismatches(t.database.db)).toEqual([]);
  });
});
