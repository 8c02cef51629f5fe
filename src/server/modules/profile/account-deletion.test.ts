/**
 * DELETE /api/profiles/{userId} over HTTP on a real database: only the owner, with the account's email
 * typed again; the groups they own pass to the longest-standing admin, else member, else are deleted;
 * their predictions, memberships, profile, avatar, user, sessions and accounts go; rankings and member
 * totals of the groups they leave stay exact; the session cookie stops working.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { createUser, signIn, signUp, type TestUser } from '../../../../tests/helpers/users';
import { rowsOf } from '../../db/client';
import { groupMembers, groups, matches, user } from '../../db/schema';
import { setMatchResult } from '../admin/service';
import { seedDemoIfEmpty } from '../demo/seed';
import { roundTotalsMismatches, totalsMismatches } from '../scoring/consistency';

describe(`account deletion (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let leagueId: string;
  const people: Record<string, TestUser> = {};
  const ids: Record<string, string> = {};

  const as = (who: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });
  async function person(name: string) {
    people[name] = await createUser(t, { username: name });
    ids[name] = (await as(people[name], 'GET', '/api/me')).json().user.id;
    return people[name];
  }
  /** A group created by `owner`, joined by the others in order; `admins` are promoted. */
  async function group(name: string, owner: string, joiners: string[], admins: string[] = []) {
    const created = (await as(people[owner]!, 'POST', '/api/groups', { name, leagueId })).json().group as { id: string; inviteCode: string };
    for (const joiner of joiners) expect((await as(people[joiner]!, 'POST', '/api/groups/join', { inviteCode: created.inviteCode })).statusCode).toBe(200);
    for (const admin of admins) expect((await as(people[owner]!, 'PUT', `/api/groups/${created.id}/members/${ids[admin]}/role`, { role: 'admin' })).statusCode).toBe(204);
    return created.id;
  }
  const roles = async (groupId: string) => Object.fromEntries(
    (await t.database.db.select({ userId: groupMembers.userId, role: groupMembers.role }).from(groupMembers).where(eq(groupMembers.groupId, groupId)))
      .map((row) => [Object.keys(ids).find((name) => ids[name] === row.userId), row.role]),
  );

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoIfEmpty(t.database.db, new Date());
    leagueId = (await t.app.inject({ method: 'GET', url: '/api/leagues' })).json().leagues[0].id;
    for (const name of ['leaver', 'early_member', 'late_admin', 'second_member', 'host', 'stranger']) await person(name);
  });
  afterAll(async () => t?.close());

  it('is refused to a guest (401), another person (403) and a wrong email (400 confirmation_mismatch)', async () => {
    const url = `/api/profiles/${ids.leaver}`;
    expect((await as(null, 'DELETE', url, { confirm: people.leaver!.email })).statusCode).toBe(401);
    const foreign = await as(people.stranger!, 'DELETE', url, { confirm: people.leaver!.email });
    expect(foreign.statusCode).toBe(403);
    const mismatch = await as(people.leaver!, 'DELETE', url, { confirm: 'someone@example.com' });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.id).toBe('confirmation_mismatch');
    expect((await as(people.leaver!, 'DELETE', url, {})).statusCode).toBe(400);
    expect((await as(people.leaver!, 'GET', '/api/me')).statusCode).toBe(200);
  });

  it('hands groups over, removes everything of the person, keeps the rankings exact and ends the session', async () => {
    // Owned, with an earlier plain member and a later admin: the admin inherits.
    const withAdmin = await group('With an admin', 'leaver', ['early_member', 'late_admin'], ['late_admin']);
    // Owned, with members only: the longest-standing one inherits.
    const membersOnly = await group('Members only', 'leaver', ['second_member', 'early_member']);
    // Owned alone: deleted.
    const alone = await group('Alone', 'leaver', []);
    // Someone else's: the person just leaves.
    const hosted = await group('Hosted', 'host', ['leaver', 'early_member']);

    // Scored predictions in two of them, so totals and rankings have something to lose.
    const [played] = await t.database.db.select({ id: matches.id }).from(matches)
      .where(and(eq(matches.status, 'scheduled'), gt(matches.kickoff, new Date(Date.now() + 86_400_000)))).limit(1);
    for (const groupId of [withAdmin, hosted]) {
      for (const name of ['leaver', 'early_member']) {
        const saved = await as(people[name]!, 'PUT', `/api/groups/${groupId}/predictions`, { predictions: [{ matchId: played!.id, homeGoals: 2, awayGoals: name === 'leaver' ? 0 : 1 }] });
        expect(saved.statusCode).toBe(200);
      }
    }
    await t.database.db.update(matches).set({ kickoff: new Date(Date.now() + 10 * 60_000) }).where(eq(matches.id, played!.id));
    await setMatchResult(t.database.db, played!.id, { status: 'finished', homeGoals: 2, awayGoals: 0 });
    const before = (await as(people.host!, 'GET', `/api/groups/${hosted}/ranking`)).json();
    expect(before.ranking.map((row: { userId: string; points: number }) => [row.userId, row.points])).toContainEqual([ids.leaver, 10]);

    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#123456' } }).png().toBuffer();
    const uploaded = await t.app.inject({ method: 'PUT', url: `/api/profiles/${ids.leaver}/avatar`, payload: png, headers: { cookie: people.leaver!.cookie, 'content-type': 'image/png' } });
    const avatarFile = join(t.dataDir, 'uploads', 'avatars', ids.leaver!, `${uploaded.json().profile.avatarUrl.split('v=')[1]}.webp`);
    expect(existsSync(avatarFile)).toBe(true);

    // The email in another case, with spaces, is still the email.
    const response = await as(people.leaver!, 'DELETE', `/api/profiles/${ids.leaver}`, { confirm: `  ${people.leaver!.email.toUpperCase()} ` });
    expect(response.statusCode).toBe(204);
    expect(String(response.headers['set-cookie'])).toMatch(/better-auth\.session_token=; Max-Age=0/);

    expect(await roles(withAdmin)).toEqual({ early_member: 'member', late_admin: 'owner' });
    expect(await roles(membersOnly)).toEqual({ second_member: 'owner', early_member: 'member' });
    expect(await roles(hosted)).toEqual({ host: 'owner', early_member: 'member' });
    const owners = await t.database.db.select({ id: groups.id, ownerId: groups.ownerId }).from(groups).where(inArray(groups.id, [withAdmin, membersOnly, alone]));
    expect(Object.fromEntries(owners.map((row) => [row.id, row.ownerId]))).toEqual({ [withAdmin]: ids.late_admin, [membersOnly]: ids.second_member });
    expect((await as(people.late_admin!, 'GET', `/api/groups/${withAdmin}`)).json().group).toMatchObject({ myRole: 'owner', memberCount: 2 });

    for (const groupId of [withAdmin, hosted]) {
      const ranking = (await as(people.early_member!, 'GET', `/api/groups/${groupId}/ranking`)).json();
      expect(ranking.ranking.map((row: { userId: string }) => row.userId)).not.toContain(ids.leaver);
      expect(ranking.ranking.find((row: { userId: string }) => row.userId === ids.early_member).points).toBe(3); // 2-1 for 2-0: the winner
      expect(await totalsMismatches(t.database.db, groupId)).toEqual([]);
      expect(await roundTotalsMismatches(t.database.db, groupId)).toEqual([]);
    }

    const db = t.database.db;
    const remaining = async (table: string) =>
      rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where user_id = ${ids.leaver}`))[0]?.n;
    for (const table of ['predictions', 'member_round_totals', 'group_members', 'session', 'account', 'profiles']) {
      expect({ table, rows: await remaining(table) }).toEqual({ table, rows: 0 });
    }
    expect(await db.select().from(user).where(eq(user.id, ids.leaver!))).toEqual([]);
    expect(existsSync(avatarFile)).toBe(false);

    // Signed out for good: the cookie is dead and the password opens nothing.
    expect((await as(people.leaver!, 'GET', '/api/me')).statusCode).toBe(401);
    expect((await signIn(t, people.leaver!.email, people.leaver!.password)).response.statusCode).toBe(401);
    // The address is free again.
    expect((await signUp(t, { email: people.leaver!.email, username: 'leaver_again' })).response.statusCode).toBe(200);
  });
});
