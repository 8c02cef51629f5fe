/**
 * The wall live and moderated: a post, an edit, a reaction and a deletion reach the group's open streams
 * as 'wall' events within seconds — never another group's stream of the same league, nor the all-leagues
 * stream — and a stream resuming with Last-Event-ID gets what it missed; members report posts, platform
 * administrators see the open reports, delete the post or dismiss the report, each in the audit log.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { openEventStream, type EventStream, type StreamEvent } from '../../../../tests/helpers/event-stream';
import { listenLocally } from '../../../../tests/helpers/listen';
import { createUser, type TestUser } from '../../../../tests/helpers/users';
import { leagues, profiles, user } from '../../db/schema';

describe(`wall live and moderated (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let ana: TestUser;
  let bruno: TestUser;
  let carla: TestUser;
  let admin: TestUser;
  let base: string;
  let groupId: string;
  let otherGroupId: string;
  const streams: EventStream[] = [];

  const as = (who: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });
  const open = async (who: TestUser, path: string, headers: Record<string, string> = {}) => {
    const stream = await openEventStream(`${base}${path}`, { cookie: who.cookie, ...headers });
    streams.push(stream);
    expect(stream.status).toBe(200);
    return stream;
  };
  const wallEvent = (postId: string, action: string) => (event: StreamEvent) =>
    event.event === 'wall' && (event.data as { postId: string; action: string }).postId === postId && (event.data as { action: string }).action === action;

  beforeAll(async () => {
    t = await createTestApp({ LIVE_HEARTBEAT_MS: '200', LIVE_RECHECK_MS: '200' });
    [ana, bruno, carla, admin] = await Promise.all([
      createUser(t, { username: 'ana' }), createUser(t, { username: 'bruno' }), createUser(t, { username: 'carla' }),
      createUser(t, { username: 'root', email: 'root@example.com' }),
    ]);
    const [row] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, 'root@example.com'));
    await t.database.db.update(profiles).set({ role: 'Platform Administrator' }).where(eq(profiles.userId, row!.id));
    const [league] = await t.database.db.insert(leagues).values({ name: 'Live Wall League', season: '2026', kind: 'league', provider: 'test', externalId: 'live-wall' }).returning();
    const group = (await as(ana, 'POST', '/api/groups', { name: 'Live wall', leagueId: league!.id })).json().group;
    groupId = group.id;
    await as(bruno, 'POST', '/api/groups/join', { inviteCode: group.inviteCode });
    // Carla plays in another group of the same league.
    otherGroupId = (await as(carla, 'POST', '/api/groups', { name: 'Other wall', leagueId: league!.id })).json().group.id;
    base = await listenLocally(t.app);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t?.close();
  });

  it("brings posts, edits, reactions and deletions to the group's streams only, and replays them on resume", async () => {
    const mine = await open(bruno, `/api/groups/${groupId}/events`);
    const other = await open(carla, `/api/groups/${otherGroupId}/events`);
    const everything = await open(carla, '/api/events');
    const posted = (await as(ana, 'POST', `/api/groups/${groupId}/wall`, { body: 'Goal!' })).json().post;
    const event = await mine.next(wallEvent(posted.id, 'posted'), 3_000);
    expect(event.data).toEqual({ groupId, postId: posted.id, action: 'posted' });
    await as(ana, 'PATCH', `/api/groups/${groupId}/wall/${posted.id}`, { body: 'GOAL!' });
    await mine.next(wallEvent(posted.id, 'edited'), 3_000);
    await as(bruno, 'PUT', `/api/groups/${groupId}/wall/${posted.id}/reactions/ball`);
    const reacted = await mine.next(wallEvent(posted.id, 'reacted'), 3_000);
    // Missed while away: a stream resuming after the post hears the edit and the reaction again.
    const resumed = await open(bruno, `/api/groups/${groupId}/events`, { 'last-event-id': event.id! });
    await resumed.next(wallEvent(posted.id, 'reacted'), 3_000);
    await as(ana, 'DELETE', `/api/groups/${groupId}/wall/${posted.id}`);
    await mine.next(wallEvent(posted.id, 'deleted'), 3_000);
    // Carla's streams (another group of the league, and all her leagues) never hear this group's wall.
    expect(other.events.filter((e) => e.event === 'wall')).toEqual([]);
    expect(everything.events.filter((e) => e.event === 'wall')).toEqual([]);
    expect(reacted.id).not.toBeNull();
  });

  it('lets members report posts and administrators delete or dismiss them, in the audit log', async () => {
    const first = (await as(ana, 'POST', `/api/groups/${groupId}/wall`, { body: 'Rude words' })).json().post.id as string;
    const second = (await as(ana, 'POST', `/api/groups/${groupId}/wall`, { body: 'Harmless' })).json().post.id as string;
    for (const id of [first, first, second]) expect((await as(bruno, 'POST', `/api/groups/${groupId}/wall/${id}/report`)).statusCode).toBe(204);
    expect((await as(carla, 'POST', `/api/groups/${groupId}/wall/${first}/report`)).statusCode).toBe(404);
    expect((await as(bruno, 'GET', '/api/admin/wall-reports')).statusCode).toBe(403);

    const { reports } = (await as(admin, 'GET', '/api/admin/wall-reports')).json();
    expect(reports.map((r: { post: { body: string }; reporter: { username: string } }) => [r.post.body, r.reporter.username])).toEqual([['Rude words', 'bruno'], ['Harmless', 'bruno']]);
    expect(reports[0].post).toMatchObject({ groupId, groupName: 'Live wall', author: { username: 'ana' } });

    const stream = await open(bruno, `/api/groups/${groupId}/events`);
    expect((await as(admin, 'DELETE', `/api/admin/wall-reports/${reports[0].id}/post`)).statusCode).toBe(204);
    await stream.next(wallEvent(first, 'deleted'), 3_000);
    expect((await as(admin, 'POST', `/api/admin/wall-reports/${reports[1].id}/dismiss`)).statusCode).toBe(204);
    expect((await as(admin, 'GET', '/api/admin/wall-reports')).json().reports).toEqual([]);
    expect((await as(admin, 'POST', `/api/admin/wall-reports/${reports[1].id}/dismiss`)).statusCode).toBe(404);
    const posts = (await as(bruno, 'GET', `/api/groups/${groupId}/wall`)).json().posts.map((p: { body: string }) => p.body);
    expect(posts).toContain('Harmless');
    expect(posts).not.toContain('Rude words');
    const audit = JSON.stringify((await as(admin, 'GET', '/api/admin/audit')).json());
    expect(audit).toContain('wall_post.delete');
    expect(audit).toContain('wall_report.dismiss');
  });
});
