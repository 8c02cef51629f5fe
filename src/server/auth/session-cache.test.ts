/**
 * The session cookie cache (decision 006): sign-in hands out a signed copy of the session that the hot
 * routes (ranking, matches, saving predictions) trust for SESSION_COOKIE_CACHE_SECONDS; everything else
 * — who am I, the session check, every other write — reads the session row, so a session ended elsewhere
 * is refused there at once; the hot routes refuse it at once too (revocation.test.ts). A member removed from a group is refused at once by the instance that removed them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../tests/helpers/app';
import { cookieFrom, createUser } from '../../../tests/helpers/users';
import { seedDemoIfEmpty } from '../modules/demo/seed';
import { eq, sql } from 'drizzle-orm';
import { user } from '../db/schema';
import { SESSION_COOKIE_CACHE_SECONDS } from './auth';

describe(`session cookie cache (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoIfEmpty(t.database.db, new Date());
  });
  afterAll(async () => t?.close());

  it('is handed out at sign-in, and a session ended elsewhere is refused at once outside the hot routes', async () => {
    const owner = await createUser(t, { username: 'cache_owner' });
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: owner.email, password: owner.password } });
    const cookie = cookieFrom(signIn.headers['set-cookie']);
    expect(cookie).toMatch(/session_data=/);
    expect(signIn.headers['set-cookie']!.toString()).toMatch(new RegExp(`session_data=[^;]+;.*Max-Age=${SESSION_COOKIE_CACHE_SECONDS}`));
    const leagueId = (await t.app.inject({ method: 'GET', url: '/api/leagues' })).json().leagues[0].id;
    const group = (await t.app.inject({ method: 'POST', url: '/api/groups', payload: { name: 'Cache pool', leagueId }, headers: { cookie } })).json().group;
    expect((await t.app.inject({ method: 'GET', url: `/api/groups/${group.id}/ranking`, headers: { cookie } })).statusCode).toBe(200);

    // Every session of the account ends (as a password change does) through another session.
    await t.app.inject({ method: 'POST', url: '/api/auth/revoke-sessions', headers: { cookie: owner.cookie, origin: 'http://localhost:3000' } });
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/get-session?disableCookieCache=true', headers: { cookie } })).json()).toBeNull();
    expect((await t.app.inject({ method: 'POST', url: '/api/groups', payload: { name: 'After the end', leagueId }, headers: { cookie } })).statusCode).toBe(401);
    // The hot routes, which trust the signed copy, refuse it too: its session was ended (revoked-sessions.ts).
    expect((await t.app.inject({ method: 'GET', url: `/api/groups/${group.id}/ranking`, headers: { cookie } })).statusCode).toBe(401);
    const withoutCopy = cookie.split('; ').filter((part) => !part.includes('session_data')).join('; ');
    expect((await t.app.inject({ method: 'GET', url: `/api/groups/${group.id}/ranking`, headers: { cookie: withoutCopy } })).statusCode).toBe(401);
  });

  it('lets a session whose address is no longer confirmed learn who it is, and nothing else', async () => {
    const person = await createUser(t, { username: 'unconfirmed' });
    await t.database.db.update(user).set({ emailVerified: false }).where(eq(user.email, person.email));
    const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: person.cookie } });
    expect(me.statusCode).toBe(200);
    for (const [method, url] of [['GET', '/api/groups'], ['POST', '/api/groups'], ['GET', '/api/home']] as const) {
      const response = await t.app.inject({ method, url, headers: { cookie: person.cookie }, payload: method === 'POST' ? { name: 'Nope', leagueId: '00000000-0000-4000-8000-000000000000' } : undefined });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error.id).toBe('email_not_verified');
    }
  });

  it('refuses a removed member the cached ranking at once', async () => {
    const [owner, member] = await Promise.all([createUser(t, { username: 'rm_owner' }), createUser(t, { username: 'rm_member' })]);
    const leagueId = (await t.app.inject({ method: 'GET', url: '/api/leagues' })).json().leagues[0].id;
    const group = (await t.app.inject({ method: 'POST', url: '/api/groups', payload: { name: 'Removal pool', leagueId }, headers: { cookie: owner.cookie } })).json().group;
    await t.app.inject({ method: 'POST', url: '/api/groups/join', payload: { inviteCode: group.inviteCode }, headers: { cookie: member.cookie } });
    const read = () => t.app.inject({ method: 'GET', url: `/api/groups/${group.id}/ranking`, headers: { cookie: member.cookie } });
    expect((await read()).json().total).toBe(2);
    const { user } = (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: member.cookie } })).json();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/groups/${group.id}/members/${user.id}`, headers: { cookie: owner.cookie } })).statusCode).toBe(204);
    expect((await read()).statusCode).toBe(404);
  });

  it('trusts the signed copy on the hot routes only next to the session token it was made for, and never a tampered one', async () => {
    const [alice, bob] = await Promise.all([createUser(t, { username: 'copy_alice' }), createUser(t, { username: 'copy_bob' })]);
    const signIn = async (person: { email: string; password: string }) => cookieFrom((await t.app.inject({
      method: 'POST', url: '/api/auth/sign-in/email', payload: { email: person.email, password: person.password },
    })).headers['set-cookie']);
    const [aliceCookie, bobCookie] = [await signIn(alice), await signIn(bob)];
    const part = (cookie: string, name: string) => cookie.split('; ').find((c) => c.includes(name))!;
    const leagueId = (await t.app.inject({ method: 'GET', url: '/api/leagues' })).json().leagues[0].id;
    const group = (await t.app.inject({ method: 'POST', url: '/api/groups', payload: { name: 'Alice only', leagueId }, headers: { cookie: aliceCookie } })).json().group;
    const ranking = (cookie: string) => t.app.inject({ method: 'GET', url: `/api/groups/${group.id}/ranking`, headers: { cookie } });
    expect((await ranking(aliceCookie)).statusCode).toBe(200);
    expect((await ranking(bobCookie)).statusCode).toBe(404); // Bob is not a member (not found, as for strangers)

    // Alice's copy alone, or next to Bob's token, never makes anyone Alice.
    expect((await ranking(part(aliceCookie, 'session_data'))).statusCode).toBe(401);
    expect((await ranking(`${part(bobCookie, 'session_token')}; ${part(aliceCookie, 'session_data')}`)).statusCode).toBe(404);
    // A copy whose content was changed (its signature no longer matches) is not trusted: with Alice's
    // session row gone (deleted by hand: no revocation is announced, so the genuine copy is still trusted
    // until it expires), her token with a tampered copy is refused.
    await t.database.db.execute(sql`delete from session where token = ${part(aliceCookie, 'session_token').split('=')[1]!.split('.')[0]!}`);
    await t.database.db.execute(sql`delete from revoked_sessions`);
    await t.database.db.execute(sql`select pg_notify('session_revoked', '')`);
    await expect.poll(async () => (await ranking(aliceCookie)).statusCode).toBe(200);
    const data = part(aliceCookie, 'session_data');
    const [name, value] = [data.slice(0, data.indexOf('=')), data.slice(data.indexOf('=') + 1)];
    const decoded = JSON.parse(Buffer.from(decodeURIComponent(value), 'base64url').toString('utf8'));
    decoded.session.user.name = 'Mallory';
    const tampered = `${name}=${Buffer.from(JSON.stringify(decoded)).toString('base64url')}`;
    expect((await ranking(`${part(aliceCookie, 'session_token')}; ${tampered}`)).statusCode).toBe(401);
  });

  it('takes a forged or broken cookie for no session, never a 500 (the fuzz found three)', async () => {
    const person = await createUser(t, { username: 'broken_copy' });
    const part = (name: string) => person.cookie.split('; ').find((c) => c.includes(name))!;
    const [tokenName, dataName] = [part('session_token').split('=')[0], part('session_data').split('=')[0]];
    const leagueId = (await t.app.inject({ method: 'GET', url: '/api/leagues' })).json().leagues[0].id;
    const group = (await t.app.inject({ method: 'POST', url: '/api/groups', payload: { name: 'Broken copies', leagueId }, headers: { cookie: person.cookie } })).json().group;
    for (const data of ['%zz', 'not%20base64!', 'Z2FyYmFnZQ']) {
      const cookie = `${part('session_token')}; ${dataName}=${data}`;
      // Without a readable copy the session is read from the database: still the person.
      expect((await t.app.inject({ method: 'GET', url: `/api/groups/${group.id}/ranking`, headers: { cookie } })).statusCode, data).toBe(200);
      const session = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
      expect(session.statusCode, data).toBe(200);
      expect(session.json().user.email).toBe(person.email);
    }
    // A token with a malformed escape next to a genuine copy is nobody.
    const forged = await t.app.inject({ method: 'GET', url: `/api/groups/${group.id}/ranking`, headers: { cookie: `${tokenName}=%E0%A4%A; ${part('session_data')}` } });
    expect(forged.statusCode).toBe(401);
  });
});
