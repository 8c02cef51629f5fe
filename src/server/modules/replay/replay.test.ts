/**
 * A replay of the 2022 World Cup's last four matches at speed 600, driven tick by tick on a fake clock over
 * HTTP and an event stream: an administrator creates it from an uploaded openfootball document, members
 * predict before the close, goals arrive at their (scaled) minutes with their scorers, half time, extra time
 * and the final's shoot-out, the ranking moves while in play and after full time; pause freezes the clock
 * and resume moves kickoffs on; stop cancels what is left; delete removes the league with its groups; and
 * only administrators may do any of it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { openEventStream, type EventStream } from '../../../../tests/helpers/event-stream';
import { listenLocally } from '../../../../tests/helpers/listen';
import { hasOpenfootballData, readOpenfootball } from '../../../../tests/openfootball-data';
import { createUser, type TestUser } from '../../../../tests/helpers/users';
import { rowsOf } from '../../db/client';
import { matchMinuteMs } from '../../../domain/replay';
import { totalsMismatches } from '../scoring/consistency';
import { foldPending } from '../scoring/fold';
import { tickReplay } from './service';

const withData = hasOpenfootballData();
const SPEED = 600;
const MINUTE = matchMinuteMs(SPEED); // 100 ms of real time

describe.skipIf(!withData)(`tournament replay (${TEST_DB_KIND})`, () => {
  let t: TestApp;
  let admin: TestUser;
  let ana: TestUser;
  let bruno: TestUser;
  let base: string;
  let leagueId: string;
  let groupId: string;
  let startsAt: Date;
  const streams: EventStream[] = [];
  const as = (who: TestUser | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });
  /** The last four matches of the 2022 World Cup: both semi-finals, the match for third place, the final. */
  const lastFour = () => {
    const document = readOpenfootball('worldcup.json/2022/worldcup.json') as { name: string; matches: { round: string }[] };
    return { ...document, matches: document.matches.filter((m) => ['Semi-finals', 'Match for third place', 'Final'].includes(m.round)) };
  };
  const at = (ms: number) => new Date(startsAt.getTime() + ms);
  const tick = (ms: number) => tickReplay(t.database.db, leagueId, { now: at(ms), minIntervalMs: 0 });
  const groupMatches = async () => (await as(ana, 'GET', `/api/groups/${groupId}/matches`)).json().matches as {
    id: string; status: string; homeGoals: number | null; awayGoals: number | null; homeGoalsExtraTime: number | null; homePenalties: number | null;
    awayPenalties: number | null; kickoff: string; homeTeam: { name: string }; awayTeam: { name: string };
    live: { phase: string; minutes: number | null; at: string; rate: number } | null; goals: { scorer: string | null; minute: number; side: string }[];
  }[];
  const final = async () => (await groupMatches()).find((m) => m.homeTeam.name === 'Argentina' && m.awayTeam.name === 'France')!;
  /** The final's offset from the first kickoff, in ms (read from its replayed kickoff). */
  let finalOffset = 0;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: 'replay-boss@example.com', SCORING_FOLD_INTERVAL_MS: '3600000', LIVE_HEARTBEAT_MS: '200' });
    [admin, ana, bruno] = await Promise.all([
      createUser(t, { email: 'replay-boss@example.com', username: 'replay_boss' }), createUser(t, { username: 'ana' }), createUser(t, { username: 'bruno' }),
    ]);
    base = await listenLocally(t.app);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await t?.close();
  });

  it('is for administrators only, and refuses a file that is not a tournament with a clear error', async () => {
    const body = { source: { kind: 'bundled', name: 'worldcup-2022' }, speed: 60, startsAt: new Date(Date.now() + 3_600_000).toISOString() };
    expect((await as(null, 'POST', '/api/admin/replays', body)).statusCode).toBe(401);
    expect((await as(ana, 'POST', '/api/admin/replays', body)).statusCode).toBe(403);
    expect((await as(ana, 'GET', '/api/admin/replays')).statusCode).toBe(403);
    const bad = await as(admin, 'POST', '/api/admin/replays', { ...body, source: { kind: 'document', name: 'x.json', document: { hello: 'world' } } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({ id: 'replay_source', message: expect.stringMatching(/Not an openfootball file/) });
    const past = await as(admin, 'POST', '/api/admin/replays', { ...body, startsAt: '2020-01-01T00:00:00Z' });
    expect(past.json().error.id).toBe('validation_failed');
    const fast = await as(admin, 'POST', '/api/admin/replays', { ...body, speed: 601 });
    expect(fast.statusCode).toBe(400);
    expect(await t.database.db.execute(sql`select 1 from replays`).then((r) => rowsOf(r).length)).toBe(0);
  });

  it('creates a league with the real pairings, kickoffs on the replay clock, marked as a replay', async () => {
    startsAt = new Date(Date.now() + 30 * 60_000); // predictions of the first match are open for 15 minutes more
    const created = await as(admin, 'POST', '/api/admin/replays', {
      source: { kind: 'document', name: 'worldcup.json', document: lastFour(), timeZone: 'Asia/Qatar' }, speed: SPEED, startsAt: startsAt.toISOString(),
      leagueName: 'World Cup 2022 semis',
    });
    expect(created.statusCode).toBe(201);
    const replay = created.json().replay;
    expect(replay).toMatchObject({ state: 'running', speed: SPEED, source: 'upload:worldcup.json', startsAt: startsAt.toISOString(), demo: false });
    leagueId = replay.leagueId;
    const league = (await as(admin, 'GET', `/api/admin/leagues/${leagueId}`)).json().league;
    expect(league).toMatchObject({ name: 'World Cup 2022 semis', matches: 4, replay: { state: 'running', speed: SPEED } });
    expect((await as(ana, 'GET', '/api/leagues')).json().leagues.find((l: { id: string }) => l.id === leagueId)).toMatchObject({ replay: true });

    const group = (await as(ana, 'POST', '/api/groups', { name: 'Replay pool', leagueId })).json().group;
    groupId = group.id;
    expect(group.league).toMatchObject({ replay: true });
    expect((await as(bruno, 'POST', '/api/groups/join', { inviteCode: group.inviteCode })).statusCode).toBe(200);
    const list = await groupMatches();
    expect(list.map((m) => `${m.homeTeam.name} v ${m.awayTeam.name}`)).toEqual([
      'Argentina v Croatia', 'France v Morocco', 'Croatia v Morocco', 'Argentina v France',
    ]);
    expect(list.every((m) => m.status === 'scheduled' && m.homeGoals === null && m.goals.length === 0)).toBe(true);
    // Real gaps of a day or more are held to 3 hours of match time: 18 s apart at speed 600.
    const offsets = list.map((m) => Date.parse(m.kickoff) - startsAt.getTime());
    expect(offsets).toEqual([0, 18_000, 36_000, 54_000]);
    finalOffset = offsets[3]!;
    // Members predict the final before its close (scored on the full-time 2–2): Ana 2–2, Bruno 2–1.
    const final = list[3]!;
    expect((await as(ana, 'PUT', `/api/groups/${groupId}/predictions/${final.id}`, { homeGoals: 2, awayGoals: 2 })).statusCode).toBe(200);
    expect((await as(bruno, 'PUT', `/api/groups/${groupId}/predictions/${final.id}`, { homeGoals: 2, awayGoals: 1 })).statusCode).toBe(200);
  });

  it('plays the final goal by goal: scorers at their minutes, half time, extra time and the shoot-out, events on the stream', async () => {
    const stream = await openEventStream(`${base}/api/groups/${groupId}/events`, { cookie: ana.cookie });
    streams.push(stream);
    expect(stream.status).toBe(200);
    const finalId = (await final()).id;
    const finalEvent = (predicate: (data: Record<string, unknown>) => boolean) =>
      stream.next((e) => e.event === 'match' && (e.data as { matchId: string }).matchId === finalId && predicate(e.data as Record<string, unknown>), 5_000);

    expect((await tick(finalOffset - 1))?.written).toBe(true);
    expect(await final()).toMatchObject({ status: 'scheduled', homeGoals: null, live: null });
    // Kickoff: live at 0–0, the first half's clock running at the replay's speed from the kickoff instant.
    await tick(finalOffset + 1);
    const kickedOff = await finalEvent((d) => d.status === 'live');
    expect(kickedOff.data).toMatchObject({ homeGoals: 0, awayGoals: 0, live: { phase: 'first_half', minutes: 0, rate: SPEED }, goals: [] });
    expect((await final()).live).toEqual({ phase: 'first_half', minutes: 0, at: at(finalOffset).toISOString(), rate: SPEED });
    // Nothing new: nothing written, nothing published.
    expect((await tick(finalOffset + 2))?.written).toBe(false);
    // Two instances ticking at once: one runner (the other finds the replay locked or just ticked).
    await new Promise((resolve) => setTimeout(resolve, 600)); // past the last tick's 500 ms
    const both = await Promise.all([0, 1].map(() => tickReplay(t.database.db, leagueId, { now: at(finalOffset + 3) })));
    expect(both.filter((outcome) => outcome !== null)).toHaveLength(1);
    // 23' pen: Messi.
    await tick(finalOffset + 22.6 * MINUTE);
    const messi = await finalEvent((d) => d.homeGoals === 1);
    expect(messi.data).toMatchObject({ status: 'live', homeGoals: 1, awayGoals: 0, goals: [{ side: 'home', minute: 23, scorer: 'Lionel Messi', penalty: true }] });
    // The ranking in play: at 1–0 Bruno's 2–1 has the goal difference (5), Ana's 2–2 nothing.
    const inPlay = (await as(ana, 'GET', `/api/groups/${groupId}/ranking`)).json();
    expect(inPlay.liveMatches).toBe(1);
    expect(inPlay.ranking.map((r: { username: string; points: number }) => [r.username, r.points])).toEqual([['bruno', 5], ['ana', 0]]);
    // Half time at 2–0 (Di María 36'): no clock runs.
    await tick(finalOffset + 50 * MINUTE);
    const halfTime = await finalEvent((d) => (d.live as { phase: string } | null)?.phase === 'half_time');
    expect(halfTime.data).toMatchObject({ homeGoals: 2, awayGoals: 0, live: { minutes: null } });
    expect((halfTime.data as { goals: { scorer: string }[] }).goals.map((g) => g.scorer)).toEqual(['Lionel Messi', 'Ángel Di María']);
    // 2–2 after Mbappé's 80' and 81', then extra time 3–3, then penalties.
    const timeline = { secondHalf: 62, extraTime: 62 + 45 + 4 + 5 };
    await tick(finalOffset + (timeline.secondHalf + 36.5) * MINUTE);
    await finalEvent((d) => d.awayGoals === 2);
    await tick(finalOffset + (timeline.extraTime + 18.1) * MINUTE);
    const extra = await finalEvent((d) => d.homeGoalsExtraTime === 3);
    expect(extra.data).toMatchObject({ homeGoals: 2, awayGoals: 2, awayGoalsExtraTime: 2, live: { phase: 'extra_time', minutes: 90 } });
    await tick(finalOffset + (timeline.extraTime + 31.5) * MINUTE);
    await finalEvent((d) => (d.live as { phase: string } | null)?.phase === 'penalties' && d.awayGoalsExtraTime === 3);
    // Full time: 3–3 after extra time, 4–2 on penalties, the six goals in order.
    await tick(finalOffset + 200 * MINUTE);
    const over = await finalEvent((d) => d.status === 'finished');
    expect(over.data).toMatchObject({ homeGoals: 2, awayGoals: 2, homeGoalsExtraTime: 3, awayGoalsExtraTime: 3, homePenalties: 4, awayPenalties: 2, live: null });
    expect((await final()).goals.map((g) => `${g.scorer} ${g.minute}`)).toEqual([
      'Lionel Messi 23', 'Ángel Di María 36', 'Kylian Mbappé 80', 'Kylian Mbappé 81', 'Lionel Messi 108', 'Kylian Mbappé 118',
    ]);
    // Scored like any result: Ana's 2–2 is exact (full time), Bruno's 2–1 the opposite of nothing — a draw: 0 points.
    await foldPending(t.database.db);
    const ranking = (await as(ana, 'GET', `/api/groups/${groupId}/ranking`)).json();
    expect(ranking.liveMatches).toBe(0);
    const points = Object.fromEntries(ranking.ranking.map((r: { username: string; points: number }) => [r.username, r.points]));
    expect(points).toMatchObject({ ana: 10, bruno: 0 });
    expect(await totalsMismatches(t.database.db)).toEqual([]);
  });

  it('pauses (the clock stops, nothing moves), resumes (kickoffs move on by the pause) and stops (what is left is cancelled)', async () => {
    // Back to a fresh replay of the same four matches, starting in 30 minutes.
    startsAt = new Date(Date.now() + 30 * 60_000);
    const created = (await as(admin, 'POST', '/api/admin/replays', {
      source: { kind: 'document', name: 'worldcup.json', document: lastFour(), timeZone: 'Asia/Qatar' }, speed: SPEED, startsAt: startsAt.toISOString(),
    })).json().replay;
    const id = created.leagueId as string;
    const matchesOf = async () => rowsOf<{ external_id: string; status: string; kickoff: Date | string; live: unknown }>(await t.database.db.execute(sql`
      select external_id, status, kickoff, live from matches where league_id = ${id}::uuid order by kickoff, external_id`));
    const kickoffs = async () => (await matchesOf()).map((m) => new Date(m.kickoff).getTime());
    const planned = await kickoffs();
    await tickReplay(t.database.db, id, { now: at(10 * MINUTE), minIntervalMs: 0 });
    expect((await matchesOf())[0]).toMatchObject({ status: 'live', live: { phase: 'first_half', rate: SPEED } });

    expect((await as(ana, 'POST', `/api/admin/replays/${id}/pause`)).statusCode).toBe(403);
    // Paused 10 match minutes in (the database's clock is not the fake one: pause at a chosen instant through the service).
    const { controlReplay } = await import('./service');
    await controlReplay(t.database.db, id, 'pause', at(10 * MINUTE));
    expect((await matchesOf())[0]).toMatchObject({ status: 'live', live: { phase: 'first_half', minutes: 10, rate: 0 } });
    // Long after: still 10 minutes in, nothing written.
    expect(await tickReplay(t.database.db, id, { now: at(500 * MINUTE), minIntervalMs: 0 })).toBeNull();
    expect((await as(admin, 'POST', `/api/admin/replays/${id}/pause`)).json().error.id).toBe('replay_state');
    // Resumed 60 s later: every kickoff moves on by 60 s, the clock runs again from minute 10.
    await controlReplay(t.database.db, id, 'resume', at(10 * MINUTE + 60_000));
    expect(await kickoffs()).toEqual(planned.map((k) => k + 60_000));
    expect((await matchesOf())[0]).toMatchObject({ live: { phase: 'first_half', minutes: 0, rate: SPEED } });
    // Stopped over HTTP: the live match and those to come are cancelled.
    const stopped = await as(admin, 'POST', `/api/admin/replays/${id}/stop`);
    expect(stopped.json().replay).toMatchObject({ state: 'stopped' });
    expect((await matchesOf()).map((m) => m.status)).toEqual(['cancelled', 'cancelled', 'cancelled', 'cancelled']);
    expect((await as(admin, 'POST', `/api/admin/replays/${id}/resume`)).json().error.id).toBe('replay_state');
    // Deleted with its group.
    const group = (await as(ana, 'POST', '/api/groups', { name: 'Doomed pool', leagueId: id })).json().group;
    expect((await as(ana, 'DELETE', `/api/admin/replays/${id}`)).statusCode).toBe(403);
    expect((await as(admin, 'DELETE', `/api/admin/replays/${id}`)).statusCode).toBe(204);
    expect((await as(ana, 'GET', `/api/groups/${group.id}`)).statusCode).toBe(404);
    expect(rowsOf(await t.database.db.execute(sql`select 1 from matches where league_id = ${id}::uuid`))).toHaveLength(0);
    expect((await as(admin, 'GET', '/api/admin/replays')).json().replays.map((r: { leagueId: string }) => r.leagueId)).not.toContain(id);
    // A league that is not a replay is not deleted this way.
    const other = rowsOf<{ id: string }>(await t.database.db.execute(sql`
      insert into leagues (name, season, kind, provider, external_id) values ('Kept', '2026', 'league', 'manual', 'kept') returning id`))[0]!.id;
    expect((await as(admin, 'DELETE', `/api/admin/replays/${other}`)).json().error.id).toBe('league_not_replay');
  });
});
