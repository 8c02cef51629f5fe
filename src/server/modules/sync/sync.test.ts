/**
 * League sync: a linked league fills itself from its source, a second run with
 * nothing new changes nothing, result changes re-score, a postponement voids and a new kickoff reopens,
 * failures are recorded, one run at a time per league (with a lease), two schedulers on one database run
 * each due sync once, and the shared token bucket spaces requests.
 */
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { openFreshPostgres, TEST_DB_KIND, useTestDatabase } from '../../../../tests/helpers/app';
import { hasOpenfootballData, OPENFOOTBALL_DIR } from '../../../../tests/openfootball-data';
import { openDatabase, rowsOf, type Db } from '../../db/client';
import { startSyncScheduler } from '../../jobs/sync-scheduler';
import type { ImportedCompetition } from '../../providers/fixture-source';
import { createProviderBucket } from './provider-bucket';
import { updateFixture } from '../admin/service';
import { syncLeague, type FetchCompetition } from './run-sync';
import { createFetchCompetition } from './sources';
import { totalsMismatches } from '../scoring/consistency';
import { scoredPredictions } from '../scoring/scored-predictions';

const withData = hasOpenfootballData();
const EPL = 'football.json/2024-25/en.1.json';
const quiet = pino({ level: 'silent' });

async function linkedLeague(db: Db, name: string, provider = 'openfootball', ref = join(OPENFOOTBALL_DIR, EPL), tz: string | null = 'Europe/London') {
  const [row] = rowsOf<{ id: string }>(await db.execute(sql`
    insert into leagues (name, season, kind, provider, external_id, sync_provider, sync_ref, sync_time_zone)
    values (${name}, '2024-25', 'league', ${provider}, ${`test:${name}`}, ${provider}, ${ref}, ${tz}) returning id`));
  return row!.id;
}
const runsOf = async (db: Db, leagueId: string) => rowsOf<{ status: string; kind: string; trigger: string; created: number; updated: number; unchanged: number; rescored: number; error: string | null }>(
  await db.execute(sql`select status, kind, trigger, created, updated, unchanged, rescored, error from sync_runs where league_id = ${leagueId}::uuid order by started_at`));

