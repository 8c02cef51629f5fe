/**
 * When a cached ranking or stats page shows a change: at once when the change is signalled — a write
 * through any instance (PostgreSQL NOTIFY after it, heard by every instance on the database), results
 * scored (rankingsChanged, and live events), totals rebuilt and imports that write matches (NOTIFY at
 * their commit) — and otherwise within
 * RANKING_CACHE_MS (default 30 s), the bound for a change nobody signalled (an edit by hand in the
 * database). Same rules on PGlite and PostgreSQL.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnotherInstance, createTestApp, TEST_DB_KIND } from '../../../../tests/helpers/app';
import { createUser } from '../../../../tests/helpers/users';
import { rowsOf } from '../../db/client';
import { importCompetition } from '../import/service';
import { rebuildTotals } from '../scoring/consistency';
import { RANKINGS_CHANNEL, rankingsChanged } from '../scoring/rankings-changed';

/** A test app with a one-member group, and how to read the names its ranking and stats page list. */
async function setUp(cacheMs: string, code: string) {
  const t = await createTestApp({ RANKING_CACHE_MS: cacheMs });
  const owner = await createUser(t);
  const db = t.database.db;
  const [ownerRow] = rowsOf<{ id: string }>(await db.execute(sql`select id from "user" where email = ${owner.email}`));
  const [league] = rowsOf<{ id: string }>(await db.execute(sql`
    insert into leagues (name, season, kind, provider, external_id) values ('TTL league', '1', 'league', 'test', ${code}) returning id`));
  const [group] = rowsOf<{ id: string }>(await db.execute(sql`
    insert into groups (name, league_id, color, invite_code, owner_id) values ('TTL pool', ${league!.id}::uuid, 'sky', ${code}, ${ownerRow!.id}) returning id`));
  const groupId = group!.id;
  await db.execute(sql`insert into group_members (group_id, user_id, role) values (${groupId}::uuid, ${ownerRow!.id}, 'owner')`);
  /** The usernames a page lists now, read through `app` (default: the test app). */
  const listers = {
    stats: async (app: FastifyInstance = t.app) => ((await app.inject({ method: 'GET', url: `/api/groups/${groupId}/stats`, headers: { cookie: owner.cookie } }))
      .json() as { members: { username: string }[] }).members.map((member) => member.username),
    ranking: async (app: FastifyInstance = t.app) => ((await app.inject({ method: 'GET', url: `/api/groups/${groupId}/ranking`, headers: { cookie: owner.cookie } }))
      .json() as { ranking: { username: string }[] }).ranking.map((row) => row.username),
  };
  return { t, owner, ownerId: ownerRow!.id, groupId, listers };
}

/** Reads until `listed` gives `names` (a stale page is served while its refresh runs), for up to `ms`. */
async function listedWithin(listed: () => Promise<string[]>, names: string[], ms: number): Promise<string[]> {
  let now = await listed();
  for (const until = Date.now() + ms; JSON.stringify(now) !== JSON.stringify(names) && Date.now() < until;) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    now = await listed();
  }
  return now;
}

