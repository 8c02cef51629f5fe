/**
 * Others' predictions over HTTP on a real database: before a match closes only the count leaves the
 * server (on every route that returns predictions); from the close on, everyone's prediction and points;
 * a member's history lists closed matches only; postponed matches stay hidden.
 */
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { createUser, type TestUser } from '../../../../tests/helpers/users';
import { matches, profiles, user } from '../../db/schema';
import { setMatchResult } from '../admin/service';
import { seedDemoIfEmpty } from '../demo/seed';
import { carriesSecretPrediction, fillPath, getBody, getOperations, SECRET_SCORE } from './open-prediction-probe';

/** Ana's answer to an open bonus question: a number no other response holds. */
const SECRET_BONUS_ANSWER = 86_137;

describe(`others' predictions (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let ana: TestUser;
  let bruno: TestUser;
  let carla: TestUser;
  let groupId: string;
  let anaId: string;
  let upcoming: { id: string }[];

  const as = (who: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });
  const predict = (who: TestUser, matchId: string, homeGoals: number, awayGoals: number) =>
    as(who, 'PUT', `/api/groups/${groupId}/predictions`, { predictions: [{ matchId, homeGoals, awayGoals }] });
  const closeNow = (matchId: string) => t.database.db.update(matches).set({ kickoff: new Date(Date.now() + 10 * 60_000) }).where(eq(matches.id, matchId));

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoIfEmpty(t.database.db, new Date());
    [ana, bruno, carla] = await Promise.all([createUser(t, { username: 'ana' }), createUser(t, { username: 'bruno' }), createUser(t, { username: 'carla' })]);
    const leagueId = (await t.app.inject({ method: 'GET', url: '/api/leagues' })).json().leagues[0].id;
    const created = (await as(ana, 'POST', '/api/groups', { name: 'Secret pool', leagueId })).json().group;
    groupId = created.id;
    await as(bruno, 'POST', '/api/groups/join', { inviteCode: created.inviteCode });
    const [row] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, ana.email));
    anaId = row!.id;
    upcoming = await t.database.db.select({ id: matches.id }).from(matches)
      .where(and(eq(matches.status, 'scheduled'), gt(matches.kickoff, new Date(Date.now() + 2 * 86_400_000)))).orderBy(matches.kickoff).limit(4);
  });
  afterAll(async () => t?.close());

  it('shows only the count of an open match, on every route that returns predictions', async () => {
    const matchId = upcoming[0]!.id;
    await predict(ana, matchId, SECRET_SCORE.homeGoals, SECRET_SCORE.awayGoals); // a score that would stand out in any response
    await predict(bruno, matchId, 1, 0);
    const detail = await as(bruno, 'GET', `/api/groups/${groupId}/matches/${matchId}/predictions`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ revealed: false, predictionCount: 2, memberCount: 2, predictions: [] });
    const list = await as(bruno, 'GET', `/api/groups/${groupId}/matches`);
    expect(list.json().matches.find((m: { id: string }) => m.id === matchId)).toMatchObject({ predictionCount: 2, myPrediction: { homeGoals: 1, awayGoals: 0 } });
    for (const url of [
      `/api/groups/${groupId}`, `/api/groups/${groupId}/matches`, `/api/groups/${groupId}/ranking`,
      `/api/groups/${groupId}/matches/${matchId}/predictions`, `/api/groups/${groupId}/members/${anaId}/predictions`, '/api/groups',
    ]) {
      const response = await as(bruno, 'GET', url);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
      expect(carriesSecretPrediction(response.body), url).toBe(false);
    }
  });

  it('never sends an open match\'s prediction of someone else on any GET route of the API, to a member, an outsider or an administrator', async () => {
    const matchId = upcoming[0]!.id; // ana predicted it SECRET_SCORE above; it is still open
    const leagueId = (await t.app.inject({ method: 'GET', url: '/api/leagues' })).json().leagues[0].id as string;
    const [carlaRow] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, carla.email));
    await t.database.db.update(profiles).set({ role: 'Platform Administrator' }).where(eq(profiles.userId, carlaRow!.id));
    const outsider = await createUser(t, { username: 'dora' });
    // Every GET operation of the API's own document, its path parameters filled with real ids. A route
    // whose parameter is not known here fails the test: add the value, so the route is checked too.
    const values: Record<string, string> = { groupId, matchId, userId: anaId, leagueId, teamId: '00000000-0000-4000-8000-000000000000' };
    // And ana's answer to an open bonus question: SECRET_BONUS_ANSWER, never sent to anyone else while open.
    const question = await as(ana, 'POST', `/api/groups/${groupId}/bonus/questions`, {
      text: 'Goals in the season?', answer: 'number', subject: { kind: 'admin' }, points: 5, closesAt: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(question.statusCode).toBe(201);
    await as(ana, 'PUT', `/api/groups/${groupId}/bonus/questions/${question.json().ids[0]}/answer`, { answer: { kind: 'number', value: SECRET_BONUS_ANSWER } });
    expect((await as(ana, 'GET', `/api/groups/${groupId}/bonus`)).body).toContain(`"value":${SECRET_BONUS_ANSWER}`);
    // And ana's joker on that open prediction: no one else learns of it (a mark, a count, one fewer left).
    expect((await as(ana, 'PUT', `/api/groups/${groupId}/scoring`, { preset: 'palpite', jokers: { mode: 'double', perSeason: 2 } })).statusCode).toBe(200);
    expect((await as(ana, 'PUT', `/api/groups/${groupId}/jokers/${matchId}`, {})).json().jokers).toMatchObject({ left: 1 });
    const operations = await getOperations(t.app);
    expect(operations.length).toBeGreaterThan(20);
    const checked: string[] = [];
    for (const { path, stream } of operations) {
      if (stream) continue; // event streams never end on their own: revealed-streams.test.ts reads them
      const url = fillPath(path, values);
      for (const [who, viewer] of [['member', bruno], ['outsider', outsider], ['administrator', carla]] as const) {
        const response = await getBody(t.app, url, { cookie: viewer.cookie });
        expect(response.status, `${who} GET ${url}`).toBeLessThan(500);
        expect(carriesSecretPrediction(response.body), `${who} GET ${url}`).toBe(false);
        // As an answer's value (a bare substring also matched a random id: 86137c91-…).
        expect(response.body, `${who} GET ${url}`).not.toMatch(new RegExp(`"value":\\s*${SECRET_BONUS_ANSWER}\\b`));
        expect(response.body, `${who} GET ${url}`).not.toMatch(/"joker":true|"jokers":1|"left":1/);
      }
      checked.push(path);
    }
    // The routes that return predictions are among those checked.
    expect(checked).toEqual(expect.arrayContaining([
      '/api/groups/{groupId}/matches/{matchId}/predictions', '/api/groups/{groupId}/members/{userId}/predictions', '/api/groups/{groupId}/matches', '/api/home', '/api/groups/{groupId}/bonus',
      '/api/groups/{groupId}/jokers', '/api/groups/{groupId}/ranking', '/api/groups/{groupId}/export/predictions.csv', '/api/groups/{groupId}/wall',
    ]));
  });

  it("reveals everyone's prediction from the close on, and their points once scored", async () => {
    const matchId = upcoming[1]!.id;
    await predict(ana, matchId, 2, 1);
    await predict(bruno, matchId, 0, 2);
    await closeNow(matchId);
    const closed = (await as(bruno, 'GET', `/api/groups/${groupId}/matches/${matchId}/predictions`)).json();
    expect(closed.revealed).toBe(true);
    expect(closed.predictions.map((p: { username: string; homeGoals: number; awayGoals: number }) => [p.username, p.homeGoals, p.awayGoals]))
      .toEqual([['ana', 2, 1], ['bruno', 0, 2]]);
    await setMatchResult(t.database.db, matchId, { status: 'finished', homeGoals: 2, awayGoals: 1 });
    const scored = (await as(bruno, 'GET', `/api/groups/${groupId}/matches/${matchId}/predictions`)).json();
    expect(scored.predictions.map((p: { username: string; points: number; outcome: string }) => [p.username, p.points, p.outcome]))
      .toEqual([['ana', 10, 'exact'], ['bruno', -2, 'opposite']]);
  });

  it("lists a member's predictions of closed matches only", async () => {
    const history = await as(bruno, 'GET', `/api/groups/${groupId}/members/${anaId}/predictions`);
    expect(history.statusCode).toBe(200);
    const body = history.json();
    expect(body.member).toEqual({ userId: anaId, username: 'ana' });
    expect(body.predictions.map((p: { match: { id: string } }) => p.match.id)).toEqual([upcoming[1]!.id]);
    expect(body.predictions[0].prediction).toMatchObject({ homeGoals: 2, awayGoals: 1, points: 10 });
  });

  it('keeps a postponed match hidden (it may reopen)', async () => {
    const matchId = upcoming[2]!.id;
    await predict(ana, matchId, 3, 3);
    await setMatchResult(t.database.db, matchId, { status: 'postponed' });
    const detail = (await as(bruno, 'GET', `/api/groups/${groupId}/matches/${matchId}/predictions`)).json();
    expect(detail).toMatchObject({ revealed: false, predictionCount: 1, predictions: [] });
    const history = (await as(bruno, 'GET', `/api/groups/${groupId}/members/${anaId}/predictions`)).json();
    expect(history.predictions.map((p: { match: { id: string } }) => p.match.id)).not.toContain(matchId);
  });

  it('keeps non-members out and answers an unknown member or match with 404', async () => {
    const outsider = await as(carla, 'GET', `/api/groups/${groupId}/matches/${upcoming[1]!.id}/predictions`);
    expect(outsider.statusCode).toBe(404);
    expect((await as(carla, 'GET', `/api/groups/${groupId}/members/${anaId}/predictions`)).statusCode).toBe(404);
    expect((await as(bruno, 'GET', `/api/groups/${groupId}/members/nobody/predictions`)).json().error.id).toBe('not_found');
    expect((await as(bruno, 'GET', `/api/groups/${groupId}/matches/00000000-0000-4000-8000-000000000000/predictions`)).json().error.id).toBe('match_not_found');
  });
});
