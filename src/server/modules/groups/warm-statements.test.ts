import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnotherInstance, createTestApp, TEST_DB_KIND, useTestDatabase, type TestApp } from '../../../../tests/helpers/app';
import { createUser } from '../../../../tests/helpers/users';
import { rowsOf, type Conn } from '../../db/client';
import { groupRanking, largestGroups, NO_GROUP, warmRankingCode, warmRankingRows } from './ranking';
import { requireMember, warmMembershipCheck } from './policy';

/** The ranking statements prepared on the connection a query lands on, with how often each was planned. */
async function preparedRankings(db: Conn) {
  return rowsOf<{ name: string; generic_plans: number; custom_plans: number; pid: number }>(await db.execute(sql`
    select name, generic_plans::int, custom_plans::int, pg_backend_pid() as pid from pg_prepared_statements
     where name like 'group\\_ranking%' order by name`));
}

describe('an app starting', () => {
  let warm: TestApp;
  let cold: TestApp;
  beforeAll(async () => {
    [warm, cold] = await Promise.all([createTestApp({}, { warmStatements: true }), createTestApp()]);
  });
  afterAll(async () => {
    await Promise.all([warm?.close(), cold?.close()]);
  });

  it('prepares and plans the ranking statements before it is ready: one group on every connection, many groups on two (PostgreSQL), generic plans only', async () => {
    const { connections } = warm.database;
    if (TEST_DB_KIND === 'postgres') expect(connections).toBeGreaterThan(2);
    // As many queries side by side as the pool has connections land on every one.
    const seen = await Promise.all(Array.from({ length: connections }, () => preparedRankings(warm.database.db)));
    expect(new Set(seen.map((rows) => rows[0]?.pid)).size).toBe(connections);
    const base = (name: string) => name.replace(/_[0-9a-f]{12}(_g)?$/, '');
    for (const rows of seen) {
      expect(rows.map((row) => base(row.name))[0]).toBe('group_ranking');
      for (const row of rows) expect(row).toMatchObject({ custom_plans: 0, generic_plans: 1 });
    }
    // The refresh's statement: PostgreSQL only (the embedded database has no refresh).
    expect(seen.filter((rows) => rows.some((row) => base(row.name) === 'group_rankings'))).toHaveLength(TEST_DB_KIND === 'postgres' ? 2 : 0);
  });

  it('without warming (tests), prepares nothing before the first read', async () => {
    expect(await preparedRankings(cold.database.db)).toEqual([]);
  });
});

describe('an instance starting on a database with groups', () => {
  it("keeps the largest group's ranking it computes at start: its first read is served from the cache", async () => {
    const t = await createTestApp();
    try {
      const ids = await Promise.all(['start_ana', 'start_bruno', 'start_carla'].map((username) => createUser(t, { username })));
      const leagueId = (await t.app.inject({ method: 'GET', url: '/api/leagues' })).json().leagues[0]?.id as string | undefined;
      let league = leagueId;
      if (!league) {
        [{ id: league }] = rowsOf<{ id: string }>(await t.database.db.execute(sql`
          insert into leagues (name, season, kind, provider, external_id) values ('Start', '2026', 'league', 'manual', 'start') returning id`)) as [{ id: string }];
      }
      const created = await t.app.inject({ method: 'POST', url: '/api/groups', payload: { name: 'Start pool', leagueId: league }, headers: { cookie: ids[0]!.cookie } });
      const { id: groupId, inviteCode } = created.json().group as { id: string; inviteCode: string };
      for (const who of ids.slice(1)) {
        expect((await t.app.inject({ method: 'POST', url: '/api/groups/join', payload: { inviteCode }, headers: { cookie: who.cookie } })).statusCode).toBe(200);
      }
      // A small group of the same league: not the largest, not computed at start.
      const small = await t.app.inject({ method: 'POST', url: '/api/groups', payload: { name: 'Start duo', leagueId: league }, headers: { cookie: ids[1]!.cookie } });
      const smallId = small.json().group.id as string;
      const started = await createAnotherInstance(t, { warmStatements: true });
      try {
        await started.ready();
        // The start waits for its warm-up WARM_UP_WAIT_MS at most; on a slow machine it ends after.
        for (let i = 0; i < 250 && !started.rankingCache.current(groupId); i++) await new Promise((resolve) => setTimeout(resolve, 20));
        expect(started.rankingCache.current(groupId)).toBe(true);
        expect(started.rankingCache.current(smallId)).toBe(false);
        expect(await started.rankingCache.peek(groupId)).toEqual(await groupRanking(t.database.db, groupId));
        const read = await started.inject({ method: 'GET', url: `/api/groups/${groupId}/ranking`, headers: { cookie: ids[2]!.cookie } });
        expect(read.json().total).toBe(3);
      } finally {
        await started.close();
      }
    } finally {
      await t.close();
    }
  });
});

