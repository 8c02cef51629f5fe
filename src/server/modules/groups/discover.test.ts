/** Discover over HTTP: public groups only, search, league filter, activity order, cursor pages, joining without a code. */
import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { createUser, type TestUser } from '../../../../tests/helpers/users';
import { matches } from '../../db/schema';
import { seedDemoIfEmpty } from '../demo/seed';

describe(`Discover public groups (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let ana: TestUser;
  let bruno: TestUser;
  let leagueId: string;
  const as = (who: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });
  const create = async (name: string, visibility: 'public' | 'private') =>
    (await as(ana, 'POST', '/api/groups', { name, leagueId, visibility })).json().group as { id: string; inviteCode: string };

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoIfEmpty(t.database.db, new Date());
    [ana, bruno] = await Promise.all([createUser(t, { username: 'ana' }), createUser(t, { username: 'bruno' })]);
    leagueId = (await t.app.inject({ method: 'GET', url: '/api/leagues' })).json().leagues[0].id;
  });
  afterAll(async () => t?.close());

  it('lists public groups only, searches by name, and sorts the most active first', async () => {
    const quiet = await create('Quiet Tigers', 'public');
    const busy = await create('Busy Tigers', 'public');
    await create('Secret Tigers', 'private');
    const [open] = await t.database.db.select({ id: matches.id }).from(matches)
      .where(and(eq(matches.status, 'scheduled'), gt(matches.kickoff, new Date(Date.now() + 86_400_000)))).limit(1);
    await as(ana, 'PUT', `/api/groups/${busy.id}/predictions`, { predictions: [{ matchId: open!.id, homeGoals: 1, awayGoals: 0 }] });
    const found = (await as(bruno, 'GET', '/api/groups/discover?q=tigers')).json();
    expect(found.groups.map((g: { name: string }) => g.name)).toEqual(['Busy Tigers', 'Quiet Tigers']);
    expect(found.groups[0]).toMatchObject({ activeMembers: 1, memberCount: 1, isMember: false, full: false });
    expect((await as(bruno, 'GET', '/api/groups/discover?q=secret')).json().groups).toEqual([]);
    expect((await as(bruno, 'GET', `/api/groups/discover?q=tigers&leagueId=00000000-0000-4000-8000-000000000000`)).json().groups).toEqual([]);
    expect((await as(bruno, 'GET', '/api/groups/discover?q=%25')).json().groups).toEqual([]); // a literal %, not a wildcard
    expect(quiet.id).toBeTruthy();
  });

  it('pages with a cursor, 20 at a time, without repeating a group', async () => {
    for (let i = 0; i < 23; i++) await create(`Paged pool ${String(i).padStart(2, '0')}`, 'public');
    const first = (await as(bruno, 'GET', '/api/groups/discover?q=paged')).json();
    expect(first.groups).toHaveLength(20);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (await as(bruno, 'GET', `/api/groups/discover?q=paged&cursor=${encodeURIComponent(first.nextCursor)}`)).json();
    expect(second.groups).toHaveLength(3);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.groups, ...second.groups].map((g: { id: string }) => g.id);
    expect(new Set(ids).size).toBe(23);
    expect((await as(bruno, 'GET', '/api/groups/discover?cursor=not-a-cursor')).statusCode).toBe(400);
  });

  it('pages groups created within one millisecond without skipping any (the cursor keeps microseconds)', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 21; i++) ids.push((await create(`Same instant ${String(i).padStart(2, '0')}`, 'public')).id);
    await t.database.db.execute(sql`update groups set created_at = '2026-01-01T00:00:00.000100Z'::timestamptz + (substr(name, 14)::int * interval '1 microsecond')
      where id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)})`);
    const first = (await as(bruno, 'GET', '/api/groups/discover?q=same%20instant')).json();
    const second = (await as(bruno, 'GET', `/api/groups/discover?q=same%20instant&cursor=${encodeURIComponent(first.nextCursor)}`)).json();
    expect(new Set([...first.groups, ...second.groups].map((g: { id: string }) => g.id)).size).toBe(21);
  });

  it('lets a removed member back into a public group with the invite code only', async () => {
    const open = await create('Second chances', 'public');
    expect((await as(bruno, 'POST', `/api/groups/${open.id}/join`)).statusCode).toBe(200);
    const { user } = (await as(bruno, 'GET', '/api/me')).json();
    expect((await as(ana, 'DELETE', `/api/groups/${open.id}/members/${user.id}`)).statusCode).toBe(204);
    const again = await as(bruno, 'POST', `/api/groups/${open.id}/join`);
    expect(again.statusCode).toBe(403);
    expect(again.json().error.id).toBe('forbidden');
    const code = (await as(ana, 'GET', `/api/groups/${open.id}`)).json().group.inviteCode;
    expect((await as(bruno, 'POST', '/api/groups/join', { inviteCode: code })).json().alreadyMember).toBe(false);
  });

  it('joins a public group without a code, never a private one, and respects the cap', async () => {
    const open = await create('Open doors', 'public');
    const closed = await create('Closed doors', 'private');
    const joined = await as(bruno, 'POST', `/api/groups/${open.id}/join`);
    expect(joined.json().group).toMatchObject({ name: 'Open doors', myRole: 'member', memberCount: 2 });
    expect((await as(bruno, 'GET', '/api/groups/discover?q=open doors')).json().groups[0].isMember).toBe(true);
    expect((await as(bruno, 'POST', `/api/groups/${closed.id}/join`)).json().error.id).toBe('group_not_found');
    const capped = await create('Tiny doors', 'public');
    await as(ana, 'PATCH', `/api/groups/${capped.id}`, { memberCap: 2 });
    const carla = await createUser(t, { username: 'carla' });
    await as(bruno, 'POST', `/api/groups/${capped.id}/join`);
    expect((await as(carla, 'POST', `/api/groups/${capped.id}/join`)).json().error.id).toBe('group_full');
  });

  it('previews a public group for someone who follows its link, never a private or deactivated one', async () => {
    const open = await create('Preview pool', 'public');
    await as(ana, 'PATCH', `/api/groups/${open.id}`, { description: 'Fridays at the office', color: 'teal' });
    const preview = await as(bruno, 'GET', `/api/groups/${open.id}/preview`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().group).toMatchObject({
      id: open.id, name: 'Preview pool', description: 'Fridays at the office', color: 'teal', memberCount: 1, isMember: false, full: false,
      league: { id: leagueId },
    });
    // Nothing of the group's inside: no invite code, no members, no predictions.
    expect(Object.keys(preview.json().group).sort()).toEqual(['activeMembers', 'color', 'description', 'full', 'id', 'isMember', 'league', 'memberCount', 'name']);
    const closed = await create('Hidden pool', 'private');
    expect((await as(bruno, 'GET', `/api/groups/${closed.id}/preview`)).json().error.id).toBe('group_not_found');
    expect((await as(bruno, 'GET', '/api/groups/00000000-0000-4000-8000-000000000000/preview')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/groups/${open.id}/preview` })).statusCode).toBe(401);
    expect((await as(ana, 'PATCH', `/api/groups/${open.id}`, { status: 'deactivated' })).statusCode).toBe(200);
    expect((await as(bruno, 'GET', `/api/groups/${open.id}/preview`)).statusCode).toBe(404);
  });
});