/** Expects `listed` to keep giving `names` for `ms` (no refresh was due, no change signalled). */
async function keepsListing(listed: () => Promise<string[]>, names: string[], ms: number): Promise<void> {
  for (const until = Date.now() + ms; Date.now() < until;) {
    expect(await listed()).toEqual(names);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe(`cached rankings and stats pages with a long time to live (${TEST_DB_KIND})`, () => {
  let s: Awaited<ReturnType<typeof setUp>>;
  let other: FastifyInstance;
  let current: string;

  beforeAll(async () => {
    s = await setUp('60000', 'TTLLONGX');
    other = await createAnotherInstance(s.t);
    current = s.owner.username;
  }, 60_000);

  afterAll(async () => {
    await other?.close();
    await s?.t.close();
  });

  /** Renames the owner behind the app's back. */
  async function renameByHand(name: string): Promise<void> {
    await s.t.database.db.execute(sql`update profiles set username = ${name} where user_id = ${s.ownerId}`);
    current = name;
  }
  /** Both pages list the current name, as read through `app`. */
  async function bothList(app: FastifyInstance, name: string, ms = 2_000) {
    expect(await listedWithin(() => s.listers.ranking(app), [name], ms)).toEqual([name]);
    expect(await listedWithin(() => s.listers.stats(app), [name], ms)).toEqual([name]);
  }

  it('keeps a value through a change nobody signalled; shows it at once when results are scored in this process', async () => {
    await bothList(s.t.app, current);
    const was = current;
    await renameByHand('renamed_by_hand');
    await keepsListing(() => s.listers.ranking(), [was], 1_000);
    await keepsListing(() => s.listers.stats(), [was], 300);
    rankingsChanged(); // e.g. a result scored
    await bothList(s.t.app, current);
  });

  it('shows a write made through another instance at once (its notice at commit)', async () => {
    await bothList(s.t.app, current);
    await bothList(other, current);
    const response = await other.inject({
      method: 'PATCH', url: `/api/profiles/${s.ownerId}`, headers: { cookie: s.owner.cookie }, payload: { username: 'renamed_elsewhere' },
    });
    expect(response.statusCode).toBe(200);
    current = 'renamed_elsewhere';
    // Within 2 s, against the 60 s time to live: only the notice can have dropped the first instance's values.
    await bothList(s.t.app, current);
  });

  it('drops only the pages of the group a write through a group\'s routes was about, on every instance', async () => {
    const db = s.t.database.db;
    const [second] = rowsOf<{ id: string }>(await db.execute(sql`
      insert into groups (name, league_id, color, invite_code, owner_id)
      select 'TTL pool two', league_id, 'sky', 'TTLLONGB', owner_id from groups where id = ${s.groupId}::uuid returning id`));
    await db.execute(sql`insert into group_members (group_id, user_id, role) values (${second!.id}::uuid, ${s.ownerId}, 'owner')`);
    const secondRanking = async (app: FastifyInstance) => ((await app.inject({
      method: 'GET', url: `/api/groups/${second!.id}/ranking`, headers: { cookie: s.owner.cookie },
    })).json() as { ranking: { username: string }[] }).ranking.map((row) => row.username);
    rankingsChanged(); // the new group's first pages are computed below, on both instances
    for (const app of [s.t.app, other]) {
      await bothList(app, current);
      expect(await secondRanking(app)).toEqual([current]);
    }
    const was = current;
    await renameByHand('renamed_in_one_group');
    const response = await other.inject({ method: 'POST', url: `/api/groups/${s.groupId}/invite-code`, headers: { cookie: s.owner.cookie } });
    expect(response.statusCode).toBe(200);
    // The group written to: at once on both instances (the other one by its notice).
    await bothList(other, current);
    await bothList(s.t.app, current);
    // The other group: its pages stay as they were cached, on both instances.
    await keepsListing(() => secondRanking(s.t.app), [was], 300);
    await keepsListing(() => secondRanking(other), [was], 300);
    rankingsChanged();
    expect(await listedWithin(() => secondRanking(s.t.app), [current], 2_000)).toEqual([current]);
    for (const app of [s.t.app, other]) await bothList(app, current); // cached again for the tests after this one
  });

  it('drops its values on a notice from any connection (another process), and when totals are rebuilt', async () => {
    const was = current;
    await renameByHand('renamed_notice');
    await keepsListing(() => s.listers.ranking(), [was], 300);
    await s.t.database.db.execute(sql`select pg_notify(${RANKINGS_CHANNEL}, '')`);
    await bothList(s.t.app, current);
    await bothList(other, current);

    // Totals rebuilt and an import that writes matches tell every instance at their commit, never on a rollback.
    const heard: string[] = [];
    const stop = await s.t.database.listen(RANKINGS_CHANNEL, (origin) => heard.push(origin));
    try {
      const db = s.t.database.db;
      const season = (kickoff: string) => ({
        name: 'TTL import', season: '2041', kind: 'league' as const, warnings: [],
        matches: [{
          externalId: 'ttl-1', roundName: 'Matchday 1', roundOrder: 1, stage: 'league' as const, groupName: null, kickoff: new Date(kickoff),
          status: 'scheduled' as const, home: { name: 'TTL Home', code: null }, away: { name: 'TTL Away', code: null },
          fullTime: null, extraTime: null, penalties: null, venue: null, label: 'ttl',
        }],
      });
      await db.transaction(async (tx) => {
        await rebuildTotals(tx, s.groupId);
        tx.rollback();
      }).catch(() => {});
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(heard, 'a rolled-back rebuild').toEqual([]);
      await db.transaction((tx) => rebuildTotals(tx, s.groupId));
      await importCompetition(db, season('2041-01-01T12:00:00Z'), { provider: 'test' });
      await importCompetition(db, season('2041-01-01T12:00:00Z'), { provider: 'test' }); // nothing changed: no notice
      await importCompetition(db, season('2041-01-02T12:00:00Z'), { provider: 'test' }); // a kickoff moved
      for (let i = 0; i < 100 && heard.length < 3; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard, 'rebuild, new match, moved kickoff').toEqual(['', '', '']);
    } finally {
      await stop();
    }
  });
});

describe(`cached rankings and stats pages with a short time to live (${TEST_DB_KIND})`, () => {
  let s: Awaited<ReturnType<typeof setUp>>;

  beforeAll(async () => {
    s = await setUp('100', 'TTLSHORT');
  }, 60_000);

  afterAll(async () => {
    await s?.t.close();
  });

  it.each(['stats', 'ranking'] as const)('the %s catches up with a change nobody signalled within RANKING_CACHE_MS', async (page) => {
    const listed = () => s.listers[page]();
    const name = `renamed_${page}`;
    await s.t.database.db.execute(sql`update profiles set username = ${name} where user_id = ${s.ownerId}`);
    // A value is at most the time to live plus one computation old; allow for a loaded machine.
    expect(await listedWithin(listed, [name], 1_000)).toEqual([name]);
  });
});
