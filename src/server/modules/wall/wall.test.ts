/**
 * A group's wall over HTTP: members post (plain text, trimmed, 1–1,000 characters), page newest first 30
 * at a time, post in a match's thread, edit their own (marked edited), delete their own or, as an admin,
 * anyone's (recorded in the activity); react once per reaction; count unread posts by others until seen;
 * the limits (10 a minute); a wall turned off; a removed member's posts kept; outsiders kept out.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { createUser, type TestUser } from '../../../../tests/helpers/users';
import { leagues, matches, teams } from '../../db/schema';
import { WALL_PAGE_SIZE, WALL_POSTS_PER_MINUTE } from '../../../domain/wall';
import { wallPageQuery } from './service';

describe(`group wall (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let ana: TestUser;
  let bruno: TestUser;
  let carla: TestUser;
  let outsider: TestUser;
  let leagueId: string;
  let matchId: string;
  let otherLeagueMatch: string;

  const as = (who: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });
  /** A new group of ana's with bruno and carla. */
  const newGroup = async (name: string) => {
    const group = (await as(ana, 'POST', '/api/groups', { name, leagueId })).json().group;
    for (const who of [bruno, carla]) await as(who, 'POST', '/api/groups/join', { inviteCode: group.inviteCode });
    return group.id as string;
  };
  const post = (who: TestUser, groupId: string, body: string, thread?: string) => as(who, 'POST', `/api/groups/${groupId}/wall`, { body, matchId: thread });
  const wall = async (who: TestUser, groupId: string, query = '') => (await as(who, 'GET', `/api/groups/${groupId}/wall${query}`)).json();
  const userId = async (who: TestUser) => (await as(who, 'GET', '/api/me')).json().user.id as string;

  beforeAll(async () => {
    t = await createTestApp();
    [ana, bruno, carla, outsider] = await Promise.all([createUser(t, { username: 'ana' }), createUser(t, { username: 'bruno' }), createUser(t, { username: 'carla' }), createUser(t, { username: 'otto' })]);
    const db = t.database.db;
    const [league, other] = await db.insert(leagues).values([
      { name: 'Wall League', season: '2026', kind: 'league', provider: 'test', externalId: 'wall-league' },
      { name: 'Other', season: '2026', kind: 'league', provider: 'test', externalId: 'wall-other' },
    ]).returning();
    leagueId = league!.id;
    const [home, away] = await db.insert(teams).values([{ name: 'Wall Home' }, { name: 'Wall Away' }]).returning();
    const rows = await db.insert(matches).values([
      { leagueId, externalId: 'w1', roundName: 'Matchday 1', roundOrder: 1, stage: 'league', kickoff: new Date(Date.now() + 86_400_000), homeTeamId: home!.id, awayTeamId: away!.id },
      { leagueId: other!.id, externalId: 'w2', roundName: 'Matchday 1', roundOrder: 1, stage: 'league', kickoff: new Date(Date.now() + 86_400_000), homeTeamId: home!.id, awayTeamId: away!.id },
    ]).returning();
    matchId = rows[0]!.id;
    otherLeagueMatch = rows[1]!.id;
  });
  afterAll(async () => t?.close());

  it('takes plain text from members, newest first, with its author, and refuses empty, too long or outsiders', async () => {
    const groupId = await newGroup('Banter');
    const first = await post(bruno, groupId, '  Vamos, <b>Brasil</b>!\r\nSee https://example.com  ');
    expect(first.statusCode).toBe(201);
    expect(first.json().post).toMatchObject({
      body: 'Vamos, <b>Brasil</b>!\nSee https://example.com', matchId: null, editedAt: null, reactions: [], mine: true, canDelete: true,
      author: { userId: await userId(bruno), username: 'bruno', member: true },
    });
    await post(carla, groupId, 'Second');
    const seen = await wall(ana, groupId);
    expect(seen).toMatchObject({ enabled: true, more: false, unread: 2 });
    expect(seen.posts.map((p: { body: string }) => p.body)).toEqual(['Second', 'Vamos, <b>Brasil</b>!\nSee https://example.com']);
    expect(seen.posts[0]).toMatchObject({ mine: false, canDelete: true }); // ana owns the group
    expect((await wall(bruno, groupId)).posts[0]).toMatchObject({ mine: false, canDelete: false });

    for (const [body, message] of [[' \n ', /Write something/], ['x'.repeat(1_001), /at most 1,000/]] as const) {
      const refused = await post(bruno, groupId, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toMatch(message);
    }
    expect((await post(bruno, groupId, '⚽'.repeat(1_000))).statusCode).toBe(201);
    expect((await post(outsider, groupId, 'hello')).statusCode).toBe(404);
    expect((await as(outsider, 'GET', `/api/groups/${groupId}/wall`)).statusCode).toBe(404);
  });

  it('pages 30 at a time and keeps a thread per match of the league', async () => {
    const groupId = await newGroup('Pages');
    const db = t.database.db;
    const me = await userId(bruno);
    // 65 posts over the last hour, inserted directly (the limits are tested apart).
    await db.execute(sql`
      insert into wall_posts (group_id, author_id, body, created_at)
      select ${groupId}::uuid, ${me}, 'post ' || i, now() - make_interval(mins => 65 - i) from generate_series(1, 65) i`);
    const pages: string[][] = [];
    let before = '';
    for (;;) {
      const page = await wall(ana, groupId, before ? `?before=${before}` : '');
      pages.push(page.posts.map((p: { body: string }) => p.body));
      if (!page.more) break;
      before = page.posts.at(-1).id;
    }
    expect(pages.map((p) => p.length)).toEqual([WALL_PAGE_SIZE, WALL_PAGE_SIZE, 5]);
    expect(pages.flat()).toEqual(Array.from({ length: 65 }, (_, i) => `post ${65 - i}`));
    // At 10,000 posts the first page is one range of the (group, time) index, not a sort of the group's posts.
    await db.execute(sql`
      insert into wall_posts (group_id, author_id, body, created_at)
      select ${groupId}::uuid, ${me}, 'old ' || i, now() - make_interval(days => 1, secs => i) from generate_series(1, 10000) i`);
    await db.execute(sql`analyze wall_posts`);
    const plan = JSON.stringify((await db.execute(sql`explain ${wallPageQuery(groupId, me)}`)));
    expect(plan).toContain('wall_posts_group_time_idx');
    expect(plan).not.toMatch(/Seq Scan on wall_posts/);

    const inThread = await post(carla, groupId, 'What a game', matchId);
    expect(inThread.json().post.matchId).toBe(matchId);
    const thread = await wall(ana, groupId, `?matchId=${matchId}`);
    expect(thread.posts.map((p: { body: string }) => p.body)).toEqual(['What a game']);
    expect((await post(carla, groupId, 'Wrong league', otherLeagueMatch)).json().error.id).toBe('match_not_found');
  });

  it('lets authors edit (marked edited) and delete their own, admins delete any (recorded), members react once per reaction', async () => {
    const groupId = await newGroup('Moderation');
    const id = (await post(bruno, groupId, 'Typo heer')).json().post.id as string;
    expect((await as(carla, 'PATCH', `/api/groups/${groupId}/wall/${id}`, { body: 'Not mine' })).statusCode).toBe(403);
    expect((await as(ana, 'PATCH', `/api/groups/${groupId}/wall/${id}`, { body: 'Not mine either' })).statusCode).toBe(403);
    const edited = await as(bruno, 'PATCH', `/api/groups/${groupId}/wall/${id}`, { body: 'Typo here' });
    expect(edited.json().post).toMatchObject({ body: 'Typo here', editedAt: expect.any(String) });

    for (const who of [ana, carla, carla]) expect((await as(who, 'PUT', `/api/groups/${groupId}/wall/${id}/reactions/ball`)).statusCode).toBe(200);
    const reacted = await as(carla, 'PUT', `/api/groups/${groupId}/wall/${id}/reactions/laugh`);
    expect(reacted.json().post.reactions).toEqual([{ reaction: 'laugh', count: 1, mine: true }, { reaction: 'ball', count: 2, mine: true }]);
    expect((await as(carla, 'DELETE', `/api/groups/${groupId}/wall/${id}/reactions/ball`)).json().post.reactions)
      .toEqual([{ reaction: 'laugh', count: 1, mine: true }, { reaction: 'ball', count: 1, mine: false }]);
    expect((await as(carla, 'PUT', `/api/groups/${groupId}/wall/${id}/reactions/poop`)).statusCode).toBe(400);

    expect((await as(carla, 'DELETE', `/api/groups/${groupId}/wall/${id}`)).statusCode).toBe(403);
    expect((await as(ana, 'DELETE', `/api/groups/${groupId}/wall/${id}`)).statusCode).toBe(204);
    expect((await wall(ana, groupId)).posts).toEqual([]);
    const activity = (await as(ana, 'GET', `/api/groups/${groupId}/activity`)).json();
    expect(JSON.stringify(activity)).toContain('wall_post_deleted');
    expect(JSON.stringify(activity)).not.toContain('Typo');
    const own = (await post(carla, groupId, 'Oops')).json().post.id;
    expect((await as(carla, 'DELETE', `/api/groups/${groupId}/wall/${own}`)).statusCode).toBe(204);
    expect((await as(carla, 'DELETE', `/api/groups/${groupId}/wall/${own}`)).json().error.id).toBe('wall_post_not_found');
  });

  it('counts unread posts by others until seen, keeps a removed member\'s posts, limits posting, and can be turned off', async () => {
    const groupId = await newGroup('Limits');
    await post(bruno, groupId, 'One');
    await post(carla, groupId, 'Two');
    expect((await wall(bruno, groupId)).unread).toBe(1);
    expect((await as(bruno, 'POST', `/api/groups/${groupId}/wall/seen`)).statusCode).toBe(204);
    expect((await wall(bruno, groupId)).unread).toBe(0);
    await post(carla, groupId, 'Three');
    expect((await wall(bruno, groupId)).unread).toBe(1);

    // Carla leaves: her posts stay, under her name, no longer a member.
    expect((await as(carla, 'POST', `/api/groups/${groupId}/leave`)).statusCode).toBeLessThan(300);
    expect((await wall(ana, groupId)).posts[0].author).toMatchObject({ username: 'carla', member: false });

    // Ten a minute (in any of a member's groups): the eleventh is refused with a clear message, nothing lost of the ten.
    await t.database.db.execute(sql`update wall_posts set created_at = created_at - interval '2 minutes' where author_id = ${await userId(bruno)}`);
    for (let i = 1; i <= WALL_POSTS_PER_MINUTE; i++) expect((await post(bruno, groupId, `Fast ${i}`)).statusCode).toBe(201);
    const limited = await post(bruno, groupId, 'One too many');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({ id: 'wall_limit', message: expect.stringMatching(/10 posts a minute/) });

    expect((await as(bruno, 'PATCH', `/api/groups/${groupId}`, { wallEnabled: false })).statusCode).toBe(403);
    const off = await as(ana, 'PATCH', `/api/groups/${groupId}`, { wallEnabled: false });
    expect(off.json().group.wallEnabled).toBe(false);
    expect(await wall(bruno, groupId)).toEqual({ enabled: false, posts: [], more: false, unread: 0 });
    expect((await post(ana, groupId, 'Anyone?')).json().error.id).toBe('wall_off');
    expect((await as(ana, 'PATCH', `/api/groups/${groupId}`, { wallEnabled: true })).json().group.wallEnabled).toBe(true);
    expect((await wall(bruno, groupId)).posts.length).toBe(13);
  });
});
