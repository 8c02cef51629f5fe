/**
 * `npm run bench:night`: a World Cup night, measured. The 2022 World Cup's semi-finals, third place and
 * final are replayed (src/server/modules/replay) at BENCH_NIGHT_SPEED (120: about 6 minutes) on
 * PostgreSQL (BENCH_DATABASE_URL, required: a fresh database is created there and dropped after), in a
 * league holding the tournament's first 60 matches finished, with BENCH_NIGHT_GROUPS (10,000) groups of
 * 10–50 members and BENCH_NIGHT_PREDICTIONS (200 a group: 2,000,000) predictions, all generated in SQL
 * (bench/night-data.ts). The app (buildApp, SYNC off) runs in this process; the benchmark ticks the replay
 * itself every 250 ms, as the sync scheduler would every second. Its clients run in worker threads
 * (bench/night-worker.ts): a health sampler with an independent LISTEN on the live events (the instant
 * each event's transaction committed), BENCH_NIGHT_STREAMS (5,000) event streams, the save rush, the
 * ranking readers.
 *
 * The night, in order:
 * 1. Idle: GET /api/health sampled alone (the baseline of its p99), then loaded by autocannon (50
 *    connections × 5 s: the baseline of the rush's rate).
 * 2. Baseline goal → event: the third-place match replayed alone in a league of its own, one stream open.
 * 3. The streams open (memory before and after, after a GC).
 * 4. The save rush: the replay's kickoffs are moved (replays.starts_at) so that the final's predictions
 *    close BENCH_NIGHT_RUSH_S (60) seconds later; BENCH_NIGHT_RUSH_CONNECTIONS (50) clients save the
 *    final's prediction for one member of each group in turn until the close; then every save answered
 *    "saved" is looked for in the database with the score sent last.
 * 5. The jump: the kickoffs move again so that the first semi-final kicks off 10 s later (predictions
 *    close 15 minutes before each kickoff; at speed 120 all four matches play within 5 minutes, so the
 *    final's close falls 10.5 minutes before the first kickoff: those minutes are skipped).
 * 6. The matches play. From the final's kickoff BENCH_NIGHT_READERS (20) connections read the groups'
 *    rankings in turn; at full time each group is read until its ranking counts the final.
 * Figures: goal → event delivered (p50 / p99 across streams and goals, from the commit as the independent
 * listener heard it), full time → every group's ranking fresh, the rush (req/s, p99, none lost), the
 * health route's p99 throughout and per stage, memory. Every figure with its baseline from the same run.
 */
import { availableParallelism, loadavg } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openFreshPostgres } from '../tests/helpers/app';
import { rowsOf, type Db } from '../src/server/db/client';
import { PREDICTION_CLOSE_MINUTES } from '../src/domain/deadline';
import { LIVE_CHANNEL } from '../src/server/modules/live/publish';
import { controlReplay, tickReplay } from '../src/server/modules/replay/service';
import { planReplay } from '../src/server/providers/replay/plan';
import { readReplaySource } from '../src/server/providers/replay/source';
import { loadNight, READER_ID, REPLAYED_MATCHES, sessionCookie, type NightData } from './night-data';
import { startThread } from './night-threads';
import type { HealthReport, RankingsReport, RushMember, RushReport, StreamsReport } from './night-worker';
import { printNight, type Change, type Played, type Stage } from './night-report';
import { runLoad } from './load';
import { BENCH_SECRET, browserCookie, startBenchServer } from './server';

