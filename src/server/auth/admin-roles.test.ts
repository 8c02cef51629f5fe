import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../tests/helpers/app';
import { createUser, signUp } from '../../../tests/helpers/users';
import { profiles, user } from '../db/schema';
import { promoteAdmins } from './admin-roles';

describe(`promoteAdmins (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const roleOf = async (email: string) => {
    const [row] = await t.database.db.select({ role: profiles.role }).from(profiles)
      .innerJoin(user, eq(user.id, profiles.userId)).where(eq(user.email, email));
    return row?.role;
  };

  it('promotes accounts that signed up before their address was listed, once, and demotes nobody', async () => {
    const early = await createUser(t, { email: 'founder@example.com' });
    const other = await createUser(t);
    expect(await roleOf(early.email)).toBe('Regular User');

    expect(await promoteAdmins(t.database.db, ['FOUNDER@example.com'])).toBe(1);
    expect(await roleOf(early.email)).toBe('Platform Administrator');
    expect(await roleOf(other.email)).toBe('Regular User');
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: early.cookie } });
    expect(me.json().user.role).toBe('Platform Administrator');

    expect(await promoteAdmins(t.database.db, ['founder@example.com'])).toBe(0);
    expect(await promoteAdmins(t.database.db, [])).toBe(0);
    expect(await roleOf(early.email)).toBe('Platform Administrator');
  });

  it('never promotes an unconfirmed account, nor anyone when addresses are not confirmed at all', async () => {
    await signUp(t, { email: 'squatter@example.com' });
    expect(await promoteAdmins(t.database.db, ['squatter@example.com'])).toBe(0);
    expect(await roleOf('squatter@example.com')).toBe('Regular User');
    const confirmed = await createUser(t, { email: 'later-admin@example.com' });
    expect(await promoteAdmins(t.database.db, [confirmed.email], false)).toBe(0);
    expect(await roleOf(confirmed.email)).toBe('Regular User');
  });

  it('without required verification, a listed address signing up gets no role', async () => {
    const open = await createTestApp({ REQUIRE_EMAIL_VERIFICATION: 'false', ADMIN_EMAILS: 'boss@example.com' });
    try {
      const response = await open.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload: { email: 'boss@example.com', password: 'correct horse battery', name: 'Not the boss', username: 'notboss' } });
      expect(response.statusCode).toBe(200);
      const [row] = await open.database.db.select({ role: profiles.role }).from(profiles).innerJoin(user, eq(user.id, profiles.userId)).where(eq(user.email, 'boss@example.com'));
      expect(row?.role).toBe('Regular User');
    } finally {
      await open.close();
    }
  });
});
