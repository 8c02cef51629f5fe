/** Limits that follow a person: counted in PostgreSQL per user id, whatever the address, over HTTP too. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../tests/helpers/app';
import { createUser, type TestUser } from '../../../tests/helpers/users';
import { seedDemoIfEmpty } from '../modules/demo/seed';
import { hitPersonLimit, JOIN_LIMIT } from './person-limit';

describe(`per-person limits (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let ana: TestUser;
  let bruno: TestUser;
  let carla: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'true', TRUST_PROXY: 'true' });
    await seedDemoIfEmpty(t.database.db, new Date());
    [ana, bruno, carla] = await Promise.all([createUser(t, { username: 'ana' }), createUser(t, { username: 'bruno' }), createUser(t, { username: 'carla' })]);
  });
  afterAll(async () => t?.close());

  it('counts hits per key in a sliding window: twice the limit never passes across a window boundary', async () => {
    const limit = { name: 'unit', max: 2, windowMs: 60_000 };
    const at = (time: string) => new Date(`2026-06-11T${time}Z`);
    expect((await hitPersonLimit(t.database.db, limit, 'u1', at('18:00:50'))).allowed).toBe(true);
    expect((await hitPersonLimit(t.database.db, limit, 'u1', at('18:00:50'))).allowed).toBe(true);
    // Retry-After: when one more hit fits the sliding window (three hits at 18:00:50 weigh a third by 18:01:40).
    expect(await hitPersonLimit(t.database.db, limit, 'u1', at('18:00:50'))).toEqual({ allowed: false, retryAfterSeconds: 50 });
    expect((await hitPersonLimit(t.database.db, limit, 'u2', at('18:00:50'))).allowed).toBe(true);
    // Fixed windows let two more through at 18:01:00; the last minute still holds the three hits of 18:00:50.
    expect((await hitPersonLimit(t.database.db, limit, 'u1', at('18:01:00'))).allowed).toBe(false);
    // Half a window on, the 18:01 window's one hit weighs half (rounded up to one): room for one more.
    expect((await hitPersonLimit(t.database.db, limit, 'u1', at('18:02:30'))).allowed).toBe(true);
    expect((await hitPersonLimit(t.database.db, limit, 'u1', at('18:02:30'))).allowed).toBe(false);
  });

  it('stops one person guessing invite codes from many addresses, not the next person', async () => {
    // A sliding window: wherever in a minute this starts, the joins before it still count after the boundary.
    const guess = (who: TestUser, address: string) => t.app.inject({
      method: 'POST', url: '/api/groups/join', payload: { inviteCode: 'ZZZZZZZZ' },
      headers: { cookie: who.cookie, 'x-forwarded-for': address },
    });
    for (let i = 0; i < JOIN_LIMIT.max; i++) expect((await guess(bruno, `10.0.0.${i + 1}`)).json().error.id).toBe('invalid_invite_code');
    const refused = await guess(bruno, '10.0.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.id).toBe('rate_limited');
    // Joining a public group is the same door.
    const leagueId = (await t.app.inject({ method: 'GET', url: '/api/leagues' })).json().leagues[0].id;
    const open = (await t.app.inject({ method: 'POST', url: '/api/groups', payload: { name: 'Open pool', leagueId, visibility: 'public' }, headers: { cookie: ana.cookie } })).json().group;
    expect((await t.app.inject({ method: 'POST', url: `/api/groups/${open.id}/join`, headers: { cookie: bruno.cookie, 'x-forwarded-for': '10.0.2.1' } })).statusCode).toBe(429);
    expect((await guess(carla, '10.0.1.1')).json().error.id).toBe('invalid_invite_code');
  }, 30_000);
});
