/**
 * A group page's stream resumes from its matches' read (GET /api/groups/:groupId/matches → liveEventId),
 * over HTTP on a real database: the number is the latest live event the read saw (the last issued when
 * all were pruned), and a stream opened with it hears an event published after the read — without a
 * `resync` — and, on PostgreSQL, one numbered below it that committed after the read (the replay margin);
 * the OpenAPI document shows it.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { openEventStream, type EventStream, type StreamEvent } from '../../../../tests/helpers/event-stream';
import { createUser, type TestUser } from '../../../../tests/helpers/users';
import type { GroupMatchesResponse } from '../../../contracts/groups';
import { rowsOf } from '../../db/client';
import { matches } from '../../db/schema';
import { setMatchResult } from '../admin/service';
import { seedDemoIfEmpty } from '../demo/seed';
import { scoreMatches } from '../scoring/score-matches';
import { listenLocally } from '../../../../tests/helpers/listen';

describe(`a group's matches carry where its stream resumes (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let ana: TestUser;
  let groupId: string;
  let matchId: string;
  let otherId: string;
  let base: string;
  const streams: EventStream[] = [];

  const readMatches = async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/groups/${groupId}/matches`, headers: { cookie: ana.cookie } });
    expect(response.statusCode).toBe(200);
    return response.json<GroupMatchesResponse>();
  };
  const latestEventId = async () =>
    Number(rowsOf<{ id: number | string | null }>(await t.database.db.execute(sql`select max(id) as id from live_events`))[0]!.id);
  const open = async (lastEventId: number) => {
    const stream = await openEventStream(`${base}/api/groups/${groupId}/events?lastEventId=${lastEventId}`, { cookie: ana.cookie });
    streams.push(stream);
    expect(stream.status).toBe(200);
    return stream;
  };
  const goal = (id: string, home: number) => (event: StreamEvent) =>
    event.event === 'match' && (event.data as { matchId: string }).matchId === id && (event.data as { homeGoals: number }).homeGoals === home;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoIfEmpty(t.database.db, new Date());
    ana = await createUser(t, { username: 'ana' });
    const leagueId = (await t.app.inject({ method: 'GET', url: '/api/leagues' })).json().leagues[0].id as string;
    groupId = (await t.app.inject({ method: 'POST', url: '/api/groups', payload: { name: 'Resume pool', leagueId }, headers: { cookie: ana.cookie } })).json().group.id;
    const scheduled = await t.database.db.select({ id: matches.id }).from(matches)
      .where(and(eq(matches.leagueId, leagueId), eq(matches.status, 'scheduled'))).orderBy(matches.kickoff).limit(2);
    [matchId, otherId] = scheduled.map((match) => match.id) as [string, string];
    base = await listenLocally(t.app);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t?.close();
  });

  it('is the latest live event the read saw, and a stream opened with it hears what came after the read', async () => {
    await setMatchResult(t.database.db, matchId, { status: 'live', homeGoals: 1, awayGoals: 0 });
    const read = await readMatches();
    expect(read.liveEventId).toBe(await latestEventId());
    expect(read.matches.find((match) => match.id === matchId)).toMatchObject({ status: 'live', homeGoals: 1 });

    await setMatchResult(t.database.db, matchId, { status: 'live', homeGoals: 2, awayGoals: 0 }); // after the read
    const stream = await open(read.liveEventId!);
    const missed = await stream.next(goal(matchId, 2), 2_000);
    expect(Number(missed.id)).toBeGreaterThan(read.liveEventId!);
    expect(stream.events.some((event) => event.event === 'resync')).toBe(false);
    // And what comes next, live.
    await setMatchResult(t.database.db, matchId, { status: 'live', homeGoals: 3, awayGoals: 0 });
    await stream.next(goal(matchId, 3), 2_000);
  });

  it('is in the OpenAPI document: an integer, or null', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const schema = doc.paths['/api/groups/{groupId}/matches'].get.responses['200'].content['application/json'].schema;
    expect(schema.required).toContain('liveEventId');
    expect(JSON.stringify(schema.properties.liveEventId)).toMatch(/integer.*null|null.*integer/);
  });

  it('is the last number issued when every event was pruned, which resumes without a resync', async () => {
    const before = await latestEventId();
    await t.database.db.execute(sql`delete from live_events`);
    const read = await readMatches();
    expect(read.liveEventId).toBe(before);
    await setMatchResult(t.database.db, matchId, { status: 'live', homeGoals: 4, awayGoals: 0 });
    const stream = await open(read.liveEventId!);
    expect(await stream.next(undefined, 2_000)).toMatchObject({ event: 'match', data: { matchId, homeGoals: 4 } });
  });

  it.runIf(TEST_DB_KIND === 'postgres')('covers an event numbered below it that commits after the read', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => { release = resolve; });
    let numbered!: () => void;
    const inserted = new Promise<void>((resolve) => { numbered = resolve; });
    // Takes its event number, then waits, uncommitted, while a later-numbered goal commits and the page reads.
    const slow = t.database.db.transaction(async (tx) => {
      await tx.update(matches).set({ status: 'live', homeGoals: 0, awayGoals: 3 }).where(eq(matches.id, otherId));
      await scoreMatches(tx, [otherId]);
      numbered();
      await gate;
    });
    await inserted;
    await setMatchResult(t.database.db, matchId, { status: 'live', homeGoals: 5, awayGoals: 0 });
    const read = await readMatches();
    expect(read.matches.find((match) => match.id === otherId)).toMatchObject({ status: 'scheduled', awayGoals: null });
    release();
    await slow; // committed after the read, before the stream opens: the replay's margin brings it
    const stream = await open(read.liveEventId!);
    const late = await stream.next((event) => event.event === 'match' && (event.data as { matchId: string }).matchId === otherId, 2_000);
    expect(Number(late.id)).toBeLessThan(read.liveEventId!);
    expect(late.data).toMatchObject({ status: 'live', awayGoals: 3 });
  });
});
