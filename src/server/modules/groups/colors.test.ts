/** Group colours over HTTP: the specification's palette names, or a custom #rrggbb white text can be read on. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { createUser, type TestUser } from '../../../../tests/helpers/users';
import { seedDemoIfEmpty } from '../demo/seed';

describe(`group colours (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let ana: TestUser;
  let leagueId: string;
  const create = (color?: string) => t.app.inject({ method: 'POST', url: '/api/groups', payload: { name: 'Colour pool', leagueId, ...(color ? { color } : {}) }, headers: { cookie: ana.cookie } });

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoIfEmpty(t.database.db, new Date());
    ana = await createUser(t, { username: 'ana' });
    leagueId = (await t.app.inject({ method: 'GET', url: '/api/leagues' })).json().leagues[0].id;
  });
  afterAll(async () => t?.close());

  it('defaults to green and takes every palette name', async () => {
    expect((await create()).json().group.color).toBe('green');
    for (const name of ['orange', 'blue', 'green', 'red', 'purple', 'teal', 'pink', 'amber']) {
      expect((await create(name)).json().group.color).toBe(name);
    }
  });

  it('takes a custom colour white text passes AA on, stored lower case', async () => {
    expect((await create('#1D4ED8')).json().group.color).toBe('#1d4ed8');
  });

  it('refuses a colour white text fails on, offering the nearest passing shade, and old names', async () => {
    const low = await create('#f59e0b');
    expect(low.statusCode).toBe(400);
    expect(low.json().error.message).toMatch(/contrast of 2\.\d+:1, below 4\.5:1; try #[0-9a-f]{6}/);
    for (const bad of ['emerald', 'sky', '#fff', 'plaid']) expect((await create(bad)).statusCode).toBe(400);
  });
});
