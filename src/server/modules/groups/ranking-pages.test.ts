/** The ranking in pages of 50 over HTTP; the first page also carries my row and the last row. */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { createUser, type TestUser } from '../../../../tests/helpers/users';
import { seedDemoIfEmpty } from '../demo/seed';

describe(`ranking pages (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let ana: TestUser;
  let groupId: string;
  const page = (n?: number) => t.app.inject({ method: 'GET', url: `/api/groups/${groupId}/ranking${n ? `?page=${n}` : ''}`, headers: { cookie: ana.cookie } });

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoIfEmpty(t.database.db, new Date());
    ana = await createUser(t, { username: 'ana' });
    const leagueId = (await t.app.inject({ method: 'GET', url: '/api/leagues' })).json().leagues[0].id;
    groupId = (await t.app.inject({ method: 'POST', url: '/api/groups', payload: { name: 'Big pool', leagueId }, headers: { cookie: ana.cookie } })).json().group.id;
    // 119 more members with folded totals: member i has i points, so ana (0 points) is last but one... or last.
    const db = t.database.db;
    await db.execute(sql`insert into "user" (id, name, email) select 'pg-' || i, 'P' || i, 'pg' || i || '@example.com' from generate_series(1, 119) i`);
    await db.execute(sql`insert into profiles (user_id, username, full_name) select 'pg-' || i, 'member' || lpad(i::text, 3, '0'), 'P' from generate_series(1, 119) i`);
    await db.execute(sql`insert into group_members (group_id, user_id) select ${groupId}::uuid, 'pg-' || i from generate_series(1, 119) i`);
    await db.execute(sql`insert into member_round_totals (group_id, round_order, user_id, points) select ${groupId}::uuid, 1, 'pg-' || i, i - 1 from generate_series(1, 119) i`);
  });
  afterAll(async () => t?.close());

  it('gives 50 rows a page with the total, and my row and the last row on page 1', async () => {
    const first = (await page()).json();
    expect(first).toMatchObject({ page: 1, pageSize: 50, total: 120 });
    expect(first.ranking).toHaveLength(50);
    expect(first.ranking[0]).toMatchObject({ username: 'member119', rank: 1, points: 118 });
    // ana and member001 both have 0 points: they share rank 119, ordered by username.
    expect(first.me).toMatchObject({ username: 'ana', rank: 119 });
    expect(first.last).toMatchObject({ username: 'member001', rank: 119 });
    const third = (await page(3)).json();
    expect(third.ranking).toHaveLength(20);
    expect(third).toMatchObject({ me: null, last: null });
    expect((await page(4)).json().ranking).toEqual([]);
  });

  it('lists my groups with my rank and the next close of the league', async () => {
    const mine = (await t.app.inject({ method: 'GET', url: '/api/groups', headers: { cookie: ana.cookie } })).json().groups;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ name: 'Big pool', myRank: 119 });
    const deadline = Date.parse(mine[0].nextDeadline);
    expect(deadline).toBeGreaterThan(Date.now());
    expect(deadline).toBeLessThan(Date.now() + 3 * 86_400_000); // the demo league plays every 3 days
  });

  it('refuses a malformed page', async () => {
    for (const bad of ['0', '-1', 'x']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/groups/${groupId}/ranking?page=${bad}`, headers: { cookie: ana.cookie } });
      expect(response.statusCode).toBe(400);
    }
  });
});
