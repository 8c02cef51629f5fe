/**
 * The authorization matrix: every route of the API (read from the OpenAPI document, so a new route
 * cannot escape) × {guest, outsider, member, admin, owner, platform administrator} against the table
 * below. A route without a row fails the test. "Denied" means 401, 403, or 404 group_not_found (a
 * private group does not reveal itself); "allowed" means anything else (a 409 for a business rule is
 * still an authorized answer). Mutating routes run on a group no call has changed: a fresh one after
 * each call let through.
 */
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../tests/helpers/app';
import { createUser, type TestUser } from '../../tests/helpers/users';
import { matches, user, wallPosts } from './db/schema';
import { seedDemoIfEmpty } from './modules/demo/seed';
import { listenLocally } from '../../tests/helpers/listen';

const ROLES = ['guest', 'outsider', 'member', 'admin', 'owner', 'platform'] as const;
type Role = (typeof ROLES)[number];
type Level = 'public' | 'signed-in' | 'member' | 'admin' | 'owner' | 'platform' | 'self' | 'nobody';

const ALLOWED: Record<Level, readonly Role[]> = {
  public: ROLES,
  'signed-in': ['outsider', 'member', 'admin', 'owner', 'platform'],
  member: ['member', 'admin', 'owner'],
  admin: ['admin', 'owner'],
  owner: ['owner'],
  platform: ['platform'],
  // A person's own account: `{userId}` is the member's id, so only the member may.
  self: ['member'],
  // A route that answers nothing of the matrix's (private) group to anyone.
  nobody: [],
};

interface Context { groupId: string; groupName: string; inviteCode: string; leagueId: string; matchId: string; memberId: string; teamId: string; questionId: string; postId: string }

/** The bonus question of each fresh group: decided by its admins, open for a day. */
const BONUS_QUESTION = {
  text: 'Which kit wins?', answer: 'choice', subject: { kind: 'admin' }, points: 5, options: ['Home', 'Away'],
  closesAt: new Date(Date.now() + 86_400_000).toISOString(),
};

