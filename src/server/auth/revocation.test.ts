/**
 * Ended sessions end everywhere at once (auth/revoked-sessions.ts): after a sign-out, a password change
 * on another device, a reset by mail or an administrator disabling the account, a copied cookie pair
 * (session token and its signed copy, still within the copy's 60 s) is refused on every hot route and by
 * get-session — on the instance that ended the session before it answered, and on a second instance on
 * the same database within moments (its notice).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createAnotherInstance, createTestApp, TEST_DB_KIND, type TestApp } from '../../../tests/helpers/app';
import { cookieFrom, createUser, hashQuery, type TestUser } from '../../../tests/helpers/users';
import { seedDemoIfEmpty } from '../modules/demo/seed';

const ORIGIN = 'http://localhost:3000';

describe(`ended sessions are refused at once (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let other: FastifyInstance;
  let admin: TestUser;
  let leagueId: string;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: 'revoker-admin@example.com' });
    await seedDemoIfEmpty(t.database.db, new Date());
    other = await createAnotherInstance(t);
    await other.ready();
    admin = await createUser(t, { email: 'revoker-admin@example.com', username: 'revoker_admin' });
    leagueId = (await t.app.inject({ method: 'GET', url: '/api/leagues' })).json().leagues[0].id;
  });
  afterAll(async () => {
    await other?.close();
    await t?.close();
  });

  /** A member with a group and an open match, and a second signed-in session of theirs (the "copied" cookie pair). */
  async function memberWithCopiedCookies(username: string) {
    const person = await createUser(t, { username });
    const group = (await t.app.inject({ method: 'POST', url: '/api/groups', payload: { name: `${username} pool`, leagueId }, headers: { cookie: person.cookie } })).json().group;
    const matches = (await t.app.inject({ method: 'GET', url: `/api/groups/${group.id}/matches`, headers: { cookie: person.cookie } })).json().matches as { id: string; open: boolean }[];
    const open = matches.find((match) => match.open)!;
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email: person.email, password: person.password } });
    const copied = cookieFrom(signIn.headers['set-cookie']);
    expect(copied).toMatch(/session_data=/);
    return { person, groupId: group.id as string, matchId: open.id, copied };
  }

  /** The status of each hot route and get-session (with its cookie cache allowed) for `cookie` on `app`. */
  async function answers(app: FastifyInstance, cookie: string, groupId: string, matchId: string) {
    const ask = (method: 'GET' | 'PUT', url: string, payload?: object) => app.inject({ method, url, payload, headers: { cookie } });
    const session = await ask('GET', '/api/auth/get-session');
    return {
      ranking: (await ask('GET', `/api/groups/${groupId}/ranking`)).statusCode,
      matches: (await ask('GET', `/api/groups/${groupId}/matches`)).statusCode,
      save: (await ask('PUT', `/api/groups/${groupId}/predictions/${matchId}`, { homeGoals: 2, awayGoals: 1 })).statusCode,
      saveRound: (await ask('PUT', `/api/groups/${groupId}/predictions`, { predictions: [{ matchId, homeGoals: 1, awayGoals: 1 }] })).statusCode,
      session: session.json() === null ? 'signed out' : 'signed in',
    };
  }
  const working = { ranking: 200, matches: 200, save: 200, saveRound: 200, session: 'signed in' };
  const refused = { ranking: 401, matches: 401, save: 401, saveRound: 401, session: 'signed out' };

  const ways: { name: string; end(person: TestUser, copied: string): Promise<void> }[] = [
    {
      name: 'sign-out',
      end: async (_person, copied) => {
        const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: copied, origin: ORIGIN } });
        expect(out.statusCode).toBe(200);
      },
    },
    {
      name: 'a password change on another device',
      end: async (person) => {
        const changed = await t.app.inject({
          method: 'POST', url: '/api/auth/change-password', headers: { cookie: person.cookie, origin: ORIGIN },
          payload: { currentPassword: person.password, newPassword: 'another long secret' },
        });
        expect(changed.statusCode).toBe(200);
      },
    },
    {
      name: 'a reset by mail',
      end: async (person) => {
        await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: person.email } });
        await expect.poll(() => t.outbox.some((mail) => mail.to === person.email && mail.link?.includes('update-password'))).toBe(true);
        const link = [...t.outbox].reverse().find((mail) => mail.to === person.email && mail.link?.includes('update-password'))!.link!;
        const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token: hashQuery(link).get('token'), newPassword: 'a reset long secret' } });
        expect(reset.statusCode).toBe(200);
      },
    },
    {
      name: 'an administrator disabling the account',
      end: async (person) => {
        const id = (await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: person.cookie } })).json().user.id;
        const disabled = await t.app.inject({ method: 'PATCH', url: `/api/admin/users/${id}`, payload: { disabled: true }, headers: { cookie: admin.cookie } });
        expect(disabled.statusCode).toBe(200);
      },
    },
  ];

  for (const [index, way] of ways.entries()) {
    it(`after ${way.name}, on this instance and on another`, async () => {
      const { person, groupId, matchId, copied } = await memberWithCopiedCookies(`revoked_${index}`);
      // Both instances trust the copy before (the second one has never read this session).
      expect(await answers(t.app, copied, groupId, matchId)).toEqual(working);
      expect(await answers(other, copied, groupId, matchId)).toEqual(working);
      await way.end(person, copied);
      // The instance that ended it, before it answered; the other one as soon as it hears the notice.
      expect(await answers(t.app, copied, groupId, matchId)).toEqual(refused);
      await expect.poll(() => answers(other, copied, groupId, matchId), { timeout: 2_000, interval: 50 }).toEqual(refused);
    });
  }

  it('refuses an ended session however its cookies are written (a second token cookie, a quoted token)', async () => {
    const { groupId, matchId, copied } = await memberWithCopiedCookies('revoked_forms');
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: copied, origin: ORIGIN } });
    const tokenPair = copied.split('; ').find((part) => part.includes('session_token='))!;
    const [tokenName, tokenValue] = [tokenPair.slice(0, tokenPair.indexOf('=')), tokenPair.slice(tokenPair.indexOf('=') + 1)];
    const forms = [
      `${copied}; ${tokenName}=junk`,
      copied.replace(tokenPair, `${tokenName}="${decodeURIComponent(tokenValue)}"`),
    ];
    for (const form of forms) expect(await answers(t.app, form, groupId, matchId), form.slice(0, 60)).toEqual(refused);
  });

  it('keeps trusting the copies of sessions nobody ended (no database read on the hot routes)', async () => {
    const { groupId, matchId, copied, person } = await memberWithCopiedCookies('revoked_none');
    // Another member's sign-out ends only their session.
    const stranger = await createUser(t, { username: 'revoked_stranger' });
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: stranger.cookie, origin: ORIGIN } });
    expect(await answers(t.app, copied, groupId, matchId)).toEqual(working);
    expect(await answers(t.app, person.cookie, groupId, matchId)).toEqual(working);
  });
});
