/**
 * Group administration over HTTP on a real database: who may do what (owner, admin, member, outsider),
 * deactivation, invite-code regeneration, member cap, removal (points leave the ranking, totals stay
 * exact), roles, ownership transfer, leaving, reset and delete with a typed confirmation (a reset of
 * scored, folded predictions included: its totals go, the other groups' stay), and the activity list.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { createUser, type TestUser } from '../../../../tests/helpers/users';
import { scorePrediction } from '../../../domain/scoring';
import { leagues, matches, memberRoundTotals, predictions, teams, user } from '../../db/schema';
import { rowsOf } from '../../db/client';
import { setMatchResult } from '../admin/service';
import { seedDemoIfEmpty } from '../demo/seed';
import { roundTotalsMismatches, totalsMismatches } from '../scoring/consistency';
import { foldPending } from '../scoring/fold';
import { scoreMatches } from '../scoring/score-matches';

describe(`group administration (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let owner: TestUser;
  let admin: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  let leagueId: string;
  const ids: Record<string, string> = {};

  const as = (who: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });
  /** A fresh group of owner, admin (promoted) and member. */
  async function group(name: string, league = leagueId) {
    const created = (await as(owner, 'POST', '/api/groups', { name, leagueId: league })).json().group;
    await as(admin, 'POST', '/api/groups/join', { inviteCode: created.inviteCode });
    await as(member, 'POST', '/api/groups/join', { inviteCode: created.inviteCode });
    expect((await as(owner, 'PUT', `/api/groups/${created.id}/members/${ids.admin}/role`, { role: 'admin' })).statusCode).toBe(204);
    return created as { id: string; inviteCode: string; name: string };
  }

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoIfEmpty(t.database.db, new Date());
    [owner, admin, member, outsider] = await Promise.all([
      createUser(t, { username: 'owner' }), createUser(t, { username: 'admin' }), createUser(t, { username: 'member' }), createUser(t, { username: 'outsider' }),
    ]);
    for (const [key, who] of Object.entries({ owner, admin, member, outsider })) {
      const [row] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, who.email));
      ids[key] = row!.id;
    }
    leagueId = (await t.app.inject({ method: 'GET', url: '/api/leagues' })).json().leagues[0].id;
  });
  afterAll(async () => t?.close());

  it('lets the owner and admins edit, not members or outsiders', async () => {
    const g = await group('Edit pool');
    expect((await as(member, 'PATCH', `/api/groups/${g.id}`, { name: 'Taken over' })).statusCode).toBe(403);
    expect((await as(outsider, 'PATCH', `/api/groups/${g.id}`, { name: 'Taken over' })).statusCode).toBe(404);
    const edited = await as(admin, 'PATCH', `/api/groups/${g.id}`, { name: 'Edited pool', description: 'Friends', visibility: 'public', color: 'purple' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().group).toMatchObject({ name: 'Edited pool', description: 'Friends', visibility: 'public', color: 'purple' });
    expect((await as(owner, 'PATCH', `/api/groups/${g.id}`, {})).statusCode).toBe(400);
    expect((await as(owner, 'PATCH', `/api/groups/${g.id}`, { name: 'x' })).statusCode).toBe(400);
  });

  it('deactivates (no predictions, no joins) and reactivates', async () => {
    const g = await group('Sleepy pool');
    const [open] = await t.database.db.select({ id: matches.id }).from(matches)
      .where(and(eq(matches.status, 'scheduled'), gt(matches.kickoff, new Date(Date.now() + 86_400_000)))).limit(1);
    expect((await as(owner, 'PATCH', `/api/groups/${g.id}`, { status: 'deactivated' })).json().group.status).toBe('deactivated');
    const refused = await as(member, 'PUT', `/api/groups/${g.id}/predictions`, { predictions: [{ matchId: open!.id, homeGoals: 1, awayGoals: 0 }] });
    expect(refused.json().error.id).toBe('group_inactive');
    expect((await as(outsider, 'POST', '/api/groups/join', { inviteCode: g.inviteCode })).json().error.id).toBe('group_inactive');
    // My groups says so, with no next close to predict before.
    const listed = (await as(member, 'GET', '/api/groups')).json().groups.find((mine: { id: string }) => mine.id === g.id);
    expect(listed).toMatchObject({ status: 'deactivated', nextDeadline: null });
    await as(owner, 'PATCH', `/api/groups/${g.id}`, { status: 'active' });
    expect((await as(member, 'GET', '/api/groups')).json().groups.find((mine: { id: string }) => mine.id === g.id).nextDeadline).toEqual(expect.any(String));
    expect((await as(member, 'PUT', `/api/groups/${g.id}/predictions`, { predictions: [{ matchId: open!.id, homeGoals: 1, awayGoals: 0 }] })).statusCode).toBe(200);
  });

  it('regenerates the invite code: the old one stops at once', async () => {
    const g = await group('Code pool');
    const fresh = (await as(admin, 'POST', `/api/groups/${g.id}/invite-code`)).json().group;
    expect(fresh.inviteCode).not.toBe(g.inviteCode);
    expect((await as(outsider, 'POST', '/api/groups/join', { inviteCode: g.inviteCode })).json().error.id).toBe('invalid_invite_code');
    expect((await as(outsider, 'POST', '/api/groups/join', { inviteCode: fresh.inviteCode })).statusCode).toBe(200);
    expect((await as(member, 'POST', `/api/groups/${g.id}/invite-code`)).statusCode).toBe(403);
  });

  it('caps members: a full group says so, and a cap below the member count is refused', async () => {
    const g = await group('Small pool');
    expect((await as(owner, 'PATCH', `/api/groups/${g.id}`, { memberCap: 2 })).json().error.id).toBe('validation_failed');
    expect((await as(owner, 'PATCH', `/api/groups/${g.id}`, { memberCap: 3 })).json().group.memberCap).toBe(3);
    expect((await as(outsider, 'POST', '/api/groups/join', { inviteCode: g.inviteCode })).json().error.id).toBe('group_full');
    await as(owner, 'PATCH', `/api/groups/${g.id}`, { memberCap: null });
    expect((await as(outsider, 'POST', '/api/groups/join', { inviteCode: g.inviteCode })).statusCode).toBe(200);
  });

  it('removes a member: their points leave the ranking, the code changes, totals stay exact', async () => {
    const g = await group('Removal pool');
    const [played] = await t.database.db.select({ id: matches.id }).from(matches)
      .where(and(eq(matches.status, 'scheduled'), gt(matches.kickoff, new Date(Date.now() + 86_400_000)))).limit(1);
    await as(member, 'PUT', `/api/groups/${g.id}/predictions`, { predictions: [{ matchId: played!.id, homeGoals: 2, awayGoals: 0 }] });
    await t.database.db.update(matches).set({ kickoff: new Date(Date.now() + 10 * 60_000) }).where(eq(matches.id, played!.id));
    await setMatchResult(t.database.db, played!.id, { status: 'finished', homeGoals: 2, awayGoals: 0 });
    const before = (await as(owner, 'GET', `/api/groups/${g.id}/ranking`)).json();
    expect(before.ranking.find((r: { userId: string }) => r.userId === ids.member).points).toBe(10);

    expect((await as(admin, 'DELETE', `/api/groups/${g.id}/members/${ids.owner}`)).statusCode).toBe(403);
    expect((await as(member, 'DELETE', `/api/groups/${g.id}/members/${ids.admin}`)).statusCode).toBe(403);
    expect((await as(admin, 'DELETE', `/api/groups/${g.id}/members/${ids.member}`)).statusCode).toBe(204);
    const after = (await as(owner, 'GET', `/api/groups/${g.id}/ranking`)).json();
    expect(after.ranking.map((r: { userId: string }) => r.userId)).not.toContain(ids.member);
    expect(await totalsMismatches(t.database.db, g.id)).toEqual([]);
    expect(await roundTotalsMismatches(t.database.db, g.id)).toEqual([]);
    expect((await as(member, 'GET', `/api/groups/${g.id}`)).statusCode).toBe(404);
    expect((await as(member, 'POST', '/api/groups/join', { inviteCode: g.inviteCode })).json().error.id).toBe('invalid_invite_code');
    expect((await as(admin, 'DELETE', `/api/groups/${g.id}/members/${ids.member}`)).statusCode).toBe(404);
  });

  it('lets only the owner promote, demote, remove admins and transfer ownership', async () => {
    const g = await group('Roles pool');
    expect((await as(admin, 'PUT', `/api/groups/${g.id}/members/${ids.member}/role`, { role: 'admin' })).statusCode).toBe(403);
    expect((await as(owner, 'PUT', `/api/groups/${g.id}/members/${ids.owner}/role`, { role: 'member' })).statusCode).toBe(403);
    expect((await as(owner, 'PUT', `/api/groups/${g.id}/members/${ids.admin}/role`, { role: 'member' })).statusCode).toBe(204);
    expect((await as(admin, 'POST', `/api/groups/${g.id}/transfer`, { userId: ids.admin })).statusCode).toBe(403);
    expect((await as(owner, 'POST', `/api/groups/${g.id}/transfer`, { userId: ids.outsider })).statusCode).toBe(404);
    expect((await as(owner, 'POST', `/api/groups/${g.id}/transfer`, { userId: ids.member })).statusCode).toBe(204);
    const members = (await as(owner, 'GET', `/api/groups/${g.id}/members`)).json().members;
    expect(members.map((m: { username: string; role: string }) => [m.username, m.role])).toEqual([['member', 'owner'], ['owner', 'admin'], ['admin', 'member']]);
    expect((await as(member, 'POST', `/api/groups/${g.id}/transfer`, { userId: ids.owner })).statusCode).toBe(204);
  });

  it('lets members leave; the owner must transfer first, and alone deletes the group by leaving', async () => {
    const g = await group('Leaving pool');
    expect((await as(owner, 'POST', `/api/groups/${g.id}/leave`)).json().error.id).toBe('owner_must_transfer');
    expect((await as(member, 'POST', `/api/groups/${g.id}/leave`)).json()).toEqual({ deleted: false });
    expect((await as(admin, 'POST', `/api/groups/${g.id}/leave`)).json()).toEqual({ deleted: false });
    expect((await as(owner, 'POST', `/api/groups/${g.id}/leave`)).json()).toEqual({ deleted: true });
    expect((await as(owner, 'GET', `/api/groups/${g.id}`)).statusCode).toBe(404);
  });

  it('resets predictions and deletes only with the group name typed, and records what admins did', async () => {
    const g = await group('Reset pool');
    const [open] = await t.database.db.select({ id: matches.id }).from(matches)
      .where(and(eq(matches.status, 'scheduled'), gt(matches.kickoff, new Date(Date.now() + 86_400_000)))).limit(1);
    await as(member, 'PUT', `/api/groups/${g.id}/predictions`, { predictions: [{ matchId: open!.id, homeGoals: 1, awayGoals: 1 }] });
    expect((await as(owner, 'POST', `/api/groups/${g.id}/reset-predictions`, { confirm: 'wrong' })).json().error.id).toBe('confirmation_mismatch');
    expect((await as(member, 'POST', `/api/groups/${g.id}/reset-predictions`, { confirm: g.name })).statusCode).toBe(403);
    expect((await as(admin, 'POST', `/api/groups/${g.id}/reset-predictions`, { confirm: g.name })).statusCode).toBe(204);
    const listed = (await as(member, 'GET', `/api/groups/${g.id}/matches`)).json().matches.find((m: { id: string }) => m.id === open!.id);
    expect(listed.myPrediction).toBeNull();

    const activity = (await as(admin, 'GET', `/api/groups/${g.id}/activity`)).json().activity;
    expect(activity.map((a: { action: string; actor: string }) => [a.action, a.actor])).toEqual([['predictions_reset', 'admin'], ['member_promoted', 'owner']]);
    expect((await as(member, 'GET', `/api/groups/${g.id}/activity`)).statusCode).toBe(403);

    expect((await as(admin, 'DELETE', `/api/groups/${g.id}`, { confirm: g.name })).statusCode).toBe(403);
    expect((await as(owner, 'DELETE', `/api/groups/${g.id}`, { confirm: 'nope' })).json().error.id).toBe('confirmation_mismatch');
    // Totals have no foreign key: the deletion takes them with it.
    await t.database.db.execute(sql`insert into member_round_totals (group_id, round_order, user_id, points) values (${g.id}::uuid, 1, ${ids.member}, 3)`);
    expect((await as(owner, 'DELETE', `/api/groups/${g.id}`, { confirm: g.name })).statusCode).toBe(204);
    expect((await as(member, 'GET', `/api/groups/${g.id}`)).statusCode).toBe(404);
    expect(rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from member_round_totals where group_id = ${g.id}::uuid`))[0]!.n).toBe(0);
  });

  it('resets scored, folded predictions: totals gone, ranking at 0, totals exact, the other group untouched', async () => {
    const db = t.database.db;
    // A league of its own: two rounds of two matches, finished in the past.
    const tag = Math.random().toString(36).slice(2, 8);
    const [league] = await db.insert(leagues).values({ name: `Reset league ${tag}`, season: '1', kind: 'league', provider: 'test', externalId: tag }).returning();
    const [home, away] = await db.insert(teams).values([{ name: `Home ${tag}` }, { name: `Away ${tag}` }]).returning();
    const results = [[2, 0], [1, 1], [0, 1], [3, 2]] as const;
    const played = await db.insert(matches).values(results.map((_, i) => ({
      leagueId: league!.id, externalId: `${tag}-${i}`, roundName: `Round ${(i >> 1) + 1}`, roundOrder: (i >> 1) + 1, stage: 'league' as const,
      kickoff: new Date(Date.UTC(2020, 0, 1 + i)), status: 'scheduled' as const, homeTeamId: home!.id, awayTeamId: away!.id,
    }))).returning({ id: matches.id });
    const reset = await group('Scored reset pool', league!.id);
    const other = await group('Untouched pool', league!.id);
    // Each member's picks of the four matches; the other group holds the same members' picks rotated.
    const picks: Record<string, (readonly [number, number])[]> = {
      owner: [[2, 0], [1, 1], [0, 1], [3, 2]],
      admin: [[1, 0], [0, 0], [1, 2], [1, 0]],
      member: [[0, 2], [2, 2], [0, 1], [2, 1]],
    };
    const rotated: Record<string, (readonly [number, number])[]> = { owner: picks.member!, admin: picks.owner!, member: picks.admin! };
    for (const [groupId, byMember] of [[reset.id, picks], [other.id, rotated]] as const) {
      await db.insert(predictions).values(Object.entries(byMember).flatMap(([who, scores]) => scores.map(([homeGoals, awayGoals], i) => ({
        groupId, userId: ids[who]!, matchId: played[i]!.id, homeGoals, awayGoals,
      }))));
    }
    for (const [i, [homeGoals, awayGoals]] of results.entries()) {
      await db.update(matches).set({ status: 'finished', homeGoals, awayGoals }).where(eq(matches.id, played[i]!.id));
    }
    // Queued, then folded by the folder (not at once in the scoring transaction).
    await db.transaction((tx) => scoreMatches(tx, played.map((m) => m.id), { syncLimit: 0 }));
    await foldPending(db);
    const queued = rowsOf<{ n: number }>(await db.execute(sql`
      select count(*)::int as n from scoring_queue where match_id in (${sql.join(played.map((m) => sql`${m.id}::uuid`), sql`, `)})`));
    expect(queued[0]!.n).toBe(0);

    const totalsOf = (groupId: string) => db.select().from(memberRoundTotals).where(eq(memberRoundTotals.groupId, groupId))
      .orderBy(memberRoundTotals.userId, memberRoundTotals.roundOrder);
    const predictionCount = async (groupId: string) => (await db.select({ matchId: predictions.matchId }).from(predictions).where(eq(predictions.groupId, groupId))).length;
    const rankingOf = async (groupId: string) => Object.fromEntries((await as(owner, 'GET', `/api/groups/${groupId}/ranking`)).json().ranking
      .map((r: { userId: string; points: number }) => [r.userId, r.points]));
    const expectedPoints = (byMember: Record<string, (readonly [number, number])[]>) => Object.fromEntries(Object.entries(byMember).map(([who, scores]) => [
      ids[who]!, scores.reduce((sum, [h, a], i) => sum + scorePrediction({ home: h, away: a }, { home: results[i]![0], away: results[i]![1] }).points, 0),
    ]));

    // Before: every member of both groups has folded totals in both rounds, exact, and the ranking shows them.
    for (const [g, byMember] of [[reset, picks], [other, rotated]] as const) {
      expect(await totalsMismatches(db, g.id)).toEqual([]);
      expect(await roundTotalsMismatches(db, g.id)).toEqual([]);
      const rows = await totalsOf(g.id);
      expect(rows).toHaveLength(3 * 2);
      expect(rows.every((row) => row.scored === 2)).toBe(true);
      const expected = expectedPoints(byMember);
      expect(Object.values(expected).every((points) => points !== 0)).toBe(true);
      expect(await rankingOf(g.id)).toEqual(expected);
      expect(await predictionCount(g.id)).toBe(12);
    }
    expect((await rankingOf(reset.id))[ids.owner!]).toBe(40);
    const otherTotals = await totalsOf(other.id);
    const otherRanking = await rankingOf(other.id);

    expect((await as(member, 'POST', `/api/groups/${reset.id}/reset-predictions`, { confirm: reset.name })).statusCode).toBe(403);
    expect((await as(owner, 'POST', `/api/groups/${reset.id}/reset-predictions`, { confirm: reset.name })).statusCode).toBe(204);

    // The reset group: no predictions, no totals rows, every member still ranked, at 0.
    expect(await predictionCount(reset.id)).toBe(0);
    expect(await totalsOf(reset.id)).toEqual([]);
    const after = (await as(owner, 'GET', `/api/groups/${reset.id}/ranking`)).json().ranking as { userId: string; points: number; predictions: number }[];
    expect(after.map((r) => r.userId).sort()).toEqual([ids.owner, ids.admin, ids.member].sort());
    expect(after.every((r) => r.points === 0 && r.predictions === 0)).toBe(true);
    // Both groups' totals still equal their predictions; the other group's rows and ranking are as they were.
    for (const g of [reset, other]) {
      expect(await totalsMismatches(db, g.id)).toEqual([]);
      expect(await roundTotalsMismatches(db, g.id)).toEqual([]);
    }
    expect(await predictionCount(other.id)).toBe(12);
    expect(await totalsOf(other.id)).toEqual(otherTotals);
    expect(await rankingOf(other.id)).toEqual(otherRanking);
  });
});
