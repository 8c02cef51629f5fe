/**
 * A group's scoring rules over HTTP: chosen at creation, changed by the owner or an admin until the
 * group's first predictions close, refused after (409 scoring_locked), validated, and applied by scoring.
 */
import { and, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { createUser, type TestUser } from '../../../../tests/helpers/users';
import { matches } from '../../db/schema';
import { setMatchResult } from '../admin/service';
import { seedDemoIfEmpty } from '../demo/seed';

describe(`group scoring rules (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let ana: TestUser;
  let bruno: TestUser;
  let leagueId: string;
  let future: { id: string }[];

  const as = (who: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: who.cookie } });

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoIfEmpty(t.database.db, new Date());
    [ana, bruno] = await Promise.all([createUser(t, { username: 'ana' }), createUser(t, { username: 'bruno' })]);
    leagueId = (await t.app.inject({ method: 'GET', url: '/api/leagues' })).json().leagues[0].id;
    future = await t.database.db.select({ id: matches.id }).from(matches)
      .where(and(eq(matches.status, 'scheduled'), gt(matches.kickoff, new Date(Date.now() + 2 * 86_400_000)))).orderBy(matches.kickoff).limit(3);
  });
  afterAll(async () => t?.close());

  it('defaults to the Palpite 10/5/3/−2 preset on the 90-minute score', async () => {
    const group = (await as(ana, 'POST', '/api/groups', { name: 'Default rules', leagueId })).json().group;
    const rules = await as(ana, 'GET', `/api/groups/${group.id}/scoring`);
    expect(rules.json().scoring).toEqual({ preset: 'palpite', exact: 10, goalDifference: 5, winner: 3, opposite: -2, knockoutBasis: 'full_time', jokers: null, editable: true });
  });

  it('takes a preset or custom points at creation', async () => {
    const kicktipp = (await as(ana, 'POST', '/api/groups', { name: 'Kicktipp rules', leagueId, scoring: { preset: 'kicktipp', knockoutBasis: 'extra_time' } })).json().group;
    expect((await as(ana, 'GET', `/api/groups/${kicktipp.id}/scoring`)).json().scoring).toMatchObject({ preset: 'kicktipp', exact: 4, goalDifference: 3, winner: 2, opposite: 0, knockoutBasis: 'extra_time' });
    const custom = (await as(ana, 'POST', '/api/groups', { name: 'Custom rules', leagueId, scoring: { preset: 'custom', points: { exact: 6, goalDifference: 4, winner: 2, opposite: -1 } } })).json().group;
    expect((await as(ana, 'GET', `/api/groups/${custom.id}/scoring`)).json().scoring).toMatchObject({ preset: 'custom', exact: 6, goalDifference: 4, winner: 2, opposite: -1 });
  });

  it('refuses custom scoring without points, points out of order or out of range', async () => {
    for (const scoring of [
      { preset: 'custom' },
      { preset: 'custom', points: { exact: 3, goalDifference: 5, winner: 1, opposite: 0 } },
      { preset: 'custom', points: { exact: 1000, goalDifference: 5, winner: 1, opposite: 0 } },
      { preset: 'fantasy' },
    ]) {
      const response = await as(ana, 'POST', '/api/groups', { name: 'Bad rules', leagueId, scoring });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.id).toBe('validation_failed');
    }
  });

  it('lets the owner change them while open, not a member, and locks them once a prediction closes', async () => {
    const group = (await as(ana, 'POST', '/api/groups', { name: 'Changing rules', leagueId })).json().group;
    await as(bruno, 'POST', '/api/groups/join', { inviteCode: group.inviteCode });
    const byMember = await as(bruno, 'PUT', `/api/groups/${group.id}/scoring`, { preset: 'classic' });
    expect(byMember.statusCode).toBe(403);
    const byOwner = await as(ana, 'PUT', `/api/groups/${group.id}/scoring`, { preset: 'classic' });
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.json().scoring).toMatchObject({ preset: 'classic', exact: 3, goalDifference: 1, winner: 1, opposite: 0, editable: true });

    // A prediction on an open match keeps the rules editable; its close locks them.
    await as(bruno, 'PUT', `/api/groups/${group.id}/predictions`, { predictions: [{ matchId: future[0]!.id, homeGoals: 1, awayGoals: 0 }] });
    expect((await as(ana, 'GET', `/api/groups/${group.id}/scoring`)).json().scoring.editable).toBe(true);
    await t.database.db.update(matches).set({ kickoff: new Date(Date.now() + 10 * 60_000) }).where(eq(matches.id, future[0]!.id));
    expect((await as(ana, 'GET', `/api/groups/${group.id}/scoring`)).json().scoring.editable).toBe(false);
    const locked = await as(ana, 'PUT', `/api/groups/${group.id}/scoring`, { preset: 'palpite' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.id).toBe('scoring_locked');
    expect((await as(ana, 'GET', `/api/groups/${group.id}/scoring`)).json().scoring.preset).toBe('classic');

    // The group's own rules score its predictions: a right winner is 1 point under Classic.
    await setMatchResult(t.database.db, future[0]!.id, { status: 'finished', homeGoals: 3, awayGoals: 1 });
    const ranking = (await as(ana, 'GET', `/api/groups/${group.id}/ranking`)).json().ranking;
    expect(ranking.find((row: { username: string }) => row.username === 'bruno')).toMatchObject({ points: 1, winner: 1 });
  });
});
