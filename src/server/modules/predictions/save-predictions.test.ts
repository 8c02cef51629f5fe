/**
 * Saving a round in one request over HTTP on a real database: each item on its own, the deadline checked
 * inside the write, the copy to the viewer's other groups of the league, and bad input refused whole.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { createUser, type TestUser } from '../../../../tests/helpers/users';
import { groups, matches, predictions } from '../../db/schema';
import { rowsOf } from '../../db/client';
import { seedDemoIfEmpty } from '../demo/seed';

describe(`PUT /api/groups/:groupId/predictions (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let ana: TestUser;
  let bruno: TestUser;
  let leagueId: string;
  let open: { id: string }[];
  let finishedId: string;

  const as = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });
  const createGroup = async (user: TestUser, name: string) => (await as(user, 'POST', '/api/groups', { name, leagueId })).json().group.id as string;
  const saved = (groupId: string, userId?: string) =>
    t.database.db.select().from(predictions).where(userId ? and(eq(predictions.groupId, groupId), eq(predictions.userId, userId)) : eq(predictions.groupId, groupId));

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoIfEmpty(t.database.db, new Date());
    [ana, bruno] = await Promise.all([createUser(t, { username: 'ana' }), createUser(t, { username: 'bruno' })]);
    leagueId = (await t.app.inject({ method: 'GET', url: '/api/leagues' })).json().leagues[0].id;
    open = await t.database.db.select({ id: matches.id }).from(matches)
      .where(and(eq(matches.status, 'scheduled'), gt(matches.kickoff, new Date(Date.now() + 2 * 86_400_000)))).orderBy(matches.kickoff).limit(4);
    const [finished] = await t.database.db.select({ id: matches.id }).from(matches).where(eq(matches.status, 'finished')).limit(1);
    finishedId = finished!.id;
  });
  afterAll(async () => t?.close());

  it('saves the open matches of a round and rejects a finished and an unknown match on their own', async () => {
    const groupId = await createGroup(ana, 'Round pool');
    const unknown = '00000000-0000-4000-8000-000000000000';
    const response = await as(ana, 'PUT', `/api/groups/${groupId}/predictions`, {
      predictions: [
        { matchId: open[0]!.id, homeGoals: 2, awayGoals: 1 },
        { matchId: finishedId, homeGoals: 1, awayGoals: 1 },
        { matchId: open[1]!.id, homeGoals: 0, awayGoals: 0 },
        { matchId: unknown, homeGoals: 3, awayGoals: 3 },
      ],
    });
    expect(response.statusCode).toBe(200);
    const { results, otherGroupIds } = response.json();
    expect(results.map((r: { matchId: string; status: string }) => [r.matchId, r.status])).toEqual([
      [open[0]!.id, 'saved'], [finishedId, 'rejected'], [open[1]!.id, 'saved'], [unknown, 'rejected'],
    ]);
    expect(results[0].prediction).toMatchObject({ homeGoals: 2, awayGoals: 1, points: null });
    expect(results[1].error).toMatchObject({ id: 'prediction_closed', started: true, message: 'This match has already started. Predictions are closed.' });
    expect(results[3].error).toMatchObject({ id: 'match_not_found' });
    expect(otherGroupIds).toEqual([]);
    const rows = await saved(groupId);
    expect(rows.map((row) => [row.matchId, row.homeGoals, row.awayGoals]).sort()).toEqual(
      [[open[0]!.id, 2, 1], [open[1]!.id, 0, 0]].sort(),
    );
  });

  it('takes a match id written in capitals as the same match, and answers with it in lower case', async () => {
    const groupId = await createGroup(ana, 'Capitals pool');
    const response = await as(ana, 'PUT', `/api/groups/${groupId.toUpperCase()}/predictions`, {
      predictions: [{ matchId: open[2]!.id.toUpperCase(), homeGoals: 4, awayGoals: 2 }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().results).toEqual([expect.objectContaining({ matchId: open[2]!.id, status: 'saved', prediction: expect.objectContaining({ homeGoals: 4, awayGoals: 2 }) })]);
    expect((await saved(groupId)).map((row) => [row.matchId, row.homeGoals, row.awayGoals])).toEqual([[open[2]!.id, 4, 2]]);
  });

  it('replaces an earlier prediction, and says "closed" (not started) inside the 15 minutes', async () => {
    const groupId = await createGroup(ana, 'Replace pool');
    await as(ana, 'PUT', `/api/groups/${groupId}/predictions`, { predictions: [{ matchId: open[2]!.id, homeGoals: 1, awayGoals: 0 }] });
    const again = await as(ana, 'PUT', `/api/groups/${groupId}/predictions`, { predictions: [{ matchId: open[2]!.id, homeGoals: 4, awayGoals: 4 }] });
    expect(again.json().results[0]).toMatchObject({ status: 'saved', prediction: { homeGoals: 4, awayGoals: 4 } });
    expect((await saved(groupId)).map((row) => [row.homeGoals, row.awayGoals])).toEqual([[4, 4]]);

    const [soon] = await t.database.db.select({ id: matches.id }).from(matches).where(eq(matches.status, 'scheduled')).orderBy(matches.kickoff).limit(1).offset(10);
    await t.database.db.update(matches).set({ kickoff: new Date(Date.now() + 10 * 60_000) }).where(eq(matches.id, soon!.id));
    const closing = await as(ana, 'PUT', `/api/groups/${groupId}/predictions`, { predictions: [{ matchId: soon!.id, homeGoals: 1, awayGoals: 1 }] });
    expect(closing.json().results[0].error).toMatchObject({ id: 'prediction_closed', started: false, message: 'Predictions are closed within 15 minutes of match start.' });
  });

  it('also saves in my other active groups of the league when asked, and never in groups I left out', async () => {
    const main = await createGroup(bruno, 'Main pool');
    const other = await createGroup(bruno, 'Other pool');
    const inactive = await createGroup(bruno, 'Old pool');
    const anas = await createGroup(ana, 'Ana only');
    await t.database.db.update(groups).set({ status: 'deactivated' }).where(eq(groups.id, inactive));
    const body = { predictions: [{ matchId: open[3]!.id, homeGoals: 3, awayGoals: 2 }] };

    const plain = await as(bruno, 'PUT', `/api/groups/${main}/predictions`, body);
    expect(plain.json().otherGroupIds).toEqual([]);
    expect(await saved(other)).toHaveLength(0);

    const everywhere = await as(bruno, 'PUT', `/api/groups/${main}/predictions`, { ...body, applyToOtherGroups: true });
    expect(everywhere.json().otherGroupIds).toEqual([other]);
    expect((await saved(other)).map((row) => [row.matchId, row.homeGoals, row.awayGoals])).toEqual([[open[3]!.id, 3, 2]]);
    expect(await saved(inactive)).toHaveLength(0);
    expect(await saved(anas)).toHaveLength(0);
  });

  it('refuses a request with a match twice, too many items, negative goals or none at all, writing nothing', async () => {
    const groupId = await createGroup(ana, 'Strict pool');
    const item = { matchId: open[0]!.id, homeGoals: 1, awayGoals: 0 };
    for (const payload of [
      { predictions: [item, { ...item, homeGoals: 2 }] },
      { predictions: [item, { ...item, matchId: item.matchId.toUpperCase(), homeGoals: 2 }] },
      { predictions: Array.from({ length: 101 }, () => item) },
      { predictions: [{ ...item, homeGoals: -1 }] },
      { predictions: [] },
      {},
    ]) {
      const response = await as(ana, 'PUT', `/api/groups/${groupId}/predictions`, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.id).toBe('validation_failed');
    }
    expect(await saved(groupId)).toHaveLength(0);
  });

  it('keeps non-members and deactivated groups out', async () => {
    const groupId = await createGroup(ana, 'Private pool');
    const outsider = await as(bruno, 'PUT', `/api/groups/${groupId}/predictions`, { predictions: [{ matchId: open[0]!.id, homeGoals: 1, awayGoals: 0 }] });
    expect(outsider.statusCode).toBe(404);
    await t.database.db.update(groups).set({ status: 'deactivated' }).where(eq(groups.id, groupId));
    const inactive = await as(ana, 'PUT', `/api/groups/${groupId}/predictions`, { predictions: [{ matchId: open[0]!.id, homeGoals: 1, awayGoals: 0 }] });
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json().error.id).toBe('group_inactive');
    // Asked to apply to my other groups too, a request refused for its own group writes nothing anywhere.
    const mine = await createGroup(bruno, 'Bruno elsewhere');
    const refused = await as(bruno, 'PUT', `/api/groups/${groupId}/predictions`, { predictions: [{ matchId: open[1]!.id, homeGoals: 3, awayGoals: 3 }], applyToOtherGroups: true });
    expect(refused.statusCode).toBe(404);
    const written = await t.database.db.select().from(predictions).where(and(eq(predictions.groupId, mine), eq(predictions.matchId, open[1]!.id)));
    expect(written).toEqual([]);
  });

  it('never writes a prediction after the close, even for requests that arrived before it', async () => {
    const groupId = await createGroup(ana, 'Race pool');
    const [match] = await t.database.db.select({ id: matches.id }).from(matches).where(eq(matches.status, 'scheduled')).orderBy(matches.kickoff).limit(1).offset(12);
    const deadline = Date.now() + 1_000;
    await t.database.db.update(matches).set({ kickoff: new Date(deadline + 15 * 60_000) }).where(eq(matches.id, match!.id));
    // Keep saving until well past the close: requests straddle the deadline.
    const statuses: string[] = [];
    while (Date.now() < deadline + 300) {
      const response = await as(ana, 'PUT', `/api/groups/${groupId}/predictions`, { predictions: [{ matchId: match!.id, homeGoals: statuses.length % 10, awayGoals: 0 }] });
      statuses.push(response.json().results[0].status);
    }
    expect(statuses).toContain('saved');
    expect(statuses).toContain('rejected');
    expect(statuses.at(-1)).toBe('rejected');
    const late = rowsOf<{ n: number }>(await t.database.db.execute(sql`
      select count(*)::int as n from predictions p join matches m on m.id = p.match_id
       where p.group_id = ${groupId} and p.updated_at >= m.kickoff - interval '15 minutes'`));
    expect(late[0]?.n).toBe(0);
  });
});
