/**
 * DATABASE_READ_URL: rankings, stats, history and discovery are read from the replica's pool; writes and
 * a member's own predictions use the primary, and so do rankings and stats in the moments after a change
 * (a replica not yet caught up would have them cached stale). The "replica" is a second pool on the same PostgreSQL
 * database whose sessions are read-only, so a write routed there would fail: routing is what is tested.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { REPLICA_CATCH_UP_MS } from '../app';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../tests/helpers/app';
import { createUser, type TestUser } from '../../../tests/helpers/users';
import { seedDemoIfEmpty } from '../modules/demo/seed';

describe.runIf(TEST_DB_KIND === 'postgres')('reads routed to a read replica (postgres)', () => {
  let t: TestApp;
  let ana: TestUser;
  let bruno: TestUser;
  let groupId: string;
  let matchId: string;

  const replicaHandOuts = () => t.database.poolStats!().replica!.acquired;
  const get = async (url: string, who: TestUser) => {
    const response = await t.app.inject({ url, headers: { cookie: who.cookie } });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    t = await createTestApp({ RANKING_CACHE_MS: '0' }, { readReplica: true });
    await seedDemoIfEmpty(t.database.db, new Date());
    [ana, bruno] = [await createUser(t, { username: 'ana' }), await createUser(t, { username: 'bruno' })];
    const leagueId = (await get('/api/leagues', ana)).leagues[0].id as string;
    const created = await t.app.inject({ method: 'POST', url: '/api/groups', headers: { cookie: ana.cookie }, payload: { name: 'Replica', leagueId } });
    expect(created.statusCode, created.body).toBe(201);
    ({ id: groupId } = created.json().group);
    const joined = await t.app.inject({ method: 'POST', url: '/api/groups/join', headers: { cookie: bruno.cookie }, payload: { inviteCode: created.json().group.inviteCode } });
    expect(joined.statusCode, joined.body).toBe(200);
  });
  afterAll(async () => t?.close());

  it('sends every write to the primary (the replica refuses writes) and a member\u2019s own predictions too', async () => {
    const refused = await t.database.readDb.execute(sql`create table replica_probe (x int)`).then(() => null, (error: Error) => error);
    expect(String((refused?.cause as Error | undefined)?.message ?? refused?.message)).toMatch(/read-only transaction/);
    const before = replicaHandOuts();
    const matches = (await get(`/api/groups/${groupId}/matches`, ana)).matches as { id: string; open: boolean }[];
    matchId = matches.find((match) => match.open)!.id;
    for (const [who, home] of [[ana, 2], [bruno, 0]] as const) {
      const saved = await t.app.inject({
        method: 'PUT', url: `/api/groups/${groupId}/predictions`, headers: { cookie: who.cookie },
        payload: { predictions: [{ matchId, homeGoals: home, awayGoals: 1 }] },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().results[0].status).toBe('saved');
    }
    const mine = (await get(`/api/groups/${groupId}/matches`, ana)).matches as { id: string; myPrediction: { homeGoals: number } | null }[];
    expect(mine.find((match) => match.id === matchId)?.myPrediction).toMatchObject({ homeGoals: 2 });
    expect(replicaHandOuts()).toBe(before);
  });

  it('computes rankings on the primary just after a change, and on the replica once it has caught up', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      // A change this instance hears of (renaming the group moves no points, but it empties the caches).
      const renamed = await t.app.inject({ method: 'PATCH', url: `/api/groups/${groupId}`, headers: { cookie: ana.cookie }, payload: { name: 'Replica pool' } });
      expect(renamed.statusCode, renamed.body).toBe(200);
      let before = replicaHandOuts();
      await get(`/api/groups/${groupId}/ranking`, ana);
      expect(replicaHandOuts()).toBe(before);
      vi.setSystemTime(Date.now() + REPLICA_CATCH_UP_MS + 100);
      before = replicaHandOuts();
      await get(`/api/groups/${groupId}/ranking`, ana);
      expect(replicaHandOuts()).toBeGreaterThan(before);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads rankings, stats, matchday winners, history and discovery from the replica', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + REPLICA_CATCH_UP_MS + 100); // long after the last change
    onTestFinished(() => { vi.useRealTimers(); });
    for (const url of [
      `/api/groups/${groupId}/ranking`,
      `/api/groups/${groupId}/stats`,
      `/api/groups/${groupId}/matchday-winners`,
      `/api/groups/${groupId}/matches/${matchId}/predictions`,
      `/api/groups/${groupId}/members/${bruno.username}/predictions`,
      '/api/groups/discover',
    ]) {
      const before = replicaHandOuts();
      await get(url.replace(bruno.username, await userId(bruno)), ana);
      expect(replicaHandOuts(), url).toBeGreaterThan(before);
    }
    const metrics = await t.app.inject({ url: '/metrics' });
    expect(metrics.body).toMatch(/palpite_db_pool_acquired_total\{pool="replica"\} [1-9]/);
    expect(metrics.body).toMatch(/palpite_db_pool_connections\{pool="primary",state="total"\}/);
  });

  const userId = async (who: TestUser) => (await get('/api/me', who)).user.id as string;
});
