/**
 * How long a ranking or a stats page lives in an instance's memory without a change it hears of:
 * RANKING_CACHE_MS on PostgreSQL (other instances' writes are not signalled here, so a value catches up
 * with them that fast), 30 s on the embedded database (no other instance can write to it; the changes that
 * move a ranking or a stats page are signalled), so that a 10,000-member ranking or a 1,000-member stats
 * page being read is not recomputed every second on its one thread. A change signalled through this
 * instance shows at once on both: results scored (rankingsChanged) and totals rebuilt (rebuildTotals).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { createUser, type TestUser } from '../../../../tests/helpers/users';
import { rowsOf } from '../../db/client';
import { rebuildTotals } from '../scoring/consistency';
import { rankingsChanged } from '../scoring/rankings-changed';

describe(`the time to live of cached rankings and stats pages (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let owner: TestUser;
  let groupId: string;

  beforeAll(async () => {
    t = await createTestApp({ RANKING_CACHE_MS: '100' });
    owner = await createUser(t);
    const db = t.database.db;
    const [ownerRow] = rowsOf<{ id: string }>(await db.execute(sql`select id from "user" where email = ${owner.email}`));
    const [league] = rowsOf<{ id: string }>(await db.execute(sql`
      insert into leagues (name, season, kind, provider, external_id) values ('TTL league', '1', 'league', 'test', 'ttl') returning id`));
    const [group] = rowsOf<{ id: string }>(await db.execute(sql`
      insert into groups (name, league_id, color, invite_code, owner_id) values ('TTL pool', ${league!.id}::uuid, 'sky', 'TTLPOOLX', ${ownerRow!.id}) returning id`));
    groupId = group!.id;
    await db.execute(sql`insert into group_members (group_id, user_id, role) values (${groupId}::uuid, ${ownerRow!.id}, 'owner')`);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  /** The usernames a page lists now: the stats page's members, or the ranking's rows. */
  const listers = {
    stats: async () => ((await t.app.inject({ method: 'GET', url: `/api/groups/${groupId}/stats`, headers: { cookie: owner.cookie } }))
      .json() as { members: { username: string }[] }).members.map((member) => member.username),
    ranking: async () => ((await t.app.inject({ method: 'GET', url: `/api/groups/${groupId}/ranking`, headers: { cookie: owner.cookie } }))
      .json() as { ranking: { username: string }[] }).ranking.map((row) => row.username),
  };
  /** Reads the page until it lists `names` (a stale page is served while its refresh runs), for up to 5 s. */
  async function listedEventually(listed: () => Promise<string[]>, names: string[]): Promise<string[]> {
    let now = await listed();
    for (let i = 0; i < 100 && JSON.stringify(now) !== JSON.stringify(names); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      now = await listed();
    }
    return now;
  }
  /** Renames the owner behind the app's back (on PostgreSQL: as a write through another instance would). */
  let current = '';
  async function renameUnsignalled(name: string): Promise<void> {
    await t.database.db.execute(sql`update profiles set username = ${name} where username = ${current || owner.username}`);
    current = name;
  }
  /** Expects `listed` to keep `was` for over ten times RANKING_CACHE_MS on PGlite, and to show `current` soon on PostgreSQL. */
  async function expectUnsignalledChange(listed: () => Promise<string[]>, was: string): Promise<void> {
    if (TEST_DB_KIND === 'postgres') {
      expect(await listedEventually(listed, [current])).toEqual([current]);
    } else {
      for (let i = 0; i < 10; i++) {
        expect(await listed()).toEqual([was]);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  }

  it.each(['stats', 'ranking'] as const)(
    'the %s catches up with an unsignalled change within RANKING_CACHE_MS on PostgreSQL only; a signalled one shows at once on both',
    async (page) => {
      const listed = listers[page];
      const was = current || owner.username;
      expect(await listedEventually(listed, [was])).toEqual([was]);
      await renameUnsignalled(`renamed_${page}`);
      await expectUnsignalledChange(listed, was);
      rankingsChanged(); // e.g. a result scored
      expect(await listedEventually(listed, [current])).toEqual([current]);
    },
  );

  it('rebuilding the totals (matches moved to another round by a sync) is signalled', async () => {
    const was = current;
    expect(await listers.ranking()).toEqual([was]);
    await renameUnsignalled('renamed_rebuild');
    await expectUnsignalledChange(listers.ranking, was);
    await t.database.db.transaction((tx) => rebuildTotals(tx, groupId));
    expect(await listers.ranking()).toEqual([current]);
    expect(await listedEventually(listers.stats, [current])).toEqual([current]);
  });
});