const GROUPS = Number(process.env.BENCH_NIGHT_GROUPS ?? 10_000);
const STREAMS = Number(process.env.BENCH_NIGHT_STREAMS ?? 5_000);
const PREDICTIONS = Number(process.env.BENCH_NIGHT_PREDICTIONS ?? 200 * GROUPS);
const SPEED = Number(process.env.BENCH_NIGHT_SPEED ?? 120);
const RUSH_S = Number(process.env.BENCH_NIGHT_RUSH_S ?? 60);
const RUSH_CONNECTIONS = Number(process.env.BENCH_NIGHT_RUSH_CONNECTIONS ?? 50);
const READERS = Number(process.env.BENCH_NIGHT_READERS ?? 20);
/** BENCH_NIGHT_REMINDERS=off: the reminders job off (it is on by default, as the app runs). */
const REMINDERS = process.env.BENCH_NIGHT_REMINDERS !== 'off';
/** Milliseconds between the starts of two ticks of the replay. */
const TICK_MS = 250;
/** How long the readers may take to find every ranking fresh after full time. */
const FRESH_TIMEOUT_MS = 120_000;
/** Streams per client address: the server's cap by address (LIVE_STREAMS_PER_ADDRESS) is 200. */
const STREAMS_PER_ADDRESS = 200;
const SECRET = BENCH_SECRET;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const log = (message: string) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${message}`);
const int = (value: number) => Math.round(value).toLocaleString('en');


/** The app on `database` as the night runs it: its own data folder, reminders as REMINDERS says. */
const startServer = (database: Awaited<ReturnType<typeof openFreshPostgres>>['database']) =>
  startBenchServer(database, { DATA_DIR: '/tmp/palpite-bench-night', REMINDERS: REMINDERS ? 'true' : 'false' });

/** Moves a replay that has not started: its first kickoff to `firstKickoff`, written at once by a tick. */
async function moveReplay(db: Db, leagueId: string, firstKickoff: Date): Promise<void> {
  await db.execute(sql`update replays set starts_at = ${firstKickoff.toISOString()}::timestamptz where league_id = ${leagueId}::uuid`);
  await tickReplay(db, leagueId, { minIntervalMs: 0 });
}

/**
 * Ticks a replay every TICK_MS until it finishes (or `until` says so), noting after each tick that wrote
 * something which of `matchIds` kicked off, scored or finished; `onChange` hears each change as it is seen.
 * @returns the changes and every tick's duration (ms).
 */
async function play(db: Db, leagueId: string, matchIds: readonly string[], onChange: (change: Change) => void, until?: (changes: Change[]) => boolean): Promise<Played> {
  const changes: Change[] = [];
  const ticks: number[] = [];
  const known = new Map(matchIds.map((id) => [id, { goals: 0, status: 'scheduled' }]));
  const list = sql.join(matchIds.map((id) => sql`${id}::uuid`), sql`, `);
  for (;;) {
    const tickStart = Date.now();
    const outcome = await tickReplay(db, leagueId, { minIntervalMs: 0 });
    const tickEnd = Date.now();
    ticks.push(tickEnd - tickStart);
    if (outcome?.written) {
      const states = rowsOf<{ id: string; status: string; goals: number }>(await db.execute(sql`
        select id, status, (coalesce(home_goals_extra_time, home_goals, 0) + coalesce(away_goals_extra_time, away_goals, 0))::int as goals
          from matches where id in (${list})`));
      const seen = (change: Change) => {
        changes.push(change);
        onChange(change);
      };
      for (const state of states) {
        const before = known.get(state.id)!;
        const goals = Number(state.goals);
        if (before.status === 'scheduled' && state.status !== 'scheduled') seen({ matchId: state.id, kind: 'kickoff', goals: 0, tickStart, tickEnd });
        for (let g = before.goals + 1; g <= goals; g++) seen({ matchId: state.id, kind: 'goal', goals: g, tickStart, tickEnd });
        if (state.status === 'finished' && before.status !== 'finished') seen({ matchId: state.id, kind: 'finished', goals, tickStart, tickEnd });
        known.set(state.id, { goals: Math.max(before.goals, goals), status: state.status });
      }
    }
    if (outcome?.state === 'finished' || until?.(changes)) return { changes, ticks };
    await sleep(Math.max(0, TICK_MS - (Date.now() - tickStart)));
  }
}

/**
 * Watches the server thread for stalls: a 10 ms timer that fired more than 100 ms late means the thread was
 * busy (or not scheduled) that long. Each stall: [when it ended (Date.now()), how late (ms)].
 */
function watchStalls(): { stalls: [number, number][]; stop: () => void } {
  const stalls: [number, number][] = [];
  let last = performance.now();
  const timer = setInterval(() => {
    const now = performance.now();
    const late = now - last - 10;
    if (late > 100) stalls.push([Date.now(), late]);
    last = now;
  }, 10);
  return { stalls, stop: () => clearInterval(timer) };
}

/**
 * The matches queued for folding, with their predictions: until folded, each one's predictions are added
 * on every ranking read (groups/ranking.ts pending rows).
 */
async function queuedMatches(db: Db): Promise<string[]> {
  const rows = rowsOf<{ round_name: string; predictions: number }>(await db.execute(sql`
    select m.round_name, (select count(*)::int from predictions p where p.match_id = m.id) as predictions
      from scoring_queue q join matches m on m.id = q.match_id order by m.kickoff`));
  return rows.map((row) => `${row.round_name} (${int(Number(row.predictions))} predictions)`);
}

const memory = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage();
};

async function main() {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl) {
    console.error('bench:night runs on PostgreSQL: set BENCH_DATABASE_URL (a fresh database is created there and dropped after).');
    process.exit(1);
  }
  const loadAtStart = loadavg();
  const { competition, label } = await readReplaySource({ kind: 'bundled', name: 'worldcup-2022' });
  const replayed = competition.matches.slice(-REPLAYED_MATCHES);
  const plan = planReplay({ ...competition, matches: replayed }, SPEED);
  const finalOffsetMs = plan.matches.at(-1)!.offsetMs;
  const fresh = await openFreshPostgres(databaseUrl, 'palpite_bench_night');
  const { database } = fresh;
  const db = database.db;
  const stages: Stage[] = [];
  const stage = async <T>(name: string, run: () => Promise<T>): Promise<T> => {
    const from = Date.now();
    log(`${name}…`);
    try {
      return await run();
    } finally {
      stages.push({ name, from, to: Date.now() });
    }
  };
  try {
    log(`loading ${int(GROUPS)} groups, ${int(PREDICTIONS)} predictions, sessions for ${int(STREAMS)} streams`);
    const data: NightData = await loadNight(db, {
      competition, source: label, speed: SPEED, groups: GROUPS, predictions: PREDICTIONS, streams: STREAMS, startsAt: new Date(Date.now() + 86_400_000),
    });
    log(`loaded in ${data.seconds.load.toFixed(1)} s (earlier matches folded in ${data.seconds.fold.toFixed(1)} s, VACUUM ANALYZE ${data.seconds.vacuum.toFixed(1)} s): ${JSON.stringify(data.counts)}`);
    const { app, url } = await startServer(database);
    const threads: { stop: () => Promise<unknown> }[] = [];
    try {
      const readerCookie = await browserCookie(app, await sessionCookie(READER_ID, SECRET));
      const healthThread = startThread({ role: 'health', url, databaseUrl: fresh.url, channel: LIVE_CHANNEL, intervalMs: 50 });
      threads.push(healthThread);
      await healthThread.next('open', 60_000);

      // 1. Idle. The server thread's event-loop delay is watched alone here, then from the baseline on.
      const idleLoop = monitorEventLoopDelay({ resolution: 10 });
      idleLoop.enable();
      await stage('idle', () => sleep(10_000));
      idleLoop.disable();
      const healthLoad = await stage('health under autocannon', () => runLoad({ kind: 'plain', url: `${url}/api/health`, connections: RUSH_CONNECTIONS, duration: 5 }));

      // 2. Baseline goal → event: one stream, the third-place match replayed alone.
      const nightLoop = monitorEventLoopDelay({ resolution: 10 });
      nightLoop.enable();
      const stalls = watchStalls();
      const baseline = await stage('baseline: one stream, the third place replayed alone', async () => {
        const one = startThread({ role: 'streams', url, streams: [{ path: `/api/groups/${data.baseline.groupId}/events`, cookie: await sessionCookie(data.baseline.userId, SECRET), localAddress: '127.0.0.1' }] });
        await one.next('ready', 60_000);
        one.send('start');
        await one.next('open', 60_000);
        const [match] = rowsOf<{ id: string }>(await db.execute(sql`select id from matches where league_id = ${data.baseline.leagueId}::uuid`));
        await moveReplay(db, data.baseline.leagueId, new Date(Date.now() + 2_000));
        // Its goals come in the first half (7', 9', 42'): stopped after the last.
        const played = await play(db, data.baseline.leagueId, [match!.id], () => {}, (changes) => changes.filter((c) => c.kind === 'goal').length >= 3);
        await sleep(1_000);
        const streams = await one.stop<StreamsReport>();
        await controlReplay(db, data.baseline.leagueId, 'stop');
        return { ...played, streams };
      });

      // 3. The streams open.
      const streamsThread = startThread({
        role: 'streams', url,
        streams: await Promise.all(data.streamMembers.map(async (member, i) => {
          const address = 2 + Math.floor(i / STREAMS_PER_ADDRESS);
          return {
            path: i % 2 === 0 ? `/api/groups/${member.groupId}/events` : '/api/events',
            cookie: await sessionCookie(member.userId, SECRET),
            localAddress: `127.0.${Math.floor(address / 256)}.${address % 256}`,
          };
        })),
      });
      threads.push(streamsThread);
      await streamsThread.next('ready', 60_000);
      const before = memory();
      const streamsOpening = Date.now();
      streamsThread.send('start');
      const opened = await stage(`${int(STREAMS)} streams opening`, () => streamsThread.next('open', 600_000));
      const openSeconds = (Number(opened.at) - streamsOpening) / 1000;
      const afterStreams = memory();
      log(`${opened.open} streams open in ${openSeconds.toFixed(1)} s (${opened.failed} failed)`);

      // 4. The save rush, until the final's close.
      const copiesFrom = performance.now();
      const rushMembers: RushMember[] = [];
      for (let i = 0; i < data.rushMembers.length; i += 50) {
        rushMembers.push(...await Promise.all(data.rushMembers.slice(i, i + 50).map(async (member) => ({
          ...member, cookie: await browserCookie(app, await sessionCookie(member.userId, SECRET)),
        }))));
      }
      log(`${int(rushMembers.length)} session copies made in ${((performance.now() - copiesFrom) / 1000).toFixed(1)} s`);
      const closeAt = Date.now() + RUSH_S * 1_000;
      const finalKickoff = closeAt + PREDICTION_CLOSE_MINUTES * 60_000;
      await moveReplay(db, data.leagueId, new Date(finalKickoff - finalOffsetMs));
      const rush = await stage('rush', async () => {
        // It stops by itself at the close, and reports.
        const thread = startThread({ role: 'rush', url, connections: RUSH_CONNECTIONS, matchId: data.finalId, members: rushMembers, stopAt: closeAt });
        threads.push(thread);
        const report = await thread.stop<RushReport>(closeAt - Date.now() + 60_000);
        threads.pop();
        return report;
      });
      await sleep(1_000); // answers still in flight at the close
      const stored = new Map(rowsOf<{ user_id: string; home_goals: number; away_goals: number }>(await db.execute(sql`
        select user_id, home_goals, away_goals from predictions where match_id = ${data.finalId}::uuid and split_part(user_id, '-', 3) = '1'`))
        .map((row) => [row.user_id, `${row.home_goals}-${row.away_goals}`]));
      const lost = rush.saved.filter(([member, score]) => stored.get(member) !== score.join('-')).length;
      const predictionsAtKickoff = Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from predictions`))[0]!.n);
      const afterClose = await app.inject({
        method: 'PUT', url: `/api/groups/${rushMembers[0]!.groupId}/predictions/${data.finalId}`,
        headers: { cookie: rushMembers[0]!.cookie, 'content-type': 'application/json' }, payload: { homeGoals: 1, awayGoals: 0 },
      });
      log(`rush: ${int(rush.total)} requests, ${rush.requestsPerSecond.toFixed(0)} req/s, p99 ${rush.p99} ms, ${JSON.stringify(rush.statuses)}; ${rush.saved.length} members saved, ${lost} lost; a save after the close answered ${afterClose.statusCode}`);

      // 5. The jump, then the night plays.
      const rankingsThread = startThread({ role: 'rankings', url, connections: READERS, cookie: readerCookie, readerId: READER_ID, groupIds: data.groupIds });
      threads.push(rankingsThread);
      const jumpedFrom = Date.now();
      await moveReplay(db, data.leagueId, new Date(Date.now() + 10_000));
      const jumpMinutes = (closeAt + PREDICTION_CLOSE_MINUTES * 60_000 - finalOffsetMs - (jumpedFrom + 10_000)) / 60_000;
      let fullTime = false;
      const night = await stage('the replay', () => play(db, data.leagueId, data.replayedIds, (change) => {
        if (change.matchId !== data.finalId) return;
        // The readers start at the final's kickoff and go on until every group has read it counted.
        if (change.kind === 'kickoff') rankingsThread.send('start');
        if (change.kind === 'finished') fullTime = true;
      }));
      const queuedAtFullTime = await queuedMatches(db);
      const allFresh = fullTime && await stage('after full time: every ranking read fresh', () => rankingsThread.next('fresh', FRESH_TIMEOUT_MS).then(() => true, () => false));
      // The check that none reads stale again (one more read of each group), outside the stages.
      if (allFresh) await rankingsThread.next('done', FRESH_TIMEOUT_MS).catch(() => {});
      nightLoop.disable();
      stalls.stop();
      const atEnd = memory();
      const rankings = await rankingsThread.stop<RankingsReport>();
      const streamsReport = await streamsThread.stop<StreamsReport>();
      const health = await healthThread.stop<HealthReport>();
      threads.length = 0;
      // Statements of the app's still running (a job's): named in the report, then cancelled so that the app can close.
      const running = rowsOf<{ pid: number; seconds: number; query: string }>(await db.execute(sql`
        select pid, extract(epoch from now() - query_start)::float8 as seconds, left(regexp_replace(query, '[[:space:]]+', ' ', 'g'), 140) as query
          from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid() and query not ilike 'listen %'`));
      const queuedAtEnd = await queuedMatches(db);
      const predictionsAtEnd = Number(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from predictions`))[0]!.n);
      const loadAtEnd = loadavg();

      printNight({
        data, url: databaseUrl, healthLoad: healthLoad.result, baseline, opened: { open: Number(opened.open), failed: Number(opened.failed), seconds: openSeconds },
        memory: { before, afterStreams, atEnd }, rush, rushConnections: RUSH_CONNECTIONS, rushSeconds: RUSH_S, lost, afterClose: afterClose.statusCode,
        predictionsAtKickoff, predictionsAtEnd, jumpMinutes, night, rankings, readers: READERS, allFresh, streams: streamsReport, health, stages,
        loads: [loadAtStart, loadAtEnd], cores: availableParallelism(), speed: SPEED, reminders: REMINDERS,
        queued: { fullTime: queuedAtFullTime, end: queuedAtEnd },
        running: running.map((row) => ({ query: row.query.trim(), seconds: Number(row.seconds), startedAt: Date.now() - Number(row.seconds) * 1000 })),
        stalls: stalls.stalls, loopDelay: { idle: { p99: idleLoop.percentile(99) / 1e6, max: idleLoop.max / 1e6 }, night: { p99: nightLoop.percentile(99) / 1e6, max: nightLoop.max / 1e6 } },
      });
      for (const row of running) await db.execute(sql`select pg_cancel_backend(${row.pid})`);
    } finally {
      for (const thread of threads) await thread.stop().catch(() => {});
      await app.close();
    }
  } finally {
    await database.close();
    await fresh.drop();
  }
}

await main();
