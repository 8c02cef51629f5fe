import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../tests/helpers/app';
import { createUser } from '../../../tests/helpers/users';
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
});