describe('warmRankingCode', () => {
  it('runs the ranking code on made-up members: every member ranked by the domain rule, best first, nothing read', () => {
    const ranking = warmRankingCode(300, 1);
    expect(ranking.rows).toHaveLength(300);
    expect(new Set(ranking.rows.map((row) => row.userId)).size).toBe(300);
    for (let i = 1; i < ranking.rows.length; i++) {
      const [before, row] = [ranking.rows[i - 1]!, ranking.rows[i]!];
      expect(row.rank).toBeGreaterThanOrEqual(before.rank);
      if (row.rank > before.rank) expect(row.rank).toBe(i + 1);
      expect(row.points).toBeLessThanOrEqual(before.points);
    }
    // Half the made-up members have no avatar address: the generated one is theirs.
    expect(ranking.rows.find((row) => row.userId === 'warm-0')?.avatarUrl).toBe('/api/users/warm-0/avatar');
  });
});

describe('warmMembershipCheck', () => {
  it('runs the membership check on as many connections at once as it is told (PostgreSQL: the pool opens them all), reading nothing', async () => {
    const t = await createTestApp();
    try {
      const { connections } = t.database;
      await warmMembershipCheck(t.database.db, connections);
      if (TEST_DB_KIND === 'postgres') {
        expect(connections).toBeGreaterThan(2);
        expect(t.database.poolStats?.().primary?.total).toBe(connections);
      }
      // The check itself answers as before: no such group.
      await expect(requireMember(t.database.db, { userId: 'nobody' }, NO_GROUP)).rejects.toMatchObject({ id: 'group_not_found' });
    } finally {
      await t.close();
    }
  });
});

