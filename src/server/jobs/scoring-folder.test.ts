/** The background folder folds queued results by itself, survives a failing run, and stops cleanly. */
import { and, eq, gt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../tests/helpers/app';
import { createUser } from '../../../tests/helpers/users';
import type { Db } from '../db/client';
import { matches, memberRoundTotals, scoringQueue } from '../db/schema';
import { seedDemoIfEmpty } from '../modules/demo/seed';
import { roundTotalsMismatches, totalsMismatches } from '../modules/scoring/consistency';
import { scoreMatches } from '../modules/scoring/score-matches';
import { startScoringFolder } from './scoring-folder';

const silent = () => ({ error: vi.fn(), warn: vi.fn(), info: vi.fn(), debug: vi.fn() }) as unknown as FastifyBaseLogger;

describe(`scoring folder job (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ SCORING_FOLD_INTERVAL_MS: '3600000' }); // the app's own folder stays out of the way
    await seedDemoIfEmpty(t.database.db, new Date());
  });
  afterAll(async () => t?.close());

  it('folds a queued result within a few ticks', async () => {
    const ana = await createUser(t, { username: 'ana' });
    const leagueId = (await t.app.inject({ method: 'GET', url: '/api/leagues' })).json().leagues[0].id;
    const groupId = (await t.app.inject({ method: 'POST', url: '/api/groups', payload: { name: 'Folded pool', leagueId }, headers: { cookie: ana.cookie } })).json().group.id;
    const [match] = await t.database.db.select({ id: matches.id }).from(matches)
      .where(and(eq(matches.status, 'scheduled'), gt(matches.kickoff, new Date(Date.now() + 86_400_000)))).limit(1);
    await t.app.inject({ method: 'PUT', url: `/api/groups/${groupId}/predictions`, payload: { predictions: [{ matchId: match!.id, homeGoals: 2, awayGoals: 0 }] }, headers: { cookie: ana.cookie } });
    await t.database.db.update(matches).set({ status: 'finished', homeGoals: 2, awayGoals: 0 }).where(eq(matches.id, match!.id));
    await scoreMatches(t.database.db, [match!.id], { syncLimit: 0 });

    const folder = startScoringFolder(t.database.db, silent(), 20);
    try {
      await vi.waitFor(async () => expect(await t.database.db.select().from(scoringQueue)).toHaveLength(0), { timeout: 5_000, interval: 25 });
    } finally {
      await folder.stop();
    }
    // Folded: the member's round totals hold the exact score.
    const folded = await t.database.db.select().from(memberRoundTotals).where(eq(memberRoundTotals.groupId, groupId));
    expect(folded).toMatchObject([{ points: 10, exact: 1, scored: 1 }]);
    expect(await totalsMismatches(t.database.db, groupId)).toEqual([]);
    expect(await roundTotalsMismatches(t.database.db, groupId)).toEqual([]);
  });

  it('logs a failing run and carries on', async () => {
    const logger = silent();
    const broken = { execute: () => Promise.reject(new Error('database is down')) } as unknown as Db;
    const folder = startScoringFolder(broken, logger, 60_000);
    expect(await folder.runOnce()).toBe(0);
    expect(logger.error).toHaveBeenCalledWith({ err: 'database is down' }, 'scoring folder run failed');
    await folder.stop();
  });
});
