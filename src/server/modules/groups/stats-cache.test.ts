/**
 * How long a stats page lives in an instance's memory without a change it hears of: RANKING_CACHE_MS on
 * PostgreSQL (other instances' writes are not signalled here, so a page catches up with them that fast),
 * 30 s on the embedded database (no other instance can write to it; the changes that move a stats page
 * are signalled), so that a page being read is not recomputed every second on its one thread. A change
 * signalled through this instance shows at once on both.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { createUser, type TestUser } from '../../../../tests/helpers/users';
import { rowsOf } from '../../db/client';
import { rankingsChanged } from '../scoring/rankings-changed';

describe(`the stats page's time to live (${TEST_DB_KIND})`, () => {
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

  /** The usernames the stats page lists now. */
  const listedNames = async () => ((await t.app.inject({ method: 'GET', url: `/api/groups/${groupId}/stats`, headers: { cookie: owner.cookie } }))
    .json() as { members: { username: string }[] }).members.map((member) => member.username);
  /** Reads the page until it lists `names` (a stale page is served while its refresh runs), for up to 5 s. */
  async function listedEventually(names: string[]): Promise<string[]> {
    let listed = await listedNames();
    for (let i = 0; i < 100 && JSON.stringify(listed) !== JSON.stringify(names); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      listed = await listedNames();
    }
    return listed;
  }

  it('catches up with an unsignalled change within RANKING_CACHE_MS on PostgreSQL only; a signalled one shows at once on both', async () => {
    expect(await listedEventually([owner.username])).toEqual([owner.username]);
    // A change this instance does not hear of (on PostgreSQL: a write through another instance).
    await t.database.db.execute(sql`update profiles set username = 'renamed_elsewhere' where username = ${owner.username}`);
    if (TEST_DB_KIND === 'postgres') {
      expect(await listedEventually(['renamed_elsewhere'])).toEqual(['renamed_elsewhere']);
    } else {
      // Read over ten times RANKING_CACHE_MS: the page it had stays (no refresh was due).
      for (let i = 0; i < 10; i++) {
        expect(await listedNames()).toEqual([owner.username]);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    rankingsChanged(); // e.g. a result scored
    expect(await listedEventually(['renamed_elsewhere'])).toEqual(['renamed_elsewhere']);
  });
});
