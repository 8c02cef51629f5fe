/**
 * Group administration over HTTP on a real database: who may do what (owner, admin, member, outsider),
 * deactivation, invite-code regeneration, member cap, removal (points leave the ranking, totals stay
 * exact), roles, ownership transfer, leaving, reset and delete with a typed confirmation, and the
 * activity list.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { createUser, type TestUser } from '../../../../tests/helpers/users';
import { matches, user } from '../../db/schema';
import { rowsOf } from '../../db/client';
import { setMatchResult } from '../admin/service';
import { seedDemoIfEmpty } from '../demo/seed';
import { roundTotalsMismatches, totalsMismatches } from '../scoring/consistency';

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
  async function group(name: string) {
    const created = (await as(owner, 'POST', '/api/groups', { name, leagueId })).json().group;
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
    await as(owner, 'PATCH', `/api/groups/${g.id}`, { status: 'active' });
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
});