describe('largestGroups and warmRankingRows', () => {
  const database = useTestDatabase();

  it('find no group on an empty database (the warm-up then computes nothing), then the group with the most members, whose ranking the warm-up computes, writing nothing', async () => {
    const { db } = database();
    expect(await largestGroups(db, 1)).toEqual([]);
    expect(await warmRankingRows(db)).toEqual([]);
    expect(await preparedRankings(db)).toEqual([]);
    for (const statement of [
      `insert into leagues (id, name, season, kind, provider, external_id) values ('00000000-0000-0000-0000-0000000000a1', 'Warm', '2026', 'league', 'manual', 'warm')`,
      `insert into "user" (id, name, email) select 'warm-' || g, 'Warm ' || g, 'warm-' || g || '@example.com' from generate_series(1, 5) g`,
      `insert into profiles (user_id, username, full_name) select 'warm-' || g, 'warm_' || g, 'Warm ' || g from generate_series(1, 5) g`,
      `insert into groups (id, name, league_id, color, invite_code, owner_id) values
         ('00000000-0000-0000-0000-0000000000b1', 'Two', '00000000-0000-0000-0000-0000000000a1', 'sky', 'WARMTWO1', 'warm-1'),
         ('00000000-0000-0000-0000-0000000000b2', 'Three', '00000000-0000-0000-0000-0000000000a1', 'sky', 'WARMTHR1', 'warm-3'),
         ('00000000-0000-0000-0000-0000000000b3', 'None', '00000000-0000-0000-0000-0000000000a1', 'sky', 'WARMNON1', 'warm-5')`,
      `insert into group_members (group_id, user_id) values
         ('00000000-0000-0000-0000-0000000000b1', 'warm-1'), ('00000000-0000-0000-0000-0000000000b1', 'warm-2'),
         ('00000000-0000-0000-0000-0000000000b2', 'warm-3'), ('00000000-0000-0000-0000-0000000000b2', 'warm-4'), ('00000000-0000-0000-0000-0000000000b2', 'warm-5')`,
    ]) await db.execute(sql.raw(statement));
    expect(await largestGroups(db, 5)).toEqual([
      { groupId: '00000000-0000-0000-0000-0000000000b2', members: 3 }, { groupId: '00000000-0000-0000-0000-0000000000b1', members: 2 },
    ]);
    const counts = async () => rowsOf<{ n: number }>(await db.execute(sql`
      select (select count(*) from member_round_totals) + (select count(*) from member_season_totals) + (select count(*) from group_members)
             + (select count(*) from predictions) as n`))[0]!.n;
    const before = await counts();
    // The largest only: the other is below WARM_MIN_MEMBERS.
    const [warmed, ...others] = await warmRankingRows(db);
    expect(others).toEqual([]);
    expect(warmed?.groupId).toBe('00000000-0000-0000-0000-0000000000b2');
    expect(warmed?.ranking).toEqual(await groupRanking(db, '00000000-0000-0000-0000-0000000000b2'));
    expect(warmed?.ranking.rows.map((row) => row.username).sort()).toEqual(['warm_3', 'warm_4', 'warm_5']);
    expect(await preparedRankings(db)).toHaveLength(1);
    expect(await counts()).toBe(before);
  });

  it('computes the next largest groups too when they have at least 100 members, largest first', async () => {
    const { db } = database();
    await db.execute(sql`insert into "user" (id, name, email) select 'wide-' || g, 'Wide ' || g, 'wide-' || g || '@example.com' from generate_series(1, 150) g`);
    await db.execute(sql`insert into profiles (user_id, username, full_name) select 'wide-' || g, 'wide_' || g, 'Wide ' || g from generate_series(1, 150) g`);
    await db.execute(sql`insert into groups (id, name, league_id, color, invite_code, owner_id) values
      ('00000000-0000-0000-0000-0000000000c1', 'Hundred fifty', '00000000-0000-0000-0000-0000000000a1', 'sky', 'WARMC150', 'wide-1'),
      ('00000000-0000-0000-0000-0000000000c2', 'Hundred twenty', '00000000-0000-0000-0000-0000000000a1', 'sky', 'WARMC120', 'wide-1'),
      ('00000000-0000-0000-0000-0000000000c3', 'Ninety nine', '00000000-0000-0000-0000-0000000000a1', 'sky', 'WARMC099', 'wide-1')`);
    await db.execute(sql`insert into group_members (group_id, user_id)
      select '00000000-0000-0000-0000-0000000000c1'::uuid, 'wide-' || g from generate_series(1, 150) g
      union all select '00000000-0000-0000-0000-0000000000c2'::uuid, 'wide-' || g from generate_series(1, 120) g
      union all select '00000000-0000-0000-0000-0000000000c3'::uuid, 'wide-' || g from generate_series(1, 99) g`);
    const warmed = await warmRankingRows(db);
    expect(warmed.map((w) => [w.groupId, w.ranking.rows.length])).toEqual([
      ['00000000-0000-0000-0000-0000000000c1', 150], ['00000000-0000-0000-0000-0000000000c2', 120],
    ]);
    for (const { groupId, ranking } of warmed) expect(ranking).toEqual(await groupRanking(db, groupId));
  });
});
