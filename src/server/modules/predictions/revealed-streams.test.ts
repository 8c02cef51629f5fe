/**
 * Others' predictions on the event streams (Server-Sent Events) over HTTP on a real database: every stream
 * the OpenAPI document declares, opened as a member, an outsider and a platform administrator while a match
 * is open and another member has predicted it, hears the events that predictions, live scores, fixture
 * changes, a rescore of the open match, a resumption and a sign-out cause — and none of them carries that
 * prediction. revealed.test.ts walks the JSON operations the same way.
 */
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { openEventStream, type EventStream, type StreamEvent } from '../../../../tests/helpers/event-stream';
import { createUser, type TestUser } from '../../../../tests/helpers/users';
import { matches, profiles, user } from '../../db/schema';
import { seedDemoIfEmpty } from '../demo/seed';
import { carriesSecretPrediction, fillPath, getOperations, SECRET_SCORE } from './open-prediction-probe';
import { listenLocally } from '../../../../tests/helpers/listen';

describe(`others' predictions on the event streams (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let base: string;
  let ana: TestUser;
  let bruno: TestUser;
  let carla: TestUser;
  let dora: TestUser;
  let anaId: string;
  let leagueId: string;
  let groupId: string;
  let openMatchId: string;
  let otherMatchId: string;
  /** Every stream opened, with who opened which URL. */
  const opened: { label: string; url: string; viewer: TestUser; stream: EventStream }[] = [];

  const as = (who: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });
  const predict = (who: TestUser, matchId: string, homeGoals: number, awayGoals: number) =>
    as(who, 'PUT', `/api/groups/${groupId}/predictions`, { predictions: [{ matchId, homeGoals, awayGoals }] });
  const open = async (label: string, viewer: TestUser, url: string, headers: Record<string, string> = {}) => {
    const entry = { label, url, viewer, stream: await openEventStream(`${base}${url}`, { cookie: viewer.cookie, ...headers }) };
    opened.push(entry);
    return entry;
  };
  const isMatch = (matchId: string, homeGoals: number | null) => (event: StreamEvent) =>
    event.event === 'match' && (event.data as { matchId: string }).matchId === matchId && (event.data as { homeGoals: number | null }).homeGoals === homeGoals;

  beforeAll(async () => {
    t = await createTestApp({ LIVE_RECHECK_MS: '200' });
    await seedDemoIfEmpty(t.database.db, new Date());
    [ana, bruno, carla, dora] = await Promise.all([
      createUser(t, { username: 'ana' }), createUser(t, { username: 'bruno' }), createUser(t, { username: 'carla' }), createUser(t, { username: 'dora' }),
    ]);
    leagueId = (await t.app.inject({ method: 'GET', url: '/api/leagues' })).json().leagues[0].id;
    const created = (await as(ana, 'POST', '/api/groups', { name: 'Secret pool', leagueId })).json().group;
    groupId = created.id;
    await as(bruno, 'POST', '/api/groups/join', { inviteCode: created.inviteCode });
    // The outsider and the administrator play in pools of their own on the same league: /api/events then
    // follows its matches for them too, and the secret pool's stream is not theirs.
    await as(dora, 'POST', '/api/groups', { name: 'Other pool', leagueId });
    await as(carla, 'POST', '/api/groups', { name: 'Admin pool', leagueId });
    const [anaRow] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, ana.email));
    anaId = anaRow!.id;
    const [carlaRow] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, carla.email));
    await t.database.db.update(profiles).set({ role: 'Platform Administrator' }).where(eq(profiles.userId, carlaRow!.id));
    [{ id: openMatchId }, { id: otherMatchId }] = await t.database.db.select({ id: matches.id }).from(matches)
      .where(and(eq(matches.leagueId, leagueId), eq(matches.status, 'scheduled'), gt(matches.kickoff, new Date(Date.now() + 2 * 86_400_000))))
      .orderBy(matches.kickoff).limit(2) as [{ id: string }, { id: string }];
    expect((await predict(ana, openMatchId, SECRET_SCORE.homeGoals, SECRET_SCORE.awayGoals)).statusCode).toBe(200);
    expect((await predict(bruno, openMatchId, 1, 0)).statusCode).toBe(200);
    base = await listenLocally(t.app);
  });
  afterAll(async () => {
    for (const { stream } of opened) stream.close();
    await t?.close();
  });

  it("never sends an open match's prediction of someone else on any event stream, to a member, an outsider or an administrator", async () => {
    // Every event stream of the API's own document (revealed.test.ts fails on a stream it does not declare).
    const streams = (await getOperations(t.app)).filter((operation) => operation.stream).map((operation) => operation.path);
    expect(streams).toEqual(expect.arrayContaining(['/api/groups/{groupId}/events', '/api/events']));
    const values: Record<string, string> = { groupId, leagueId, matchId: openMatchId, userId: anaId };
    const viewers = [['member', bruno], ['outsider', dora], ['administrator', carla]] as const;
    const attempts = await Promise.all(streams.flatMap((path) => viewers.map(async ([who, viewer]) => {
      const url = fillPath(path, values);
      return { path, who, ...(await open(`${who} GET ${url}`, viewer, url)) };
    })));
    for (const { path, who, label, stream } of attempts) {
      if (who === 'member') expect(stream.status, label).toBe(200);
      // A pool's stream is its members' only; the document's other streams follow the viewer's own pools.
      if (who === 'outsider' && path.includes('{groupId}')) expect(stream.status, label).toBe(404);
      if (stream.status !== 200) expect(stream.status, label).toBeGreaterThanOrEqual(400);
    }
    const live = attempts.filter((entry) => entry.stream.status === 200);

    // While they are open: predictions saved and changed on the open match (its secret one kept), a live
    // score and a corrected one on another match, and a rescore of the open match itself.
    expect((await predict(ana, openMatchId, SECRET_SCORE.homeGoals, SECRET_SCORE.awayGoals + 1)).statusCode).toBe(200);
    expect((await predict(bruno, openMatchId, 2, 0)).statusCode).toBe(200);
    expect((await as(carla, 'PUT', `/api/admin/matches/${otherMatchId}/result`, { status: 'live', homeGoals: 1, awayGoals: 0, beforeKickoff: true })).statusCode).toBe(200);
    expect((await as(carla, 'PATCH', `/api/admin/matches/${otherMatchId}`, { result: { status: 'live', homeGoals: 2, awayGoals: 0, beforeKickoff: true }, reason: 'Goal given on review' })).statusCode).toBe(200);
    expect((await as(carla, 'POST', `/api/admin/matches/${openMatchId}/rescore`, { reason: 'Rules fixed' })).statusCode).toBe(200);
    const published = [isMatch(otherMatchId, 1), isMatch(otherMatchId, 2), isMatch(openMatchId, null)];
    await Promise.all(live.map(async ({ stream }) => {
      for (const event of published) await stream.next(event);
    }));

    // Resumed: the missed events replayed from the database, or `resync` when the resume point is unknown.
    await Promise.all(live.map(async ({ label, url, viewer, stream }) => {
      const replayed = await open(`${label} (resumed)`, viewer, url, { 'last-event-id': String(Number(stream.events[0]!.id) - 1) });
      for (const event of published) await replayed.stream.next(event);
      const resynced = await open(`${label} (resumed past the end)`, viewer, `${url}?lastEventId=${Number.MAX_SAFE_INTEGER}`);
      await resynced.stream.next((event) => event.event === 'resync');
    }));
    // Signed out: the administrator's streams hear `revoked`.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: carla.cookie, origin: 'http://localhost:3000' } })).statusCode).toBe(200);
    await Promise.all(opened.filter((entry) => entry.viewer === carla && entry.stream.status === 200).map(({ stream }) => stream.next((event) => event.event === 'revoked')));

    // The secret was there to leak all along: the match is still open and ana's own page shows her score.
    expect((await as(bruno, 'GET', `/api/groups/${groupId}/matches/${openMatchId}/predictions`)).json()).toMatchObject({ revealed: false, predictionCount: 2 });
    expect(carriesSecretPrediction((await as(ana, 'GET', `/api/groups/${groupId}/matches`)).body)).toBe(true);
    for (const { label, stream } of opened.filter((entry) => entry.stream.status === 200)) {
      expect(stream.events.length, label).toBeGreaterThan(0);
      for (const event of stream.events) expect(carriesSecretPrediction(JSON.stringify(event)), `${label}: ${JSON.stringify(event)}`).toBe(false);
    }
  });
});
