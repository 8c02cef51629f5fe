/**
 * The stored stats pages of large groups, over HTTP on a real database: an instance that has computed a
 * large group's page stores it; another instance with nothing in memory (a restart) serves the stored page
 * at once while one refresh runs, then the refreshed one; a member leaving, and a reset of the predictions,
 * delete the stored page (it names them), and so does a username change; a page naming someone no longer a
 * member is never stored, even when its write races the removal; small groups store nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnotherInstance, createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { createUser, type TestUser } from '../../../../tests/helpers/users';
import { rowsOf, type Db } from '../../db/client';
import { groupMembers } from '../../db/schema';
import { foldPending } from '../scoring/fold';
import { scoreMatches } from '../scoring/score-matches';
import { forgetStatsSnapshot, writeStatsSnapshot } from './stats-snapshot';

/** Enough members for a page above the app's "large" threshold (20,000 bytes). */
const LARGE = 220;

describe(`stored stats pages of large groups (${TEST_DB_KIND})`, () => {
  let first: TestApp;
  let db: Db;
  let owner: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    first = await createTestApp();
    db = first.database.db;
    owner = await createUser(first);
    member = await createUser(first);
  }, 120_000);

  afterAll(async () => {
    await first?.close();
  });

  const userId = async (email: string) => rowsOf<{ id: string }>(await db.execute(sql`select id from "user" where email = ${email}`))[0]!.id;

  /**
   * A group of `size` members (the two test users among them) in a league of its own (three rounds of two
   * matches), everyone predicting every match; then the matches are played and scored.
   */
  async function groupOf(size: number, name: string): Promise<string> {
    const [ownerId, memberId] = [await userId(owner.email), await userId(member.email)];
    const [league] = rowsOf<{ id: string }>(await db.execute(sql`
      insert into leagues (name, season, kind, provider, external_id) values (${`League ${name}`}, '1', 'league', 'test', ${name}) returning id`));
    const leagueId = league!.id;
    const [home, away] = rowsOf<{ id: string }>(await db.execute(sql`insert into teams (name) values (${`${name} Home`}), (${`${name} Away`}) returning id`));
    await db.execute(sql`
      insert into matches (league_id, external_id, round_name, round_order, stage, kickoff, status, home_team_id, away_team_id)
      select ${leagueId}::uuid, 'm' || r || '-' || k, 'Round ' || r, r, 'league', timestamptz '2020-01-01' + (r * 7 + k) * interval '1 day',
             'scheduled', ${home!.id}::uuid, ${away!.id}::uuid
        from generate_series(1, 3) r cross join generate_series(1, 2) k`);
    const [group] = rowsOf<{ id: string }>(await db.execute(sql`
      insert into groups (name, league_id, color, invite_code, owner_id) values (${name}, ${leagueId}::uuid, 'sky', ${name.slice(0, 8).toUpperCase().padEnd(8, 'X')}, ${ownerId}) returning id`));
    const groupId = group!.id;
    const extra = size - 2;
    await db.execute(sql`insert into "user" (id, name, email, email_verified)
      select ${name} || '-' || g, 'Fan ' || g, ${name} || g || '@example.com', true from generate_series(1, ${extra}) g`);
    await db.execute(sql`insert into profiles (user_id, username, full_name)
      select ${name} || '-' || g, ${name} || '_' || g, 'Fan ' || g from generate_series(1, ${extra}) g`);
    await db.execute(sql`insert into group_members (group_id, user_id, role) values (${groupId}::uuid, ${ownerId}, 'owner'), (${groupId}::uuid, ${memberId}, 'member')`);
    await db.execute(sql`insert into group_members (group_id, user_id) select ${groupId}::uuid, ${name} || '-' || g from generate_series(1, ${extra}) g`);
    await db.execute(sql`insert into predictions (group_id, user_id, match_id, home_goals, away_goals)
      select ${groupId}::uuid, gm.user_id, m.id, (hashtext(gm.user_id || m.id) & 3), (hashtext(m.id || gm.user_id) & 3)
        from group_members gm cross join matches m where gm.group_id = ${groupId}::uuid and m.league_id = ${leagueId}::uuid`);
    const ids = rowsOf<{ id: string }>(await db.execute(sql`
      update matches set status = 'finished', home_goals = (hashtext(id::text) & 3), away_goals = (hashtext(external_id) & 3)
       where league_id = ${leagueId}::uuid and status = 'scheduled' returning id`)).map((row) => row.id);
    await db.transaction((tx) => scoreMatches(tx, ids));
    await foldPending(db);
    return groupId;
  }

  const storedPage = async (groupId: string) =>
    rowsOf<{ stats: string }>(await db.execute(sql`select stats from group_stats_snapshots where group_id = ${groupId}::uuid`))[0]?.stats;

  /**
   * Waits (up to 5 s) until the stored page of the group satisfies `check`, calling `meanwhile` between
   * looks (a page computed while a change was announced is not stored: the next read's refresh stores it).
   */
  async function storedWhen(groupId: string, check: (stats: string | undefined) => boolean, meanwhile?: () => Promise<unknown>): Promise<string | undefined> {
    for (let i = 0; i < 100; i++) {
      const stats = await storedPage(groupId);
      if (check(stats)) return stats;
      await new Promise((resolve) => setTimeout(resolve, 50));
      await meanwhile?.();
    }
    throw new Error(`the stored stats page of ${groupId} never became as expected: ${(await storedPage(groupId))?.slice(0, 80)}`);
  }

  const getStats = (app: TestApp['app'], groupId: string, user: TestUser) =>
    app.inject({ method: 'GET', url: `/api/groups/${groupId}/stats`, headers: { cookie: user.cookie } });

  it('a large group\'s page is stored; a new instance serves it at once while one refresh runs, then the fresh one', async () => {
    const groupId = await groupOf(LARGE, 'bigpool');
    const computed = await getStats(first.app, groupId, member);
    expect(computed.statusCode).toBe(200);
    expect(computed.body.length).toBeGreaterThan(20_000);
    expect(await storedWhen(groupId, (stats) => stats !== undefined, () => getStats(first.app, groupId, member))).toBe(computed.body);

    // What the stored page says, altered so that serving it can be told from computing: a renamed member.
    const altered = computed.body.replace(`"username":"${member.username}"`, '"username":"served_from_store"');
    expect(altered).not.toBe(computed.body);
    await db.execute(sql`update group_stats_snapshots set stats = ${altered} where group_id = ${groupId}::uuid`);

    // A second instance on the same database, nothing in memory: as after a restart.
    const second = await createAnotherInstance(first);
    try {
      await second.ready();
      const served = await getStats(second, groupId, member);
      expect(served.statusCode).toBe(200);
      expect(served.body).toBe(altered);
      // The refresh replaces it in memory and in the store.
      expect(await storedWhen(groupId, (stats) => stats === computed.body)).toBe(computed.body);
      expect((await getStats(second, groupId, member)).body).toBe(computed.body);
      // The membership is checked before anything is served: to an outsider the group does not exist.
      const outsider = await createUser(first);
      expect((await getStats(second, groupId, outsider)).statusCode).toBe(404);
    } finally {
      await second.close();
    }
  });

  it('a member leaving, and a reset of the predictions, delete the stored page; a small group stores none', async () => {
    const groupId = await groupOf(LARGE, 'leavers');
    const small = await groupOf(10, 'smallpool');
    expect((await getStats(first.app, groupId, member)).statusCode).toBe(200);
    expect((await getStats(first.app, small, member)).statusCode).toBe(200);
    await storedWhen(groupId, (stats) => stats !== undefined, () => getStats(first.app, groupId, member));
    await getStats(first.app, small, member);
    expect(await storedPage(small)).toBeUndefined();

    const left = await first.app.inject({ method: 'POST', url: `/api/groups/${groupId}/leave`, headers: { cookie: member.cookie } });
    expect(left.statusCode).toBe(200);
    expect(await storedPage(groupId)).toBeUndefined();

    // Stored again by the next read (the owner's), then gone with a reset.
    expect((await getStats(first.app, groupId, owner)).statusCode).toBe(200);
    const stored = await storedWhen(groupId, (stats) => stats !== undefined, () => getStats(first.app, groupId, owner));
    expect(stored).not.toContain(`"username":"${member.username}"`);
    const reset = await first.app.inject({
      method: 'POST', url: `/api/groups/${groupId}/reset-predictions`, headers: { cookie: owner.cookie }, payload: { confirm: 'leavers' },
    });
    expect(reset.statusCode).toBe(204);
    expect(await storedPage(groupId)).toBeUndefined();
  });

  it('never stores a page naming someone who is no longer a member, even when the write races their removal', async () => {
    const groupId = await groupOf(LARGE, 'racepool');
    const page = (await getStats(first.app, groupId, member)).body;
    await storedWhen(groupId, (stats) => stats !== undefined, () => getStats(first.app, groupId, member));
    const memberId = await userId(member.email);
    expect(page).toContain(`"userId":"${memberId}"`);

    // The member's removal is in flight (its transaction holds the group's lock) when another instance, or
    // one that read a lagging replica, writes the page computed before it.
    let release!: () => void;
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => { locked = resolve; });
    const removal = db.transaction(async (tx) => {
      await forgetStatsSnapshot(tx, groupId);
      await tx.delete(groupMembers).where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, memberId)));
      locked();
      await new Promise<void>((resolve) => { release = resolve; });
    });
    await lockTaken;
    const write = writeStatsSnapshot(db, groupId, page);
    await new Promise((resolve) => setTimeout(resolve, 100)); // the write waits for the removal
    release();
    await removal;
    expect(await write).toBe(false);
    expect(await storedPage(groupId)).toBeUndefined();
    // And written after the removal: refused as well.
    expect(await writeStatsSnapshot(db, groupId, page)).toBe(false);
    expect(await storedPage(groupId)).toBeUndefined();
  });

  it('a username change deletes the stored pages of the person\'s groups', async () => {
    const groupId = await groupOf(LARGE, 'renamers');
    expect((await getStats(first.app, groupId, member)).statusCode).toBe(200);
    await storedWhen(groupId, (stats) => stats !== undefined, () => getStats(first.app, groupId, member));
    const renamed = await first.app.inject({
      method: 'PATCH', url: `/api/profiles/${await userId(member.email)}`, headers: { cookie: member.cookie }, payload: { username: `renamed_${Date.now() % 100000}` },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await storedPage(groupId)).toBeUndefined();
  });
});
