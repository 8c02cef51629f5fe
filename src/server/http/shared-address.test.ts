/**
 * People behind one address (a household's, an office's or a school's router, or a reverse proxy that
 * TRUST_PROXY does not name) are never shown as signed out by a rate limit: reading one's own session is
 * not limited per address, and the API's request limit counts signed-in people by session. Guests, and
 * the limits on sign-in, keep counting per address.
 *
 * Forty members keep their pages open for ten minutes: every open page checks the session every 30 s
 * (20 checks each) and each member loads a group page every two minutes (5 loads of the six reads a
 * group page makes on arrival: session, profile, my groups, the group, its matches, its ranking). The
 * requests are sent as fast as the app answers rather than over ten real minutes: a limit counted in
 * time windows only gets stricter when the same requests come closer together, so what passes here
 * passes spread out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createAnotherInstance, createTestApp, type TestApp } from '../../../tests/helpers/app';
import { createUser, type TestUser } from '../../../tests/helpers/users';
import { startOfFreshMinute } from '../../../tests/helpers/clock';
import { seedDemoIfEmpty } from '../modules/demo/seed';

const MEMBERS = 40;
const MINUTES = 10;
/** The API's limit in this file: far below what the forty members send together, above what each sends. */
const API_LIMIT = 100;
const ROUTER = '203.0.113.40';

describe('forty members behind one address for ten minutes', () => {
  let t: TestApp;
  let setup: FastifyInstance;
  let members: TestUser[];
  let groupId: string;

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT: 'true', API_RATE_LIMIT_PER_MINUTE: String(API_LIMIT) });
    // Accounts and memberships come through an instance without limits (sign-ups and joins from one
    // address are limited on purpose; they are not what this file is about).
    setup = await createAnotherInstance(t);
    await setup.ready();
    await seedDemoIfEmpty(t.database.db, new Date());
    const viaSetup = { ...t, app: setup };
    members = [];
    // Eight at a time: each sign-up and sign-in waits out the auth routes' answer floor, not the CPU.
    while (members.length < MEMBERS) {
      members.push(...await Promise.all(Array.from({ length: Math.min(8, MEMBERS - members.length) }, () => createUser(viaSetup))));
    }
    const leagueId = (await setup.inject({ method: 'GET', url: '/api/leagues', headers: { cookie: members[0]!.cookie } })).json().leagues[0]?.id as string | undefined;
    expect(leagueId, 'the demo league').toBeDefined();
    const group = (await setup.inject({ method: 'POST', url: '/api/groups', headers: { cookie: members[0]!.cookie }, payload: { name: 'The office', leagueId } })).json().group as { id: string; inviteCode: string };
    groupId = group.id;
    for (const member of members.slice(1)) {
      const joined = await setup.inject({ method: 'POST', url: '/api/groups/join', headers: { cookie: member.cookie }, payload: { inviteCode: group.inviteCode } });
      expect(joined.statusCode).toBe(200);
    }
  }, 300_000);
  afterAll(async () => {
    await setup?.close();
    await t?.close();
  });

  const from = (url: string, cookie?: string) =>
    t.app.inject({ method: 'GET', url, remoteAddress: ROUTER, headers: cookie ? { cookie } : {} });

  it('keeps every member signed in and every page answered', async () => {
    const sessionChecks: number[] = [];
    const signedOut: string[] = [];
    const pageReads: number[] = [];
    const pageLoad = ['/api/me', '/api/groups', `/api/groups/${groupId}`, `/api/groups/${groupId}/matches`, `/api/groups/${groupId}/ranking`];
    for (let halfMinute = 0; halfMinute < MINUTES * 2; halfMinute++) {
      await Promise.all(members.map(async (member) => {
        const session = await from('/api/auth/get-session?disableCookieCache=true', member.cookie);
        sessionChecks.push(session.statusCode);
        if (session.statusCode !== 200 || session.json()?.user?.email !== member.email) signedOut.push(`${member.username} at ${halfMinute / 2} min: ${session.statusCode}`);
        if (halfMinute % 4 === 0) {
          for (const url of pageLoad) pageReads.push((await from(url, member.cookie)).statusCode);
        }
      }));
    }
    expect(signedOut).toEqual([]);
    expect(sessionChecks).toHaveLength(MEMBERS * MINUTES * 2);
    expect(pageReads).toHaveLength(MEMBERS * (MINUTES / 2) * pageLoad.length);
    expect(pageReads.filter((status) => status !== 200)).toEqual([]);
    // Far more than one address's budget went through: the members were counted one by one.
    expect(sessionChecks.length + pageReads.length).toBeGreaterThan(10 * API_LIMIT);
  }, 240_000); // 1,400 requests through the app: ~25 s on a quiet machine, past 60 s on a busy CI one

  it('still limits guests per address, and one person per session', async () => {
    await startOfFreshMinute();
    // A guest's session check costs nothing to forge: many from one address meet the address's limit.
    const guest: number[] = [];
    for (let i = 0; i < API_LIMIT + 5; i++) guest.push((await t.app.inject({ method: 'GET', url: '/api/auth/get-session', remoteAddress: '198.51.100.7' })).statusCode);
    expect(guest.slice(0, API_LIMIT - 5).every((status) => status === 200)).toBe(true);
    expect(guest.at(-1)).toBe(429);
    // A forged session cookie is a guest's request: counted by its address (already over the limit).
    const forged = await t.app.inject({
      method: 'GET', url: '/api/leagues', remoteAddress: '198.51.100.7',
      headers: { cookie: 'better-auth.session_token=made-up.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA%3D' },
    });
    expect(forged.statusCode).toBe(429);
    // One member hammering from the shared address meets their own limit; the others are not affected.
    const [greedy, patient] = [members[1]!, members[2]!];
    const greedyStatuses: number[] = [];
    for (let i = 0; i < API_LIMIT + 5; i++) greedyStatuses.push((await from('/api/me', greedy.cookie)).statusCode);
    expect(greedyStatuses.at(-1)).toBe(429);
    expect((await from('/api/me', patient.cookie)).statusCode).toBe(200);
  });
});
