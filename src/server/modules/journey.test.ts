/**
 * The main journey over HTTP on a real database: a league is loaded, two people register and confirm
 * their email, one creates a group and the other joins by invite code, both predict, results arrive,
 * points are scored and the ranking shows it. Plus the guards: members only, the deadline, validation,
 * admin-only results.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../tests/helpers/app';
import { createUser, type TestUser } from '../../../tests/helpers/users';
import { matches } from '../db/schema';
import { seedDemoIfEmpty } from './demo/seed';

describe(`journey: league → register → group → predict → score → rank (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let ana: TestUser;
  let bruno: TestUser;
  let carla: TestUser;
  let leagueId: string;
  let groupId: string;
  let inviteCode: string;
  let openMatchId: string;
  let finishedMatchId: string;

  const as = (user: TestUser | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: user ? { cookie: user.cookie } : {} });

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: 'Boss@Example.com' });
    await seedDemoIfEmpty(t.database.db, new Date());
    [admin, ana, bruno, carla] = await Promise.all([
      createUser(t, { email: 'boss@example.com', username: 'boss' }),
      createUser(t, { username: 'ana' }),
      createUser(t, { username: 'bruno' }),
      createUser(t, { username: 'carla' }),
    ]);
  });
  afterAll(async () => t?.close());

  it('lists leagues and their matches without signing in', async () => {
    const leagues = await as(null, 'GET', '/api/leagues');
    expect(leagues.statusCode).toBe(200);
    const demo = leagues.json().leagues.find((l: { name: string }) => l.name === 'Palpite Demo League');
    expect(demo).toMatchObject({ kind: 'league', matchCount: 56 });
    leagueId = demo.id;
    const list = await as(null, 'GET', `/api/leagues/${leagueId}/matches`);
    expect(list.statusCode).toBe(200);
    const all = list.json().matches as { id: string; status: string; kickoff: string; deadline: string }[];
    expect(all).toHaveLength(56);
    const open = all.find((m) => m.status === 'scheduled' && Date.parse(m.deadline) > Date.now() + 60 * 60_000);
    const finished = all.find((m) => m.status === 'finished');
    expect(open && finished).toBeTruthy();
    openMatchId = open!.id;
    finishedMatchId = finished!.id;
    expect(Date.parse(open!.kickoff) - Date.parse(open!.deadline)).toBe(15 * 60_000);
  });

  it('gives ADMIN_EMAILS the Platform Administrator role and others Regular User', async () => {
    expect((await as(admin, 'GET', '/api/me')).json().user).toMatchObject({ username: 'boss', role: 'Platform Administrator' });
    expect((await as(ana, 'GET', '/api/me')).json().user).toMatchObject({ username: 'ana', role: 'Regular User' });
  });

  it('lets a member create a group with an invite code', async () => {
    const response = await as(ana, 'POST', '/api/groups', { name: 'Office pool', leagueId, visibility: 'private', color: 'blue' });
    expect(response.statusCode).toBe(201);
    const { group } = response.json();
    expect(group).toMatchObject({ name: 'Office pool', visibility: 'private', color: 'blue', status: 'active', memberCount: 1, myRole: 'owner' });
    expect(group.inviteCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    groupId = group.id;
    inviteCode = group.inviteCode;
  });

  it('rejects a group on an unknown league and a malformed group', async () => {
    const unknown = await as(ana, 'POST', '/api/groups', { name: 'Nope', leagueId: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.id).toBe('league_not_found');
    const bad = await as(ana, 'POST', '/api/groups', { name: 'x', leagueId, color: 'plaid' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.id).toBe('validation_failed');
  });

  it('hides a private group from non-members (404)', async () => {
    for (const url of [`/api/groups/${groupId}`, `/api/groups/${groupId}/matches`, `/api/groups/${groupId}/ranking`]) {
      const response = await as(carla, 'GET', url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json().error.id).toBe('group_not_found');
    }
    const predict = await as(carla, 'PUT', `/api/groups/${groupId}/predictions/${openMatchId}`, { homeGoals: 1, awayGoals: 0 });
    expect(predict.statusCode).toBe(404);
  });

  it('answers 403 to non-members of a public group', async () => {
    const created = await as(ana, 'POST', '/api/groups', { name: 'Open league', leagueId, visibility: 'public' });
    const response = await as(carla, 'GET', `/api/groups/${created.json().group.id}/ranking`);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.id).toBe('forbidden');
  });

  it('refuses signed-out callers with 401', async () => {
    expect((await as(null, 'GET', `/api/groups/${groupId}`)).statusCode).toBe(401);
    expect((await as(null, 'POST', '/api/groups/join', { inviteCode })).statusCode).toBe(401);
  });

  it('lets a friend join by invite code, however they type it', async () => {
    const typed = `${inviteCode.slice(0, 4).toLowerCase()}-${inviteCode.slice(4)} `;
    const response = await as(bruno, 'POST', '/api/groups/join', { inviteCode: typed });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ group: { id: groupId, myRole: 'member', memberCount: 2 }, alreadyMember: false });
    expect(response.json().group.inviteCode).toBeNull(); // the code is for the owner and admins
    // joining again changes nothing, and says so ('You are already a member')
    const again = await as(bruno, 'POST', '/api/groups/join', { inviteCode });
    expect(again.json()).toMatchObject({ group: { memberCount: 2 }, alreadyMember: true });
    const mine = await as(bruno, 'GET', '/api/groups');
    expect(mine.json().groups.map((g: { id: string }) => g.id)).toEqual([groupId]);
  });

  it('rejects an unknown or malformed invite code', async () => {
    const unknown = await as(carla, 'POST', '/api/groups/join', { inviteCode: 'ZZZZZZZZ' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.id).toBe('invalid_invite_code');
    const malformed = await as(carla, 'POST', '/api/groups/join', { inviteCode: 'abc' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.id).toBe('validation_failed');
  });

  it('takes predictions from members before the deadline and shows each member only their own', async () => {
    const a = await as(ana, 'PUT', `/api/groups/${groupId}/predictions/${openMatchId}`, { homeGoals: 2, awayGoals: 1 });
    expect(a.statusCode).toBe(200);
    expect(a.json().prediction).toMatchObject({ homeGoals: 2, awayGoals: 1, points: null, outcome: null });
    // a second PUT replaces the first
    await as(bruno, 'PUT', `/api/groups/${groupId}/predictions/${openMatchId}`, { homeGoals: 0, awayGoals: 0 });
    const b = await as(bruno, 'PUT', `/api/groups/${groupId}/predictions/${openMatchId}`, { homeGoals: 0, awayGoals: 3 });
    expect(b.statusCode).toBe(200);
    const list = await as(bruno, 'GET', `/api/groups/${groupId}/matches`);
    expect(list.statusCode).toBe(200);
    const match = list.json().matches.find((m: { id: string }) => m.id === openMatchId);
    expect(match).toMatchObject({ open: true, myPrediction: { homeGoals: 0, awayGoals: 3 } });
    expect(list.json().matches.filter((m: { myPrediction: unknown }) => m.myPrediction)).toHaveLength(1);
  });

  it.each([
    [{ homeGoals: 100, awayGoals: 0 }],
    [{ homeGoals: -1, awayGoals: 0 }],
    [{ homeGoals: 1.5, awayGoals: 0 }],
    [{ homeGoals: '2', awayGoals: 0 }],
    [{ homeGoals: 1 }],
  ])('rejects a malformed prediction %j with 400 validation_failed', async (body) => {
    const response = await as(ana, 'PUT', `/api/groups/${groupId}/predictions/${openMatchId}`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.id).toBe('validation_failed');
  });

  it('refuses a prediction after the deadline with 409 prediction_closed', async () => {
    const late = await as(ana, 'PUT', `/api/groups/${groupId}/predictions/${finishedMatchId}`, { homeGoals: 1, awayGoals: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.id).toBe('prediction_closed');
    // a scheduled match kicking off in 10 minutes is inside the 15-minute window
    const [soon] = await t.database.db.select({ id: matches.id }).from(matches)
      .where(eq(matches.status, 'scheduled')).limit(2).offset(1);
    await t.database.db.update(matches).set({ kickoff: new Date(Date.now() + 10 * 60_000) }).where(eq(matches.id, soon!.id));
    const closing = await as(ana, 'PUT', `/api/groups/${groupId}/predictions/${soon!.id}`, { homeGoals: 1, awayGoals: 1 });
    expect(closing.statusCode).toBe(409);
    expect(closing.json().error.id).toBe('prediction_closed');
    const list = await as(ana, 'GET', `/api/groups/${groupId}/matches`);
    expect(list.json().matches.find((m: { id: string }) => m.id === soon!.id).open).toBe(false);
  });

  it('refuses a match from another league with 404 match_not_found', async () => {
    const response = await as(ana, 'PUT', `/api/groups/${groupId}/predictions/00000000-0000-4000-8000-000000000000`, { homeGoals: 1, awayGoals: 1 });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.id).toBe('match_not_found');
  });

  it('lets only platform administrators set results', async () => {
    const response = await as(ana, 'PUT', `/api/admin/matches/${openMatchId}/result`, { status: 'finished', homeGoals: 2, awayGoals: 1 });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.id).toBe('forbidden');
    const bad = await as(admin, 'PUT', `/api/admin/matches/${openMatchId}/result`, { status: 'finished', homeGoals: 2 });
    expect(bad.statusCode).toBe(400);
  });

  it('scores predictions when the result arrives and the ranking shows it', async () => {
    const result = await as(admin, 'PUT', `/api/admin/matches/${openMatchId}/result`, { status: 'finished', homeGoals: 2, awayGoals: 1, beforeKickoff: true });
    expect(result.statusCode).toBe(200);
    expect(result.json()).toMatchObject({ rescored: 2, match: { status: 'finished', homeGoals: 2, awayGoals: 1 } });
    const ranking = await as(bruno, 'GET', `/api/groups/${groupId}/ranking`);
    expect(ranking.statusCode).toBe(200);
    expect(ranking.json().ranking).toEqual([
      { rank: 1, userId: expect.any(String), username: 'ana', avatarUrl: expect.stringMatching(/^\/api\/users\/.+\/avatar$/), points: 10, exact: 1, goalDifference: 0, winner: 0, opposite: 0, predictions: 1, bonus: 0, jokers: 0, movement: 0 },
      { rank: 2, userId: expect.any(String), username: 'bruno', avatarUrl: expect.stringMatching(/^\/api\/users\/.+\/avatar$/), points: -2, exact: 0, goalDifference: 0, winner: 0, opposite: 1, predictions: 1, bonus: 0, jokers: 0, movement: -1 }, // level before this round
    ]);
    const mine = await as(ana, 'GET', `/api/groups/${groupId}/matches`);
    expect(mine.json().matches.find((m: { id: string }) => m.id === openMatchId)).toMatchObject({
      open: false, status: 'finished', myPrediction: { points: 10, outcome: 'exact' },
    });
  });

  it('re-scores when a result changes, and voids a postponed match', async () => {
    await as(admin, 'PUT', `/api/admin/matches/${openMatchId}/result`, { status: 'finished', homeGoals: 0, awayGoals: 2, beforeKickoff: true });
    let ranking = (await as(ana, 'GET', `/api/groups/${groupId}/ranking`)).json().ranking;
    expect(ranking.map((r: { username: string; points: number; rank: number }) => [r.username, r.points, r.rank])).toEqual([
      ['bruno', 3, 1], ['ana', -2, 2],
    ]);
    await as(admin, 'PUT', `/api/admin/matches/${openMatchId}/result`, { status: 'postponed' });
    ranking = (await as(ana, 'GET', `/api/groups/${groupId}/ranking`)).json().ranking;
    expect(ranking.map((r: { username: string; points: number; rank: number }) => [r.username, r.points, r.rank])).toEqual([
      ['ana', 0, 1], ['bruno', 0, 1],
    ]);
    const mine = await as(ana, 'GET', `/api/groups/${groupId}/matches`);
    expect(mine.json().matches.find((m: { id: string }) => m.id === openMatchId).myPrediction).toMatchObject({ points: null, outcome: 'void' });
  });
});