/** Who may call each route, and a valid body (so validation never answers before authorization). */
const MATRIX: Record<string, { level: Level; body?: (c: Context) => object; stream?: true }> = {
  'GET /api/health': { level: 'public' },
  'GET /api/ready': { level: 'public' },
  'GET /api/site': { level: 'public' },
  'GET /api/me': { level: 'signed-in' },
  'GET /api/home': { level: 'signed-in' },
  'GET /api/leagues': { level: 'public' },
  'GET /api/leagues/{leagueId}/matches': { level: 'public' },
  'GET /api/leagues/{leagueId}/standings': { level: 'public' },
  'POST /api/groups': { level: 'signed-in', body: (c) => ({ name: 'Matrix pool', leagueId: c.leagueId }) },
  'GET /api/groups': { level: 'signed-in' },
  'POST /api/groups/join': { level: 'signed-in', body: (c) => ({ inviteCode: c.inviteCode }) },
  'GET /api/groups/discover': { level: 'signed-in' },
  // Joining without a code works for public groups only; the matrix's group is private.
  'POST /api/groups/{groupId}/join': { level: 'member' },
  'GET /api/groups/{groupId}': { level: 'member' },
  // The card a public group shows to someone who follows its link; a private group has none.
  'GET /api/groups/{groupId}/preview': { level: 'nobody' },
  'PATCH /api/groups/{groupId}': { level: 'admin', body: () => ({ name: 'Renamed pool' }) },
  'DELETE /api/groups/{groupId}': { level: 'owner', body: (c) => ({ confirm: c.groupName }) },
  'GET /api/groups/{groupId}/ranking': { level: 'member' },
  'GET /api/groups/{groupId}/scoring': { level: 'member' },
  'PUT /api/groups/{groupId}/scoring': { level: 'admin', body: () => ({ preset: 'classic' }) },
  'GET /api/groups/{groupId}/stats': { level: 'member' },
  'GET /api/groups/{groupId}/matchday-winners': { level: 'member' },
  'POST /api/groups/{groupId}/invite-code': { level: 'admin' },
  'POST /api/groups/{groupId}/reset-predictions': { level: 'admin', body: (c) => ({ confirm: c.groupName }) },
  'GET /api/groups/{groupId}/members': { level: 'member' },
  'PUT /api/groups/{groupId}/members/{userId}/role': { level: 'owner', body: () => ({ role: 'admin' }) },
  'DELETE /api/groups/{groupId}/members/{userId}': { level: 'admin' },
  'POST /api/groups/{groupId}/transfer': { level: 'owner', body: (c) => ({ userId: c.memberId }) },
  'POST /api/groups/{groupId}/leave': { level: 'member' },
  'GET /api/groups/{groupId}/activity': { level: 'admin' },
  'GET /api/groups/{groupId}/matches': { level: 'member' },
  'PUT /api/groups/{groupId}/predictions/{matchId}': { level: 'member', body: () => ({ homeGoals: 1, awayGoals: 0 }) },
  'PUT /api/groups/{groupId}/predictions': { level: 'member', body: (c) => ({ predictions: [{ matchId: c.matchId, homeGoals: 1, awayGoals: 0 }] }) },
  'GET /api/groups/{groupId}/matches/{matchId}/predictions': { level: 'member' },
  'GET /api/groups/{groupId}/members/{userId}/predictions': { level: 'member' },
  'GET /api/groups/{groupId}/bonus': { level: 'member' },
  // The matrix's groups play without jokers: a member gets 409 jokers_off (authorized), the others are refused before.
  'GET /api/groups/{groupId}/jokers': { level: 'member' },
  'GET /api/groups/{groupId}/wall': { level: 'member' },
  'POST /api/groups/{groupId}/wall': { level: 'member', body: () => ({ body: 'Matrix banter' }) },
  // The fresh group's post is its owner's: only its author changes it; the owner and admins delete it.
  'PATCH /api/groups/{groupId}/wall/{postId}': { level: 'owner', body: () => ({ body: 'Matrix edit' }) },
  'DELETE /api/groups/{groupId}/wall/{postId}': { level: 'admin' },
  'PUT /api/groups/{groupId}/wall/{postId}/reactions/{reaction}': { level: 'member' },
  'DELETE /api/groups/{groupId}/wall/{postId}/reactions/{reaction}': { level: 'member' },
  'POST /api/groups/{groupId}/wall/seen': { level: 'member' },
  'POST /api/groups/{groupId}/wall/{postId}/report': { level: 'member' },
  // No such report: the platform administrator gets 404 not_found (authorized), everyone else 401/403 before.
  'GET /api/admin/wall-reports': { level: 'platform' },
  'DELETE /api/admin/wall-reports/{reportId}/post': { level: 'platform' },
  'POST /api/admin/wall-reports/{reportId}/dismiss': { level: 'platform' },
  'GET /api/groups/{groupId}/export/ranking.csv': { level: 'member' },
  'GET /api/groups/{groupId}/export/predictions.csv': { level: 'member' },
  'PUT /api/groups/{groupId}/jokers/{matchId}': { level: 'member', body: () => ({}) },
  'DELETE /api/groups/{groupId}/jokers/{matchId}': { level: 'member' },
  'POST /api/groups/{groupId}/bonus/questions': { level: 'admin', body: () => BONUS_QUESTION },
  'POST /api/groups/{groupId}/bonus/presets': { level: 'admin', body: () => ({ set: 'league', closesAt: BONUS_QUESTION.closesAt }) },
  'PATCH /api/groups/{groupId}/bonus/questions/{questionId}': { level: 'admin', body: () => ({ points: 4 }) },
  'DELETE /api/groups/{groupId}/bonus/questions/{questionId}': { level: 'admin' },
  'PUT /api/groups/{groupId}/bonus/questions/{questionId}/answer': { level: 'member', body: () => ({ answer: { kind: 'choice', option: 'Home' } }) },
  // Still open: the owner and admins get 409 bonus_open (authorized), the others are refused before.
  'POST /api/groups/{groupId}/bonus/questions/{questionId}/resolve': { level: 'admin', body: () => ({ solution: { kind: 'choice', option: 'Home' } }) },
  'PUT /api/admin/matches/{matchId}/result': { level: 'platform', body: () => ({ status: 'scheduled' }) },
  'GET /api/admin/dashboard': { level: 'platform' },
  // The matrix's league is not a replay: the platform administrator gets 404 league_not_found (pause) and
  // 409 league_not_replay (delete), authorized; a creation makes a replay of the shipped World Cup.
  'GET /api/admin/replays': { level: 'platform' },
  'POST /api/admin/replays': { level: 'platform', body: () => ({ source: { kind: 'bundled', name: 'worldcup-2022' }, speed: 60, startsAt: '2031-06-01T18:00:00Z' }) },
  'POST /api/admin/replays/{leagueId}/{action}': { level: 'platform' },
  'DELETE /api/admin/replays/{leagueId}': { level: 'platform' },
  'GET /api/admin/leagues': { level: 'platform' },
  'POST /api/admin/leagues': { level: 'platform', body: () => ({ source: 'manual', name: 'Matrix league', season: '2030', kind: 'league' }) },
  'GET /api/admin/leagues/{leagueId}': { level: 'platform' },
  'PATCH /api/admin/leagues/{leagueId}': { level: 'platform', body: () => ({ active: true }) },
  'GET /api/admin/leagues/{leagueId}/sync-runs': { level: 'platform' },
  'POST /api/admin/leagues/{leagueId}/sync': { level: 'platform' },
  'POST /api/admin/leagues/{leagueId}/link': { level: 'platform', body: () => ({ sourceRef: 'https://example.com/league.json', sourceTimeZone: 'Europe/London' }) },
  'GET /api/admin/fixtures': { level: 'platform' },
  'PATCH /api/admin/matches/{matchId}': { level: 'platform', body: () => ({ result: { status: 'scheduled' }, reason: 'authorization matrix' }) },
  'POST /api/admin/matches/{matchId}/rescore': { level: 'platform', body: () => ({ reason: 'authorization matrix' }) },
  'GET /api/admin/audit': { level: 'platform' },
  'GET /api/admin/users': { level: 'platform' },
  'GET /api/admin/users/{userId}': { level: 'platform' },
  'PATCH /api/admin/users/{userId}': { level: 'platform', body: () => ({ role: 'Regular User' }) },
  'POST /api/admin/users/{userId}/resend-verification': { level: 'platform' },
  'GET /api/admin/groups': { level: 'platform' },
  'GET /api/admin/groups/{groupId}': { level: 'platform' },
  'PATCH /api/admin/groups/{groupId}': { level: 'platform', body: () => ({ status: 'active' }) },
  'DELETE /api/admin/groups/{groupId}': { level: 'platform' },
  'GET /api/admin/teams': { level: 'platform' },
  'PUT /api/admin/teams/{teamId}/crest': { level: 'platform' },
  'POST /api/admin/teams/{teamId}/merge': { level: 'platform', body: () => ({ duplicateId: '00000000-0000-4000-8000-000000000000' }) },
  'GET /api/teams/{teamId}/crest': { level: 'public' },
  'POST /api/admin/leagues/{leagueId}/fixtures': { level: 'platform', body: () => ({ roundName: 'Matchday 99', kickoff: '2031-05-01T18:00:00Z', home: 'Matrix Home', away: 'Matrix Away' }) },
  'GET /api/admin/provider-competitions': { level: 'platform' },
  'PATCH /api/admin/teams/{teamId}': { level: 'platform', body: () => ({ shortName: 'Matrix' }) },
  'POST /api/admin/teams/{teamId}/aliases': { level: 'platform', body: () => ({ alias: 'Matrix alias' }) },
  'DELETE /api/admin/teams/{teamId}/aliases/{alias}': { level: 'platform' },
  'GET /api/admin/leagues/{leagueId}/standings': { level: 'platform' },
  'POST /api/admin/leagues/{leagueId}/standings/refresh': { level: 'platform' },
  'GET /api/profiles/{userId}': { level: 'self' },
  'PATCH /api/profiles/{userId}': { level: 'self', body: () => ({ fullName: 'Matrix Person' }) },
  // A wrong email on purpose: the owner gets 400 confirmation_mismatch and the matrix's member survives.
  'DELETE /api/profiles/{userId}': { level: 'self', body: () => ({ confirm: 'not-the-account@example.com' }) },
  // No image: the owner gets 415; everyone else 401/403 before the body is read.
  'PUT /api/profiles/{userId}/avatar': { level: 'self' },
  'DELETE /api/profiles/{userId}/avatar': { level: 'self' },
  'GET /api/users/{userId}/avatar': { level: 'signed-in' },
  // Event streams (Server-Sent Events): called over a socket, the answer judged on its status line.
  'GET /api/groups/{groupId}/events': { level: 'member', stream: true },
  'GET /api/events': { level: 'signed-in', stream: true },
  // Reminders and notifications: my own settings and devices; the mail's unsubscribe needs only its signed token.
  'GET /api/me/notifications': { level: 'signed-in' },
  // My calendar feed's address; the feed itself needs only its secret token (none here: 400 for everyone).
  'GET /api/me/calendar': { level: 'signed-in' },
  'POST /api/me/calendar': { level: 'signed-in' },
  'GET /api/calendar.ics': { level: 'public' },
  'PUT /api/me/notifications': { level: 'signed-in', body: () => ({ email: { deadline: false, results: false }, push: { deadline: true, results: true, goals: true } }) },
  'POST /api/me/push-subscriptions': { level: 'signed-in', body: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/matrix', keys: { p256dh: 'BKey', auth: 'auth' } }) },
  'DELETE /api/me/push-subscriptions': { level: 'signed-in', body: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/matrix' }) },
  'POST /api/notifications/unsubscribe': { level: 'public', body: () => ({ token: 'not-a-valid-token' }) },
};

describe(`authorization matrix (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  const users = {} as Record<Exclude<Role, 'guest'>, TestUser>;
  const ids = {} as Record<Exclude<Role, 'guest'>, string>;
  let leagueId: string;
  let matchId: string;
  let teamId: string;
  let routes: string[];

  const call = (who: Role, method: string, url: string, payload?: object) =>
    t.app.inject({ method: method as 'GET', url, payload, headers: who === 'guest' ? {} : { cookie: users[who].cookie } });
  let base: string;
  /** An event stream's answer: its status, and the error body when refused (an open stream is closed at once). */
  const callStream = async (who: Role, url: string) => {
    const controller = new AbortController();
    const response = await fetch(`${base}${url}`, { headers: { accept: 'text/event-stream', ...(who === 'guest' ? {} : { cookie: users[who].cookie }) }, signal: controller.signal });
    const body = response.ok ? '' : await response.text();
    controller.abort();
    return { statusCode: response.status, json: () => JSON.parse(body) as { error?: { id?: string } } };
  };

  /** A private group of owner, admin and member (the outsider and the platform administrator stay out). */
  async function freshGroup(): Promise<Context> {
    const created = (await call('owner', 'POST', '/api/groups', { name: 'Matrix pool', leagueId })).json().group;
    await call('admin', 'POST', '/api/groups/join', { inviteCode: created.inviteCode });
    await call('member', 'POST', '/api/groups/join', { inviteCode: created.inviteCode });
    await call('owner', 'PUT', `/api/groups/${created.id}/members/${ids.admin}/role`, { role: 'admin' });
    const question = await call('owner', 'POST', `/api/groups/${created.id}/bonus/questions`, BONUS_QUESTION);
    if (question.statusCode !== 201) throw new Error(`bonus question: ${question.statusCode} ${question.body}`);
    const [questionId] = question.json().ids as string[];
    // The owner's post on the wall (written directly: hundreds of fresh groups would pass the posting limits).
    const [post] = await t.database.db.insert(wallPosts).values({ groupId: created.id, authorId: ids.owner, body: 'Matrix post' }).returning({ id: wallPosts.id });
    return { groupId: created.id, groupName: created.name, inviteCode: created.inviteCode, leagueId, matchId, memberId: ids.member, teamId, questionId: questionId!, postId: post!.id };
  }

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: 'platform@example.com' });
    await seedDemoIfEmpty(t.database.db, new Date());
    for (const role of ['outsider', 'member', 'admin', 'owner', 'platform'] as const) {
      users[role] = await createUser(t, { username: role, email: `${role}@example.com` });
      const [row] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, `${role}@example.com`));
      ids[role] = row!.id;
    }
    leagueId = (await call('guest', 'GET', '/api/leagues')).json().leagues[0].id;
    const [open] = await t.database.db.select({ id: matches.id, teamId: matches.homeTeamId }).from(matches)
      .where(and(eq(matches.status, 'scheduled'), gt(matches.kickoff, new Date(Date.now() + 86_400_000)))).limit(1);
    matchId = open!.id;
    teamId = open!.teamId;
    const doc = (await call('guest', 'GET', '/api/openapi.json')).json() as { paths: Record<string, Record<string, unknown>> };
    routes = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`));
    base = await listenLocally(t.app);
  }, 60_000);
  afterAll(async () => t?.close());

  it('has a row for every route of the API, and no row for a route that does not exist', () => {
    expect(routes.length).toBeGreaterThan(20);
    expect(routes.filter((route) => !MATRIX[route]), 'routes without a row in the matrix').toEqual([]);
    expect(Object.keys(MATRIX).filter((route) => !routes.includes(route)), 'rows without a route').toEqual([]);
  });

  it('allows and denies each route exactly as the matrix says', async () => {
    const shared = await freshGroup();
    const failures: string[] = [];
    for (const route of routes) {
      const entry = MATRIX[route];
      if (!entry) continue;
      const [method, path] = route.split(' ') as [string, string];
      // A mutating route runs on a group no call has changed: a refused call changes nothing, so a fresh
      // group is made only after a call let through (one per call made this file take 1.6× as long).
      let untouched: Context | undefined;
      for (const role of ROLES) {
        const context = method === 'GET' ? shared : (untouched ??= await freshGroup());
        const url = path
          .replace('{groupId}', context.groupId).replace('{leagueId}', context.leagueId)
          .replace('{matchId}', context.matchId).replace('{userId}', context.memberId)
          .replace('{teamId}', context.teamId).replace('{alias}', 'matrix%20alias').replace('{questionId}', context.questionId)
          .replace('{postId}', context.postId).replace('{reaction}', 'ball').replace('{reportId}', '00000000-0000-4000-8000-000000000000').replace('{action}', 'pause');
        const response = entry.stream ? await callStream(role, url) : await call(role, method, url, entry.body?.(context));
        const id = (() => { try { return response.json()?.error?.id as string | undefined; } catch { return undefined; } })();
        const denied = response.statusCode === 401 || response.statusCode === 403 || (response.statusCode === 404 && id === 'group_not_found');
        const shouldAllow = ALLOWED[entry.level].includes(role);
        if (!denied) untouched = undefined;
        if (denied === shouldAllow) failures.push(`${route} as ${role}: ${response.statusCode} ${id ?? ''} (expected ${shouldAllow ? 'allowed' : 'denied'})`);
      }
    }
    expect(failures).toEqual([]);
  }, 240_000); // ~130 routes × 6 roles: 23 s alone on a slow day of the 2-core VM

  it('refuses non-administrators on every admin route before reading its input (an invalid body or query never gets a 400)', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.includes('/api/admin/'))) {
      const [method, path] = route.split(' ') as [string, string];
      const url = `${path.replace(/\{[^}]+\}/g, 'not-an-id')}?sort=bogus&page=-1`;
      for (const role of ['guest', 'outsider', 'member'] as const) {
        const response = await call(role, method, url, method === 'GET' || method === 'DELETE' ? undefined : { bogus: true });
        if (response.statusCode !== (role === 'guest' ? 401 : 403)) failures.push(`${route} as ${role}: ${response.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