describe(`league sync (${TEST_DB_KIND})`, () => {
  const testDatabase = useTestDatabase();
  const fetchOpenfootball = createFetchCompetition(null);

  it.runIf(withData)('fills a linked openfootball league, and a second run with nothing new changes nothing', async () => {
    const db = testDatabase().db;
    const leagueId = await linkedLeague(db, 'EPL sync');
    const lines: string[] = [];
    const first = await syncLeague(db, leagueId, fetchOpenfootball, { kind: 'fixtures', trigger: 'cli', onStep: (line) => lines.push(line) });
    expect(first).toMatchObject({ status: 'succeeded', created: 380, updated: 0, unchanged: 0 });
    expect(lines[0]).toMatch(/^fetching openfootball:/);
    expect(lines.at(-1)).toMatch(/^done: 380 new/);
    const second = await syncLeague(db, leagueId, fetchOpenfootball, { kind: 'fixtures', trigger: 'schedule' });
    expect(second).toMatchObject({ status: 'succeeded', created: 0, updated: 0, unchanged: 380, rescored: 0 });
    const [counts] = rowsOf<{ matches: number; leagues: number }>(await db.execute(sql`
      select (select count(*)::int from matches where league_id = ${leagueId}::uuid) as matches, (select count(*)::int from leagues where name = 'EPL sync') as leagues`));
    expect(counts).toEqual({ matches: 380, leagues: 1 });
    expect(await runsOf(db, leagueId)).toMatchObject([
      { status: 'succeeded', trigger: 'cli', created: 380 },
      { status: 'succeeded', trigger: 'schedule', unchanged: 380 },
    ]);
  });

  it('re-scores a changed result, voids a postponed match and reopens it with a new kickoff, in the sync itself', async () => {
    const db = testDatabase().db;
    const leagueId = await linkedLeague(db, 'Hand fed', 'openfootball', 'memory', null);
    const kickoff = new Date(Date.now() + 3 * 24 * 3_600_000);
    let competition: ImportedCompetition = {
      name: 'Hand fed', season: '2026', kind: 'league', warnings: [],
      matches: [{
        externalId: 'm1', roundName: 'Matchday 1', roundOrder: 1, stage: 'league', groupName: null, kickoff, status: 'scheduled',
        home: { name: 'Sync Home FC', code: 'SHF' }, away: { name: 'Sync Away FC', code: 'SAF' },
        fullTime: null, extraTime: null, penalties: null, venue: null, label: 'Matchday 1: Sync Home FC v Sync Away FC',
      }],
    };
    const fetch: FetchCompetition = async () => competition;
    expect(await syncLeague(db, leagueId, fetch, { kind: 'fixtures', trigger: 'admin' })).toMatchObject({ status: 'succeeded', created: 1 });
    // A member predicts 2-1.
    await db.execute(sql`insert into "user" (id, name, email, email_verified) values ('sync-u', 'U', 'sync-u@example.com', true)`);
    const [group] = rowsOf<{ id: string }>(await db.execute(sql`
      insert into groups (name, league_id, color, invite_code, owner_id) values ('Sync pool', ${leagueId}, 'sky', 'SYNCPOOL', 'sync-u') returning id`));
    await db.execute(sql`insert into group_members (group_id, user_id) values (${group!.id}, 'sync-u')`);
    await db.execute(sql`insert into predictions (group_id, user_id, match_id, home_goals, away_goals)
      select ${group!.id}, 'sync-u', id, 2, 1 from matches where league_id = ${leagueId}::uuid`);
    const prediction = async () => {
      expect(await totalsMismatches(db, group!.id)).toEqual([]);
      const [scored] = await scoredPredictions(db, { groupId: group!.id });
      return { outcome: scored!.outcome, points: scored!.points };
    };

    const set = (patch: Partial<ImportedCompetition['matches'][number]>) => {
      competition = { ...competition, matches: [{ ...competition.matches[0]!, ...patch }] };
    };
    set({ status: 'finished', fullTime: [2, 1] });
    expect(await syncLeague(db, leagueId, fetch, { kind: 'live', trigger: 'schedule' })).toMatchObject({ status: 'succeeded', updated: 1, rescored: 1 });
    expect(await prediction()).toEqual({ outcome: 'exact', points: 10 });
    set({ status: 'postponed', fullTime: null });
    expect(await syncLeague(db, leagueId, fetch, { kind: 'fixtures', trigger: 'schedule' })).toMatchObject({ status: 'succeeded', updated: 1, rescored: 1 });
    expect(await prediction()).toEqual({ outcome: 'void', points: null }); // voided: its points are returned
    set({ status: 'scheduled', kickoff: new Date(kickoff.getTime() + 7 * 24 * 3_600_000) });
    expect(await syncLeague(db, leagueId, fetch, { kind: 'fixtures', trigger: 'schedule' })).toMatchObject({ status: 'succeeded', updated: 1 });
    expect(await prediction()).toEqual({ outcome: null, points: null });
  });

  it('leaves a match an administrator changed by hand as they left it until it is handed back; keeps administrators\' team fields', async () => {
    const db = testDatabase().db;
    const leagueId = await linkedLeague(db, 'Locked', 'openfootball', 'memory', null);
    const kickoff = new Date(Date.now() + 2 * 24 * 3_600_000);
    const competition: ImportedCompetition = {
      name: 'Locked', season: '2026', kind: 'league', warnings: [],
      matches: [{
        externalId: 'l1', roundName: 'Matchday 1', roundOrder: 1, stage: 'league', groupName: null, kickoff, status: 'finished',
        home: { name: 'Lock Home FC', code: 'PRV', shortName: 'Provider short' }, away: { name: 'Lock Away FC', code: null },
        fullTime: [1, 0], extraTime: null, penalties: null, venue: null, label: 'Lock Home FC v Lock Away FC',
      }],
    };
    const fetch: FetchCompetition = async () => competition;
    await syncLeague(db, leagueId, fetch, { kind: 'fixtures', trigger: 'admin' });
    const [match] = rowsOf<{ id: string; home_team_id: string }>(await db.execute(sql`select id, home_team_id from matches where league_id = ${leagueId}::uuid`));
    // The administrator corrects the score (the provider is wrong) and the home team's code.
    await updateFixture(db, null, match!.id, { result: { status: 'finished', homeGoals: 2, awayGoals: 0, beforeKickoff: true }, reason: 'Provider has the wrong score' });
    await db.execute(sql`update teams set code = 'ADM' where id = ${match!.home_team_id}::uuid`);
    const score = async () => rowsOf<{ home_goals: number; locked_by_admin: boolean }>(await db.execute(sql`select home_goals, locked_by_admin from matches where id = ${match!.id}::uuid`))[0];
    expect(await score()).toEqual({ home_goals: 2, locked_by_admin: true });
    expect(await syncLeague(db, leagueId, fetch, { kind: 'fixtures', trigger: 'schedule' })).toMatchObject({ status: 'succeeded', updated: 0, rescored: 0 });
    expect(await score()).toEqual({ home_goals: 2, locked_by_admin: true });
    const [team] = rowsOf<{ code: string; short_name: string }>(await db.execute(sql`select code, short_name from teams where id = ${match!.home_team_id}::uuid`));
    expect(team).toEqual({ code: 'ADM', short_name: 'Provider short' }); // the administrator's code kept, an empty field filled
    // Handed back: the next sync brings the provider's score again.
    await updateFixture(db, null, match!.id, { release: true, reason: 'Provider corrected' });
    expect(await syncLeague(db, leagueId, fetch, { kind: 'fixtures', trigger: 'schedule' })).toMatchObject({ status: 'succeeded', updated: 1 });
    expect(await score()).toEqual({ home_goals: 1, locked_by_admin: false });
  });

  it('records a failing source on the run and skips leagues without a source or inactive', async () => {
    const db = testDatabase().db;
    const leagueId = await linkedLeague(db, 'Broken', 'openfootball', '/nonexistent/file.json', 'UTC');
    const outcome = await syncLeague(db, leagueId, fetchOpenfootball, { kind: 'fixtures', trigger: 'schedule' });
    expect(outcome).toMatchObject({ status: 'failed', error: '/nonexistent/file.json: no such file' });
    expect(await runsOf(db, leagueId)).toMatchObject([{ status: 'failed', error: '/nonexistent/file.json: no such file' }]);
    const tokenless = await linkedLeague(db, 'FD without token', 'football-data', 'PL', null);
    expect(await syncLeague(db, tokenless, fetchOpenfootball, { kind: 'fixtures', trigger: 'admin' }))
      .toMatchObject({ status: 'failed', error: expect.stringContaining('FOOTBALL_DATA_TOKEN is not set') });
    // An inactive league is only closed to new groups: its groups still need results, so it syncs.
    await db.execute(sql`update leagues set active = false where id = ${leagueId}::uuid`);
    expect(await syncLeague(db, leagueId, fetchOpenfootball, { kind: 'fixtures', trigger: 'admin' })).toMatchObject({ status: 'failed' });
    const manual = rowsOf<{ id: string }>(await db.execute(sql`
      insert into leagues (name, season, kind, provider, external_id) values ('By hand', '2026', 'league', 'manual', 'test:by-hand') returning id`))[0]!.id;
    expect(await syncLeague(db, manual, fetchOpenfootball, { kind: 'fixtures', trigger: 'admin' })).toEqual({ status: 'skipped', reason: 'the league has no data source (entered by hand)' });
  });

  it('runs one sync of a league at a time, and takes over a run whose lease ran out', async () => {
    const db = testDatabase().db;
    const leagueId = await linkedLeague(db, 'Busy', 'openfootball', 'memory', null);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    const slow: FetchCompetition = async () => {
      await gate;
      return { name: 'Busy', season: '2026', kind: 'league', warnings: [], matches: [] };
    };
    const first = syncLeague(db, leagueId, slow, { kind: 'fixtures', trigger: 'admin' });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await syncLeague(db, leagueId, slow, { kind: 'fixtures', trigger: 'admin' })).toEqual({ status: 'busy' });
    release();
    expect(await first).toMatchObject({ status: 'succeeded' });
    // A run left 'running' by a stopped instance blocks only until its lease ends.
    await db.execute(sql`insert into sync_runs (league_id, kind, trigger, lease_until) values (${leagueId}::uuid, 'live', 'schedule', now() - interval '1 second')`);
    expect(await syncLeague(db, leagueId, slow, { kind: 'fixtures', trigger: 'admin' })).toMatchObject({ status: 'succeeded' });
    expect((await runsOf(db, leagueId)).map((r) => [r.status, r.error])).toEqual([
      ['succeeded', null], ['failed', 'interrupted (lease expired)'], ['succeeded', null],
    ]);
  });

  it('two schedulers on one database run each due sync once', async () => {
    const db = testDatabase().db;
    await db.execute(sql`update leagues set sync_provider = null`); // only this test's leagues are linked
    const leagueIds = [await linkedLeague(db, 'Sched A', 'openfootball', 'a', null), await linkedLeague(db, 'Sched B', 'openfootball', 'b', null)];
    const calls: string[] = [];
    const fetch: FetchCompetition = async (source) => {
      calls.push(source.syncRef);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { name: source.syncRef, season: '2026', kind: 'league', warnings: [], matches: [] };
    };
    const schedulers = [0, 1].map(() => startSyncScheduler(db, fetch, quiet, { intervalMs: 3_600_000, providers: ['openfootball'] }));
    try {
      await Promise.all(schedulers.map((s) => s.tick()));
      expect(calls.sort()).toEqual(['a', 'b']);
      // Nothing is due right after: no second run on either instance.
      await Promise.all(schedulers.map((s) => s.tick()));
      expect(calls).toHaveLength(2);
      for (const id of leagueIds) expect((await runsOf(db, id)).map((r) => [r.status, r.kind, r.trigger])).toEqual([['succeeded', 'fixtures', 'schedule']]);
    } finally {
      await Promise.all(schedulers.map((s) => s.stop()));
    }
  });

  it('leaves leagues of a provider it cannot use alone (no football-data.org token)', async () => {
    const db = testDatabase().db;
    await db.execute(sql`update leagues set sync_provider = null`);
    const leagueId = await linkedLeague(db, 'FD idle', 'football-data', 'BSA', null);
    const scheduler = startSyncScheduler(db, fetchOpenfootball, quiet, { intervalMs: 3_600_000, providers: ['openfootball'] });
    try {
      expect(await scheduler.tick()).toEqual([]);
      expect(await runsOf(db, leagueId)).toEqual([]);
    } finally {
      await scheduler.stop();
    }
  });

  it('a run left running by a stopped instance holds its league only until its lease ends (the scheduler closes it)', async () => {
    const db = testDatabase().db;
    await db.execute(sql`update leagues set sync_provider = null`);
    const leagueId = await linkedLeague(db, 'Crashed', 'openfootball', 'crashed', null);
    await db.execute(sql`insert into sync_runs (league_id, kind, trigger, status, started_at, lease_until)
      values (${leagueId}::uuid, 'fixtures', 'schedule', 'running', now() - interval '2 hours', now() - interval '110 minutes')`);
    const calls: string[] = [];
    const fetch: FetchCompetition = async (source) => {
      calls.push(source.syncRef);
      return { name: 'Crashed', season: '2026', kind: 'league', warnings: [], matches: [] };
    };
    const scheduler = startSyncScheduler(db, fetch, quiet, { intervalMs: 3_600_000, providers: ['openfootball'] });
    try {
      await scheduler.tick();
      expect(calls).toEqual(['crashed']);
      expect((await runsOf(db, leagueId)).map((r) => [r.status, r.error])).toEqual([['failed', 'interrupted (lease expired)'], ['succeeded', null]]);
    } finally {
      await scheduler.stop();
    }
  });

  it('spaces requests with the shared token bucket, and waits out a 429 block', async () => {
    const db = testDatabase().db;
    const sleeps: number[] = [];
    const sleep = async (ms: number) => {
      sleeps.push(ms);
      // Time passes for the bucket: move its last refill back instead of waiting.
      await db.execute(sql`update provider_buckets set refilled_at = refilled_at - make_interval(secs => ${ms / 1000}),
        blocked_until = blocked_until - make_interval(secs => ${ms / 1000}) where provider = 'test-provider'`);
    };
    const bucket = createProviderBucket(db, 'test-provider', { burst: 2, requestsPerMinute: 2, sleep });
    await bucket.acquire();
    await bucket.acquire();
    expect(sleeps).toEqual([]);
    await bucket.acquire(); // the third in a minute waits for a token: ~30 s at 2 a minute
    expect(sleeps.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(29_000);
    expect(sleeps.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(31_000);
    sleeps.length = 0;
    await bucket.blockFor(45_000);
    await bucket.acquire();
    expect(sleeps.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(44_000);
    const stingy = createProviderBucket(db, 'test-provider', { burst: 2, requestsPerMinute: 2, maxWaitMs: 1_000, sleep: async () => {} });
    await stingy.blockFor(10_000);
    await expect(stingy.acquire()).rejects.toThrow(/rate limit/);
  });

  // Two app instances: two connection pools on one PostgreSQL database, each with its scheduler.
  it.runIf(TEST_DB_KIND === 'postgres')('two instances (two pools on one PostgreSQL) run each due sync once', async () => {
    const fresh = await openFreshPostgres(process.env.TEST_DATABASE_URL!, 'palpite_sync_two');
    const second = await openDatabase({ url: fresh.url });
    const calls: string[] = [];
    const fetch: FetchCompetition = async (source) => {
      calls.push(source.syncRef);
      await new Promise((resolve) => setTimeout(resolve, 30));
      return { name: source.syncRef, season: '2026', kind: 'league', warnings: [], matches: [] };
    };
    const schedulers = [fresh.database.db, second.db].map((db) => startSyncScheduler(db, fetch, quiet, { intervalMs: 3_600_000, providers: ['openfootball'] }));
    try {
      const ids = await Promise.all(['x', 'y', 'z'].map((ref) => linkedLeague(fresh.database.db, `Two ${ref}`, 'openfootball', ref, null)));
      for (let round = 0; round < 3; round++) await Promise.all(schedulers.map((s) => s.tick()));
      expect(calls.sort()).toEqual(['x', 'y', 'z']);
      for (const id of ids) expect((await runsOf(fresh.database.db, id)).map((r) => r.status)).toEqual(['succeeded']);
    } finally {
      await Promise.all(schedulers.map((s) => s.stop()));
      await second.close();
      await fresh.database.close();
      await fresh.drop();
    }
  });
});
