/**
 * Observing an instance: every answer carries its request id (X-Request-Id; a proxy's own
 * when trusted and sane), GET /api/ready says whether the database, the migrations and the jobs are
 * fine, GET /metrics counts requests per route pattern, saved predictions, job runs and open streams,
 * and answers only the bearer of METRICS_TOKEN when one is set.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../tests/helpers/app';
import { openEventStream } from '../../../tests/helpers/event-stream';
import { createUser, type TestUser } from '../../../tests/helpers/users';
import type { Db } from '../db/client';
import { createJobMonitor } from '../jobs/job-monitor';
import { readiness } from '../modules/health/ready';
import { seedDemoIfEmpty } from '../modules/demo/seed';
import { listenLocally } from '../../../tests/helpers/listen';

const TOKEN = 'metrics-token-metrics-token-123';

/** The value of one sample line of a Prometheus text exposition, or undefined. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const match = line.match(/^([a-z_]+)(\{(.*)\})? (\S+)$/);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries([...(match[3] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => found[key] === value)) return Number(match[4]);
  }
  return undefined;
}

describe(`observability (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let ana: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN, TRUST_PROXY: 'true', SCORING_FOLD_INTERVAL_MS: '100' });
    await seedDemoIfEmpty(t.database.db, new Date());
    ana = await createUser(t, { username: 'ana' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers with a request id: a new UUID each time, or the trusted proxy's own when it is sane", async () => {
    const [first, second] = await Promise.all([t.app.inject({ url: '/api/health' }), t.app.inject({ url: '/api/nope' })]);
    expect(first.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
    expect((await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'lb-42.abc' } })).headers['x-request-id']).toBe('lb-42.abc');
    const forged = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'x\r\nSet-Cookie: a=b' } });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('is ready when the database answers, the migrations are applied and the jobs run', async () => {
    // The folder runs every 100 ms here.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const ready = await t.app.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: true, migrations: true, jobs: true }, stalledJobs: [], draining: false });
    // A database that does not answer, and a job that stopped: not ready, and why.
    let clock = 0;
    const jobs = createJobMonitor(() => clock);
    jobs.register('scoring_folder', 2_000);
    jobs.record('scoring_folder', true);
    clock = 29_000;
    expect(jobs.stalled()).toEqual([]);
    clock = 31_000;
    expect(jobs.stalled()).toEqual(['scoring_folder']);
    const broken = { execute: () => Promise.reject(new Error('connection refused')) } as unknown as Db;
    expect(await readiness(broken, jobs)).toEqual({ ready: false, checks: { database: false, migrations: false, jobs: false }, stalledJobs: ['scoring_folder'], draining: false });
    // Migrations this build ships but the database lacks.
    await t.database.db.execute(sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`);
    const behind = await t.app.inject({ url: '/api/ready' });
    expect(behind.statusCode).toBe(503);
    expect(behind.json().checks).toEqual({ database: true, migrations: false, jobs: true });
  });

  it("exports request counts by route pattern, saved predictions, job runs and open streams, to the token's bearer only", async () => {
    expect((await t.app.inject({ url: '/metrics' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/metrics', headers: { authorization: 'Bearer wrong-token-wrong-token-12' } })).statusCode).toBe(401);
    const scrape = async () => {
      const response = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      return response.body;
    };
    const before = await scrape();
    const leagueId = (await t.app.inject({ url: '/api/leagues' })).json().leagues[0].id as string;
    const group = (await t.app.inject({ method: 'POST', url: '/api/groups', payload: { name: 'Metrics pool', leagueId }, headers: { cookie: ana.cookie } })).json().group;
    const open = ((await t.app.inject({ url: `/api/groups/${group.id}/matches`, headers: { cookie: ana.cookie } })).json().matches as { id: string; open: boolean }[])
      .filter((match) => match.open).slice(0, 2);
    const saved = await t.app.inject({
      method: 'PUT', url: `/api/groups/${group.id}/predictions`, headers: { cookie: ana.cookie },
      payload: { predictions: open.map((match) => ({ matchId: match.id, homeGoals: 1, awayGoals: 0 })) },
    });
    expect(saved.statusCode).toBe(200);
    const base = await listenLocally(t.app);
    const stream = await openEventStream(`${base}/api/groups/${group.id}/events`, { cookie: ana.cookie });
    try {
      const after = await scrape();
      const route = { route: '/api/groups/:groupId/matches', method: 'GET', status: '200' };
      expect(sample(after, 'palpite_http_requests_total', route)).toBe((sample(before, 'palpite_http_requests_total', route) ?? 0) + 1);
      expect(sample(after, 'palpite_http_request_duration_seconds_count', route)).toBe(1);
      expect(after).not.toContain(group.id); // patterns, never addresses
      expect(sample(after, 'palpite_predictions_saved_total')).toBe((sample(before, 'palpite_predictions_saved_total') ?? 0) + 2);
      expect(sample(after, 'palpite_event_streams_open')).toBe(1);
      expect(sample(after, 'palpite_job_runs', { job: 'scoring_folder', outcome: 'ok' })).toBeGreaterThan(0);
      expect(sample(after, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
      if (TEST_DB_KIND === 'postgres') expect(sample(after, 'palpite_db_pool_connections', { state: 'total' })).toBeGreaterThan(0);
    } finally {
      stream.close();
    }
  });
});
