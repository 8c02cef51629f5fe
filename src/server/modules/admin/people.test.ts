/**
 * The administrators' users and groups over HTTP: search and pages, a person's groups and last
 * sign-in, role changes, disabling (sign-in refused, sessions ended at once) and enabling, resending the
 * verification mail, a group's deactivation and deletion — each in the audit log.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { createUser, signIn, signUp, type TestUser } from '../../../../tests/helpers/users';
import { rowsOf } from '../../db/client';
import { seedDemoIfEmpty } from '../demo/seed';

describe(`admin users and groups (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let person: TestUser;
  let personId: string;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: 'people-boss@example.com' });
    await seedDemoIfEmpty(t.database.db, new Date());
    admin = await createUser(t, { email: 'people-boss@example.com', username: 'people_boss' });
    person = await createUser(t, { username: 'ordinary_olga' });
    personId = (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: person.cookie } })).json().user.id;
  });
  afterAll(async () => t?.close());
  const as = (who: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });

  it('finds people by email or username, with their groups and last sign-in', async () => {
    const leagueId = (await t.app.inject({ method: 'GET', url: '/api/leagues' })).json().leagues[0].id;
    await as(person, 'POST', '/api/groups', { name: 'Olga pool', leagueId });
    const found = (await as(admin, 'GET', '/api/admin/users?search=OLGA')).json();
    expect(found.total).toBe(1);
    expect(found.users[0]).toMatchObject({ id: personId, username: 'ordinary_olga', role: 'Regular User', emailVerified: true, disabled: false, groups: 1 });
    expect(found.users[0].lastSignInAt).not.toBeNull();
    expect((await as(admin, 'GET', `/api/admin/users?search=${encodeURIComponent(person.email)}`)).json().total).toBe(1);
    const sorted = (await as(admin, 'GET', '/api/admin/users?sort=username&order=asc')).json().users.map((u: { username: string }) => u.username);
    expect(sorted).toEqual([...sorted].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const detail = (await as(admin, 'GET', `/api/admin/users/${personId}`)).json();
    expect(detail.memberships).toMatchObject([{ groupName: 'Olga pool', role: 'owner' }]);
    expect((await as(admin, 'GET', '/api/admin/users/nobody')).statusCode).toBe(404);
  });

  it('disables a person (sign-in refused, sessions ended at once) and enables them again', async () => {
    const disabled = await as(admin, 'PATCH', `/api/admin/users/${personId}`, { disabled: true });
    expect(disabled.statusCode).toBe(200);
    expect(disabled.json().user.disabled).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: person.cookie } })).statusCode).toBe(401);
    const refused = await signIn(t, person.email, person.password);
    expect(refused.response.statusCode).toBe(403);
    expect(refused.response.body).toMatch(/disabled/i);
    await as(admin, 'PATCH', `/api/admin/users/${personId}`, { disabled: false });
    const back = await signIn(t, person.email, person.password);
    expect(back.response.statusCode).toBe(200);
    person = { ...person, cookie: back.cookie };
  });

  it('changes roles, but never lets an administrator disable or demote themselves', async () => {
    expect((await as(admin, 'PATCH', `/api/admin/users/${personId}`, { role: 'Platform Administrator' })).json().user.role).toBe('Platform Administrator');
    expect((await as(person, 'GET', '/api/admin/users')).statusCode).toBe(200);
    await as(admin, 'PATCH', `/api/admin/users/${personId}`, { role: 'Regular User' });
    expect((await as(person, 'GET', '/api/admin/users')).statusCode).toBe(403);
    const adminId = (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: admin.cookie } })).json().user.id;
    for (const body of [{ disabled: true }, { role: 'Regular User' }]) {
      const own = await as(admin, 'PATCH', `/api/admin/users/${adminId}`, body);
      expect(own.statusCode).toBe(409);
      expect(own.json().error.id).toBe('own_account');
    }
  });

  it('resends the verification mail to an unconfirmed address only', async () => {
    const { email } = await signUp(t, { username: 'unconfirmed_ursula' });
    const ursula = (await as(admin, 'GET', '/api/admin/users?search=ursula')).json().users[0];
    expect(ursula.emailVerified).toBe(false);
    const before = t.outbox.filter((mail) => mail.to === email).length;
    const resent = await as(admin, 'POST', `/api/admin/users/${ursula.id}/resend-verification`);
    expect(resent.json(), resent.body).toEqual({ sent: true });
    expect(t.outbox.filter((mail) => mail.to === email).length).toBe(before + 1);
    expect((await as(admin, 'POST', `/api/admin/users/${personId}/resend-verification`)).json()).toEqual({ sent: false });
  });

  it('deactivates, reactivates and deletes a group, each in the audit log', async () => {
    const [group] = (await as(admin, 'GET', '/api/admin/groups?search=olga')).json().groups;
    expect(group).toMatchObject({ name: 'Olga pool', owner: 'ordinary_olga', members: 1, status: 'active' });
    expect((await as(admin, 'GET', `/api/admin/groups/${group.id}`)).json().members).toMatchObject([{ username: 'ordinary_olga', role: 'owner' }]);
    expect((await as(admin, 'PATCH', `/api/admin/groups/${group.id}`, { status: 'deactivated' })).json().group.status).toBe('deactivated');
    expect((await as(person, 'GET', `/api/groups/${group.id}`)).json().group.status).toBe('deactivated');
    // Totals have no foreign key: the deletion takes them with it.
    await t.database.db.execute(sql`insert into member_round_totals (group_id, round_order, user_id, points)
      select ${group.id}::uuid, 1, user_id, 3 from group_members where group_id = ${group.id}::uuid`);
    expect((await as(admin, 'DELETE', `/api/admin/groups/${group.id}`)).statusCode).toBe(204);
    expect((await as(person, 'GET', `/api/groups/${group.id}`)).statusCode).toBe(404);
    expect(rowsOf<{ n: number }>(await t.database.db.execute(sql`select count(*)::int as n from member_round_totals where group_id = ${group.id}::uuid`))[0]!.n).toBe(0);
    expect((await as(admin, 'DELETE', `/api/admin/groups/${group.id}`)).json().error.id).toBe('group_not_found');
    const audit = (await as(admin, 'GET', '/api/admin/audit?search=Olga%20pool')).json().entries.map((e: { action: string }) => e.action);
    expect(audit).toEqual(['group.delete', 'group.update']);
    const people = (await as(admin, 'GET', '/api/admin/audit?search=ordinary_olga')).json().entries.map((e: { action: string }) => e.action);
    expect(people).toEqual(expect.arrayContaining(['user.update']));
  });
});
