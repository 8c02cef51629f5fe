/**
 * Live events over HTTP on a real database: members only; a goal saved in a transaction reaches
 * an open stream within 2 s, and a rolled-back change never does; heartbeats; Last-Event-ID (or
 * ?lastEventId=) resumes with what was missed, or says `resync` when it is gone; GET /api/events follows
 * the leagues of my groups only; an instance that shuts down ends its streams with `reconnect` and an SSE
 * retry hint; on PostgreSQL, a result written through one app instance reaches a stream of another through
 * LISTEN/NOTIFY.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAnotherInstance, createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { openEventStream, type EventStream } from '../../../../tests/helpers/event-stream';
import { createUser, type TestUser } from '../../../../tests/helpers/users';
import { buildApp } from '../../app';
import { openDatabase, rowsOf } from '../../db/client';
import { matches } from '../../db/schema';
import { parseEnv } from '../../env';
import { seedDemoIfEmpty } from '../demo/seed';
import { scoreMatches } from '../scoring/score-matches';
import { listenLocally } from '../../../../tests/helpers/listen';
import { testPasswordHashing } from '../../../../tests/helpers/password-hashing';

describe(`live event streams (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let ana: TestUser;
  let bruno: TestUser;
  let groupId: string;
  let matchId: string;
  let base: string;
  const streams: EventStream[] = [];

  const open = async (path: string, headers: Record<string, string> = {}, at = base) => {
    const stream = await openEventStream(`${at}${path}`, headers);
    streams.push(stream);
    return stream;
  };
  /** An administrator's score change: the match and its scoring in one transaction. */
  const setScore = (home: number, away: number) => t.database.db.transaction(async (tx) => {
    await tx.update(matches).set({ status: 'live', homeGoals: home, awayGoals: away }).where(eq(matches.id, matchId));
    await scoreMatches(tx, [matchId]);
  });
  const isMatch = (home: number) => (event: { event: string; data: unknown }) =>
    event.event === 'match' && (event.data as { matchId: string; homeGoals: number }).matchId === matchId && (event.data as { homeGoals: number }).homeGoals === home;

  beforeAll(async () => {
    t = await createTestApp({ LIVE_HEARTBEAT_MS: '200', LIVE_RECHECK_MS: '200' });
    await seedDemoIfEmpty(t.database.db, new Date());
    [ana, bruno] = await Promise.all([createUser(t, { username: 'ana' }), createUser(t, { username: 'bruno' })]);
    const leagueId = (await t.app.inject({ method: 'GET', url: '/api/leagues' })).json().leagues[0].id as string;
    groupId = (await t.app.inject({ method: 'POST', url: '/api/groups', payload: { name: 'Live pool', leagueId }, headers: { cookie: ana.cookie } })).json().group.id;
    const [match] = await t.database.db.select({ id: matches.id }).from(matches)
      .where(and(eq(matches.leagueId, leagueId), eq(matches.status, 'scheduled'))).orderBy(matches.kickoff).limit(1);
    matchId = match!.id;
    base = await listenLocally(t.app);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t?.close();
  });

  it('answers members only: 401 signed out, 404 for a private group of others', async () => {
    expect((await open(`/api/groups/${groupId}/events`)).status).toBe(401);
    expect((await open('/api/events')).status).toBe(401);
    expect((await open(`/api/groups/${groupId}/events`, { cookie: bruno.cookie })).status).toBe(404);
    const member = await open(`/api/groups/${groupId}/events`, { cookie: ana.cookie });
    expect(member.status).toBe(200);
    expect(member.contentType).toMatch(/^text\/event-stream/);
  });

  it('delivers a goal within 2 s with heartbeats between, and never a change that was rolled back', async () => {
    const stream = await open(`/api/groups/${groupId}/events`, { cookie: ana.cookie });
    expect(await stream.comment(2_000)).toBe('heartbeat');
    const started = Date.now();
    await setScore(1, 0);
    const goal = await stream.next(isMatch(1), 2_000);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(goal.data).toMatchObject({ matchId, status: 'live', homeGoals: 1, awayGoals: 0 });
    expect(Number(goal.id)).toBeGreaterThan(0);

    await expect(t.database.db.transaction(async (tx) => {
      await tx.update(matches).set({ status: 'live', homeGoals: 7, awayGoals: 7 }).where(eq(matches.id, matchId));
      await scoreMatches(tx, [matchId]);
      throw new Error('rolled back');
    })).rejects.toThrow('rolled back');
    await setScore(2, 0);
    const next = await stream.next((event) => event.event === 'match', 2_000);
    expect(next.data).toMatchObject({ homeGoals: 2, awayGoals: 0 }); // not the 7–7 that never committed
  });

  it('resumes after a reconnection with what was missed (Last-Event-ID or ?lastEventId=), or asks to resync', async () => {
    const first = await open(`/api/groups/${groupId}/events`, { cookie: ana.cookie });
    await setScore(3, 0);
    const seen = await first.next(isMatch(3));
    first.close();
    await setScore(4, 0); // while disconnected
    await setScore(5, 0);
    // The replay starts a little before the resume point (commit order may differ from numbering), so the
    // page may hear a few events again: in order, each once, and the missed ones among them.
    const byHeader = await open(`/api/groups/${groupId}/events`, { cookie: ana.cookie, 'last-event-id': seen.id! });
    await byHeader.next(isMatch(4));
    await byHeader.next(isMatch(5));
    const ids = byHeader.events.map((event) => Number(event.id));
    expect(ids).toEqual([...new Set(ids)].sort((a, b) => a - b));
    const byQuery = await open(`/api/groups/${groupId}/events?lastEventId=${seen.id}`, { cookie: ana.cookie });
    await byQuery.next(isMatch(4));

    // Events older than the retention are pruned: a stream resuming before them is told to refetch.
    await t.database.db.execute(sql`delete from live_events`);
    await setScore(6, 0);
    const late = await open(`/api/groups/${groupId}/events`, { cookie: ana.cookie, 'last-event-id': seen.id! });
    expect((await late.next()).event).toBe('resync');
    expect((await late.next((event) => event.event === 'match')).data).toMatchObject({ homeGoals: 6 });
  });

  it.runIf(TEST_DB_KIND === 'postgres')('delivers an event committed after a later-numbered one', async () => {
    const [other] = await t.database.db.select({ id: matches.id }).from(matches)
      .where(and(eq(matches.status, 'scheduled'), sql`${matches.id} <> ${matchId}::uuid`)).limit(1);
    const stream = await open(`/api/groups/${groupId}/events`, { cookie: ana.cookie });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    let numbered!: () => void;
    const inserted = new Promise<void>((resolve) => { numbered = resolve; });
    // A takes its event number first and commits last; B commits in between.
    const slow = t.database.db.transaction(async (tx) => {
      await tx.update(matches).set({ status: 'live', homeGoals: 0, awayGoals: 3 }).where(eq(matches.id, other!.id));
      await scoreMatches(tx, [other!.id]);
      numbered();
      await gate;
    });
    await inserted;
    await setScore(10, 0);
    const later = await stream.next(isMatch(10));
    release();
    await slow;
    const earlier = await stream.next((event) => event.event === 'match' && (event.data as { matchId: string }).matchId === other!.id);
    expect(Number(earlier.id)).toBeLessThan(Number(later.id));
  });

  it('forgets streams that end, and requests abandoned on their way in', async () => {
    const waitForNoStreams = async () => {
      for (let i = 0; i < 100 && t.app.liveEvents.size > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      return t.app.liveEvents.size;
    };
    for (const stream of streams.splice(0)) stream.close();
    expect(await waitForNoStreams()).toBe(0);
    const opened = await open(`/api/groups/${groupId}/events`, { cookie: ana.cookie });
    expect(t.app.liveEvents.size).toBe(1);
    opened.close();
    expect(await waitForNoStreams()).toBe(0);
    // Abandoned at every point of the way in: the session check, the membership check, the subscription.
    for (let i = 0; i < 20; i++) {
      const controller = new AbortController();
      const request = fetch(`${base}/api/groups/${groupId}/events`, { headers: { accept: 'text/event-stream', cookie: ana.cookie }, signal: controller.signal })
        .catch(() => undefined);
      setTimeout(() => controller.abort(), i % 5);
      await request;
    }
    expect(await waitForNoStreams()).toBe(0);
  });

  it.runIf(TEST_DB_KIND === 'postgres')('tells open streams to resync when the listening connection was lost, and keeps delivering', async () => {
    const stream = await open(`/api/groups/${groupId}/events`, { cookie: ana.cookie });
    await t.database.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen %'`);
    expect((await stream.next((event) => event.event === 'resync', 5_000)).event).toBe('resync');
    await setScore(11, 0);
    await stream.next(isMatch(11), 2_000);
  });

  it('ends a stream whose member was removed or whose session ended, telling it not to come back', async () => {
    const [carla, dora] = await Promise.all([createUser(t, { username: 'carla' }), createUser(t, { username: 'dora' })]);
    const inviteCode = (await t.app.inject({ method: 'GET', url: `/api/groups/${groupId}`, headers: { cookie: ana.cookie } })).json().group.inviteCode;
    for (const who of [carla, dora]) {
      expect((await t.app.inject({ method: 'POST', url: '/api/groups/join', payload: { inviteCode }, headers: { cookie: who.cookie } })).statusCode).toBe(200);
    }
    const removed = await open(`/api/groups/${groupId}/events`, { cookie: carla.cookie });
    const signedOut = await open('/api/events', { cookie: dora.cookie });
    const staying = await open(`/api/groups/${groupId}/events`, { cookie: ana.cookie });
    const carlaId = rowsOf<{ id: string }>(await t.database.db.execute(sql`select id from "user" where email = ${carla.email}`))[0]!.id;
    const removal = await t.app.inject({ method: 'DELETE', url: `/api/groups/${groupId}/members/${carlaId}`, headers: { cookie: ana.cookie } });
    expect(removal.statusCode).toBe(204);
    expect((await removed.next((event) => event.event === 'revoked', 2_000)).event).toBe('revoked');
    await removed.ended(2_000);
    const signOut = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: dora.cookie, origin: 'http://localhost:3000' } });
    expect(signOut.statusCode).toBe(200);
    expect((await signedOut.next((event) => event.event === 'revoked', 2_000)).event).toBe('revoked');
    await signedOut.ended(2_000);
    // The others stay open and keep hearing goals.
    await setScore(12, 0);
    await staying.next(isMatch(12), 2_000);
    expect(staying.events.some((event) => event.event === 'revoked')).toBe(false);
    // Coming back is refused.
    expect((await open(`/api/groups/${groupId}/events`, { cookie: carla.cookie })).status).toBe(404);
    expect((await open('/api/events', { cookie: dora.cookie })).status).toBe(401);
  });

  it('streams the leagues of my groups on /api/events, and nothing to someone without groups', async () => {
    const mine = await open('/api/events', { cookie: ana.cookie });
    const none = await open('/api/events', { cookie: bruno.cookie });
    expect(none.status).toBe(200);
    await setScore(8, 1);
    expect((await mine.next(isMatch(8))).data).toMatchObject({ awayGoals: 1 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(none.events).toEqual([]);
  });

  it('ends open streams when the instance shuts down, with `reconnect` and an SSE retry hint', async () => {
    const other = await createAnotherInstance(t);
    let closed = false;
    try {
      const at = await listenLocally(other);
      const [group, all] = [await open(`/api/groups/${groupId}/events`, { cookie: ana.cookie }, at), await open('/api/events', { cookie: ana.cookie }, at)];
      expect([group.status, all.status]).toEqual([200, 200]);
      const closing = other.close();
      for (const stream of [group, all]) {
        expect(await stream.next((event) => event.event === 'reconnect', 5_000)).toEqual({ id: null, event: 'reconnect', data: { retryMs: 1_000 }, retry: 1_000 });
        await stream.ended(5_000);
      }
      await closing;
      closed = true;
    } finally {
      if (!closed) await other.close();
    }
  });

  it.runIf(TEST_DB_KIND === 'postgres')('reaches a stream of another app instance on the same PostgreSQL', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.pathname = `/${rowsOf<{ name: string }>(await t.database.db.execute(sql`select current_database() as name`))[0]!.name}`;
    const database = await openDatabase({ url: url.toString() });
    const other = await buildApp({
      env: parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: t.dataDir, RATE_LIMIT: 'false', SYNC: 'false', BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-123' }),
      database, webDir: `${t.dataDir}/no-web`, passwordHashing: testPasswordHashing,
    });
    try {
      const at = await listenLocally(other);
      const opening = Date.now();
      const stream = await open(`/api/groups/${groupId}/events`, { cookie: ana.cookie }, at);
      expect(stream.status).toBe(200);
      expect(Date.now() - opening).toBeLessThan(2_000); // headers flushed at once, not with the first heartbeat (30 s)
      const started = Date.now();
      await setScore(9, 2); // written through the first instance's pool
      expect((await stream.next(isMatch(9), 2_000)).data).toMatchObject({ awayGoals: 2 });
      expect(Date.now() - started).toBeLessThan(2_000);
      stream.close();
    } finally {
      await other.close();
      await database.close();
    }
  });
});
