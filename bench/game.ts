/**
 * `npm run bench:game`: the game's paths on a World Cup night, each figure with a baseline measured in
 * the same run on the same database.
 *
 * 1. Final whistle: one match with BENCH_FINAL_PREDICTIONS predictions (default 400,000; the goal's
 *    figure is 2,000,000) across groups of BENCH_FINAL_GROUP_SIZE members (default 5), a quarter of the
 *    groups playing with jokers (both modes) and one member in three of those with a joker on the match:
 *    (a) saving the result and the first ranking read that counts it, (b) folding into member totals in
 *    background batches against a bare UPDATE of the same rows (`SET updated_at = updated_at`: each row
 *    rewritten once, as storing a point on it would), (c) ranking
 *    read latency while folding runs against the same reads before it.
 * 2. Ranking read over HTTP (autocannon, 50 connections) of a group of 100 and 1,000 members (add more
 *    with BENCH_RANKING_MEMBERS=100,1000,10000) over the 380-match EPL 2024/25, the group playing with
 *    jokers (one per round, each member's 38 played; BENCH_RANKING_JOKERS=off: without), against GET /api/health;
 *    also with a browser's Accept-Encoding (the answer compressed, as every browser gets it).
 * 3. Deadline rush: 50 connections saving predictions for one match from BENCH_RUSH_MEMBERS members
 *    (default 5,000), each request one member's; and a whole round in one request; a count proves none
 *    was lost.
 *
 * 5. Plans (BENCH_PARTS=plans): the ranking statement of a group of 20 among BENCH_PLANS_GROUPS (2,000)
 *    others, and of 1,000 members, under its generic plan against PostgreSQL's own choice of plan (4 is
 *    goal to fresh, below).
 *
 * BENCH_PARTS=final,ranking,rush chooses the parts (also: plans, fresh). The HTTP parts run autocannon in
 * a worker thread of the server's process (bench/load.ts): the server's thread serves requests only, as behind a real load;
 * the ratio to the health route under the same conditions is the figure to compare across machines.
 *
 * PGlite in memory by default (BENCH_EMBEDDED=folder: in a temporary data folder with durable commits, as
 * `npm start` runs it); PostgreSQL when BENCH_DATABASE_URL is set (fresh databases, dropped after).
 * Needs ../shared/data/openfootball. Bulk loads are followed by VACUUM ANALYZE (autovacuum is off here).
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { serializeSignedCookie } from 'better-call';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { openFreshPostgres } from '../tests/helpers/app';
import { runLoad, type LoadResult } from './load';
import { BENCH_SECRET, browserCookie, startBenchServer } from './server';
import { OPENFOOTBALL_DIR, readOpenfootball } from '../tests/openfootball-data';
import { sqlLiteral } from '../src/server/db/sql-literal';
import { arrayLiteral } from '../src/server/db/array-literal';
import { executePrepared, openDatabase, rowsOf, type Database, type Db } from '../src/server/db/client';
import { groupRanking, groupRankings, rankingQuery, rankingsQuery } from '../src/server/modules/groups/ranking';
import { groupStatsJson, roundTotalsQuery, streakQueries } from '../src/server/modules/groups/stats';
import { importCompetition } from '../src/server/modules/import/service';
import { jokerMismatches, totalsMismatches } from '../src/server/modules/scoring/consistency';
import { FOLD_BATCH_SIZE, foldBatchQuery, foldMatch, foldPaceFor, foldPending, type FoldPace } from '../src/server/modules/scoring/fold';
import { rankingsChanged } from '../src/server/modules/scoring/rankings-changed';
import { moveSeasonMark } from '../src/server/modules/scoring/season-totals';
import { scoreMatches } from '../src/server/modules/scoring/score-matches';
import { parseOpenfootball } from '../src/server/providers/openfootball/parse';

const FINAL_PREDICTIONS = Number(process.env.BENCH_FINAL_PREDICTIONS ?? 400_000);
const GROUP_SIZE = Number(process.env.BENCH_FINAL_GROUP_SIZE ?? 5);
/**
 * Predictions per fold batch: BENCH_FOLD_BATCH, or by default the app's pace for the database (fold.ts
 * foldPaceFor: on PGlite small batches while anything else uses the database, large ones when nothing has).
 */
const foldPace = (db: Db): FoldPace => (process.env.BENCH_FOLD_BATCH
  ? Number(process.env.BENCH_FOLD_BATCH) : foldPaceFor(process.env.BENCH_DATABASE_URL ? 'postgres' : 'pglite', db));
/** A pace that also counts the batches it sized (`batches()`: e.g. "80 × 5,000"). */
function countedPace(pace: FoldPace): { pace: () => number; batches: () => string } {
  const sizes = new Map<number, number>();
  return {
    pace: () => {
      const size = typeof pace === 'number' ? pace : pace();
      sizes.set(size, (sizes.get(size) ?? 0) + 1);
      return size;
    },
    batches: () => [...sizes].map(([size, count]) => `${count.toLocaleString('en')} × ${size.toLocaleString('en')}`).join(' + '),
  };
}
const RANKING_MEMBERS = (process.env.BENCH_RANKING_MEMBERS ?? '100,1000').split(',').map(Number);
/** BENCH_RANKING_JOKERS=off: the ranking part's group plays without jokers (to compare in the same hour). */
const RANKING_JOKERS = process.env.BENCH_RANKING_JOKERS !== 'off';
const RUSH_MEMBERS = Number(process.env.BENCH_RUSH_MEMBERS ?? 5_000);
/** Groups of 20 on the league in the goal-to-fresh part (4). */
const FRESH_GROUPS = Number(process.env.BENCH_FRESH_GROUPS ?? 10_000);
/** Seconds of the goal-to-fresh run after the goal (as many before it). */
const FRESH_AFTER_S = Number(process.env.BENCH_FRESH_AFTER_S ?? 10);
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const SECRET = BENCH_SECRET;

const f = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`);
async function time<T>(run: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const result = await run();
  return [performance.now() - start, result];
}
/** The largest of many numbers (Math.max(...values) overflows the stack past ~100,000 arguments). */
function largest(values: Iterable<number>): number {
  let top = -Infinity;
  for (const value of values) if (value > top) top = value;
  return top;
}
function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** BENCH_EMBEDDED=folder: PGlite in a data folder with durable commits, as `npm start` opens it. */
const EMBEDDED_FOLDER = process.env.BENCH_EMBEDDED === 'folder';

/**
 * A fresh database for one part of the benchmark, and how to drop it; `reopen` opens another handle on it
 * (a new pool, as a restarted instance has) on PostgreSQL, and gives the same handle on the embedded
 * database (one process holds it).
 */
async function open(label: string): Promise<{ database: Database; drop: () => Promise<void>; reopen: () => Promise<{ database: Database; close: () => Promise<void> }> }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (url) {
    const fresh = await openFreshPostgres(url, `palpite_bench_${label}`);
    /** The server processes (backends) on the database now. */
    const backends = async () => Number(rowsOf<{ n: number }>(await fresh.database.db.execute(sql`select count(*)::int as n from pg_stat_activity where datname = current_database()`))[0]!.n);
    const reopen = async () => {
      const before = await backends();
      const database = await openDatabase({ url: fresh.url });
      // Closed once its server processes have exited: they would otherwise still be exiting, on the same
      // cores, during the next measurement (a ranking computed after 30 connections closed took 140 ms).
      const close = async () => {
        await database.close();
        for (let i = 0; i < 100 && await backends() > before; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      };
      return { database, close };
    };
    return { ...fresh, reopen };
  }
  const same = (database: Database) => async () => ({ database, close: async () => {} });
  if (!EMBEDDED_FOLDER) {
    const database = await openDatabase({ memory: true });
    return { database, drop: async () => {}, reopen: same(database) };
  }
  const dataDir = mkdtempSync(join(tmpdir(), `palpite-bench-${label}-`));
  const database = await openDatabase({ dataDir });
  return { database, drop: async () => rmSync(dataDir, { recursive: true, force: true }), reopen: same(database) };
}
const kind = () => (process.env.BENCH_DATABASE_URL ? `PostgreSQL (${new URL(process.env.BENCH_DATABASE_URL).host})`
  : EMBEDDED_FOLDER ? `PGlite (data folder, ${process.env.EMBEDDED_FSYNC === 'false' ? 'commits not flushed: EMBEDDED_FSYNC=false' : 'durable commits'})`
    : 'PGlite (in memory)');
const vacuum = async (db: Db, table: string) => db.execute(sql.raw(`vacuum analyze ${table}`));

async function importFile(db: Db, file: string, tz: string) {
  return importCompetition(db, parseOpenfootball(readOpenfootball(file), { timeZone: tz, sourcePath: file }), { provider: 'openfootball' });
}

/** Users `prefix-1..n` with profiles, and a signed session cookie for each of the first `sessions`. */
async function makeUsers(db: Db, prefix: string, n: number, sessions = 0): Promise<string[]> {
  await db.execute(sql`insert into "user" (id, name, email, email_verified)
    select ${prefix} || '-' || g, 'Member ' || g, ${prefix} || g || '@example.com', true from generate_series(1, ${n}) g`);
  await db.execute(sql`insert into profiles (user_id, username, full_name)
    select ${prefix} || '-' || g, ${prefix} || '_' || g, 'Member ' || g from generate_series(1, ${n}) g`);
  if (sessions === 0) return [];
  await db.execute(sql`insert into session (id, token, user_id, expires_at)
    select ${prefix} || '-s' || g, ${prefix} || '-token-' || g, ${prefix} || '-' || g, now() + interval '1 day' from generate_series(1, ${sessions}) g`);
  const cookies: string[] = [];
  for (let i = 1; i <= sessions; i++) cookies.push(await serializeSignedCookie('better-auth.session_token', `${prefix}-token-${i}`, SECRET));
  return cookies.map((c) => c.split(';')[0]!);
}

/**
 * Scores a league's played matches through the app's own path (result snapshot, queue, background fold in
 * batches), after a bulk load of predictions: an imported match that arrived finished has no snapshot
 * (nobody could predict it), so its predictions count only once it is scored.
 */
async function scoreLeague(db: Db, leagueId: string): Promise<void> {
  const ids = rowsOf<{ id: string }>(await db.execute(sql`select id from matches where league_id = ${leagueId} and status <> 'scheduled'`)).map((r) => r.id);
  await db.transaction((tx) => scoreMatches(tx, ids, { syncLimit: 0 }));
  await foldPending(db, foldPace(db));
}

/** The app on `database`, folding only when asked (a benchmark folds on its own schedule). */
const startServer = (database: Database, options: { warmRankings?: boolean } = {}) => startBenchServer(database, { SCORING_FOLD_INTERVAL_MS: '3600000' }, options);

/** GET `url` (with `headers`) over 50 connections for DURATION seconds, from the load generator's own thread. */
async function cannon(url: string, headers?: Record<string, string>): Promise<LoadResult> {
  return (await runLoad({ kind: 'plain', url, connections: 50, duration: DURATION, ...(headers ? { headers } : {}) })).result;
}

async function finalWhistle(): Promise<string[]> {
  const { database, drop } = await open('final');
  const db = database.db;
  const out: string[] = [];
  try {
    const { leagueId } = await importFile(db, 'worldcup.json/2022/worldcup.json', 'Asia/Qatar');
    const [final] = rowsOf<{ id: string }>(await db.execute(sql`select id from matches where league_id = ${leagueId} and round_name = 'Final'`));
    const matchId = final!.id;
    await db.execute(sql`update matches set status = 'scheduled', home_goals = null, away_goals = null, home_goals_extra_time = null, away_goals_extra_time = null, home_penalties = null, away_penalties = null where id = ${matchId}`);
    const groupCount = Math.ceil(FINAL_PREDICTIONS / GROUP_SIZE);
    await makeUsers(db, 'fw', GROUP_SIZE);
    const [loadMs] = await time(async () => {
      // A quarter of the groups play with jokers (every 4th: half 'double', half 'double_positive'; half of
      // those with 3 for the season, half one per round), and in them one member in three has placed a
      // joker on the final.
      await db.execute(sql`insert into groups (name, league_id, color, invite_code, owner_id, joker_mode, jokers_per_season)
        select 'Pool ' || g, ${leagueId}, 'sky', 'B' || g, 'fw-1',
               (case when g % 8 = 0 then 'double' when g % 8 = 4 then 'double_positive' end)::joker_mode,
               case when g % 4 = 0 and g % 16 < 8 then 3 end
          from generate_series(1, ${groupCount}) g`);
      await db.execute(sql`insert into group_members (group_id, user_id)
        select g.id, 'fw-' || u from groups g cross join generate_series(1, ${GROUP_SIZE}) u where g.league_id = ${leagueId}`);
      await db.execute(sql`insert into predictions (group_id, user_id, match_id, home_goals, away_goals, joker)
        select g.id, 'fw-' || u, ${matchId}, floor(random() * 4)::int, floor(random() * 4)::int, g.joker_mode is not null and u % 3 = 1
          from groups g cross join generate_series(1, ${GROUP_SIZE}) u where g.league_id = ${leagueId}`);
      for (const table of ['groups', 'group_members', 'predictions', 'matches']) await vacuum(db, table);
    });
    const total = groupCount * GROUP_SIZE;
    const [counts] = rowsOf<{ groups: number; jokers: number }>(await db.execute(sql`
      select (select count(*)::int from groups where league_id = ${leagueId} and joker_mode is not null) as groups,
             (select count(*)::int from predictions where match_id = ${matchId} and joker) as jokers`));
    const sampleGroups = rowsOf<{ id: string }>(await db.execute(sql`select id from groups where league_id = ${leagueId} order by random() limit 200`)).map((r) => r.id);
    const readRanking = () => groupRanking(db, sampleGroups[Math.floor(Math.random() * sampleGroups.length)]!);
    // Groups checked against the scoring rule after each fold: five of the sample, and one of each joker
    // mode with a joker on the final (the first of them is also (a)'s probe).
    const jokerGroups = rowsOf<{ id: string }>(await db.execute(sql`
      select distinct on (g.joker_mode) g.id from groups g join predictions p on p.group_id = g.id and p.match_id = ${matchId} and p.joker
       where g.league_id = ${leagueId} order by g.joker_mode, g.invite_code`)).map((r) => r.id);
    const checked = [...sampleGroups.slice(0, 5), ...jokerGroups];
    const overAllowance = (await Promise.all(jokerGroups.map((g) => jokerMismatches(db, g)))).flat().length;
    if (overAllowance > 0) throw new Error(`${overAllowance} members over their jokers' allowance`);

    // Baseline for (b): a bare UPDATE of the same rows — every prediction of the match, jokers or not,
    // rewritten once (predictions no longer have a points column; a non-indexed column as it had).
    const [bareMs] = await time(() => db.execute(sql`update predictions set updated_at = updated_at where match_id = ${matchId}`));
    await vacuum(db, 'predictions');
    // Baseline for (c): ranking reads with nothing to fold.
    const before: number[] = [];
    for (let i = 0; i < 200; i++) before.push((await time(readRanking))[0]);

    // (a) The result is saved; the first ranking read counts it.
    const [saveMs] = await time(() => db.transaction(async (tx) => {
      await tx.execute(sql`update matches set status = 'finished', home_goals = 2, away_goals = 2, home_goals_extra_time = 3, away_goals_extra_time = 3, home_penalties = 4, away_penalties = 2 where id = ${matchId}`);
      await scoreMatches(tx, [matchId]);
    }));
    // A group playing with jokers: its jokers' points doubled (none of a draw's points is below 0).
    const probe = jokerGroups[0] ?? sampleGroups[0]!;
    const [firstReadMs, ranking] = await time(() => groupRanking(db, probe));
    const expected = rowsOf<{ user_id: string; points: number }>(await db.execute(sql`
      select user_id, (case when home_goals = 2 and away_goals = 2 then 10 when home_goals = away_goals then 5 else 0 end)
                      * (case when p.joker and g.joker_mode is not null then 2 else 1 end) as points
        from predictions p join groups g on g.id = p.group_id where p.group_id = ${probe} and p.match_id = ${matchId}`));
    const correct = expected.every((e) => ranking.rows.find((r) => r.userId === e.user_id)?.points === Number(e.points));

    if (process.env.BENCH_EXPLAIN) {
      // The plan of one fold batch (BENCH_EXPLAIN=1), rolled back.
      await db.transaction(async (tx) => {
        const [m] = rowsOf<{ v: number }>(await tx.execute(sql`select result_version as v from matches where id = ${matchId}`));
        await tx.execute(sql`set local enable_hashjoin = off`);
        await tx.execute(sql`set local enable_mergejoin = off`);
        const plan = rowsOf<Record<string, string>>(await tx.execute(sql`explain (analyze, buffers) ${foldBatchQuery(matchId, Number(m!.v) - 1, Number(m!.v), null, Number(process.env.BENCH_FOLD_BATCH ?? FOLD_BATCH_SIZE))}`));
        console.log(plan.map((row) => Object.values(row)[0]).join('\n'));
        tx.rollback();
      }).catch(() => {});
    }
    // (b) Folding in the background, alone (its baseline ran alone too).
    const foldBatches = countedPace(foldPace(db));
    const [foldMs, folded] = await time(() => foldMatch(db, matchId, foldBatches.pace));
    const drift = (await Promise.all(checked.map((g) => totalsMismatches(db, g)))).flat().length;
    await vacuum(db, 'member_round_totals');

    // (c) The score is corrected (2–1 after 90 minutes); its fold runs while rankings are read.
    await db.transaction(async (tx) => {
      await tx.execute(sql`update matches set home_goals = 2, away_goals = 1, home_goals_extra_time = null, away_goals_extra_time = null, home_penalties = null, away_penalties = null where id = ${matchId}`);
      await scoreMatches(tx, [matchId]);
    });
    const during: number[] = [];
    let folding = true;
    // One read after another, each starting on a turn of the event loop as a request would (a loop of
    // awaited PGlite statements alone never leaves the thread's microtasks, and no batch would start).
    const reader = (async () => {
      while (folding) {
        await nextTurn();
        during.push((await time(readRanking))[0]);
      }
    })();
    const refoldBatches = countedPace(foldPace(db));
    const [refoldMs] = await time(() => foldMatch(db, matchId, refoldBatches.pace));
    folding = false;
    await reader;
    const refoldDrift = (await Promise.all(checked.map((g) => totalsMismatches(db, g)))).flat().length;

    out.push(`### Final whistle — ${kind()}`, '',
      `${total.toLocaleString('en')} predictions of one match (World Cup 2022 final, 2–2 a.e.t. 3–3) in ${groupCount.toLocaleString('en')} groups of ${GROUP_SIZE}, ${Number(counts!.groups).toLocaleString('en')} of them with jokers (${Number(counts!.jokers).toLocaleString('en')} jokers on the final); load ${f(loadMs)}.`, '',
      '| measure | figure | baseline (same run) | ratio |', '| --- | --- | --- | --- |',
      `| (a) save the result + first ranking read that counts it | ${f(saveMs)} + ${f(firstReadMs)} (points ${correct ? 'correct' : 'WRONG'}) | goal ≤ 1 s | ${((saveMs + firstReadMs) / 1000).toFixed(2)}× the goal |`,
      `| (b) fold into member totals, background batches | ${f(foldMs)} (${folded.toLocaleString('en')} rows in ${foldBatches.batches()} batches, ${drift} mismatches in ${checked.length} checked groups) | bare UPDATE of the same rows: ${f(bareMs)} | ${(foldMs / bareMs).toFixed(2)}× |`,
      `| (c) ranking read p50 / p99 while a correction (2–1) is folded in ${f(refoldMs)} (${refoldBatches.batches()} batches, ${refoldDrift} mismatches), ${during.length} reads | ${f(percentile(during, 50))} / ${f(percentile(during, 99))} | before folding (200 reads): ${f(percentile(before, 50))} / ${f(percentile(before, 99))} | p99 ${(percentile(during, 99) / percentile(before, 99)).toFixed(1)}× |`, '');
  } finally {
    await database.close();
    await drop();
  }
  return out;
}

async function rankingOverHttp(): Promise<string[]> {
  const out: string[] = [`### Ranking read over HTTP — ${kind()}, autocannon 50 connections × ${DURATION} s; ${RANKING_JOKERS ? 'the group plays with jokers, 38 played by each member' : 'the group plays without jokers (BENCH_RANKING_JOKERS=off)'}`, '',
    '| members (× 380 matches) | ranking, first read after a change (computed) | ranking req/s | p50 / p99 | GET /api/health req/s (same server) | ratio | stats computed (median of 10, after 2 warm-up runs) | stats page over HTTP, cached (median of 10) | stats page over HTTP, first read after a change (median / max of 6) | stats page over HTTP, first read on a just-started instance (median / max of 6) | ranking, compressed as browsers ask (br) req/s | p50 / p99 | ratio to health |', '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |'];
  const computed: string[] = [`### Ranking computed — ${kind()}, cache off, one read at a time`, '',
    '| members (× 380 matches) | ranking computed (median of 20) | baseline: `select 1` (median of 20) | ratio | same, every round read (no season rows; median of 20) | ratio | first ranking read on a just-started instance (median / max of 3) | the same for a group the start does not compute (ten larger groups; median / max of 3) | the same, the start computing no ranking at all (median / max of 3) |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |'];
  for (const members of RANKING_MEMBERS) {
    const { database, drop, reopen } = await open(`ranking_${members}`);
    const db = database.db;
    try {
      const { leagueId } = await importFile(db, 'football.json/2024-25/en.1.json', 'Europe/London');
      const [sessionCookie] = await makeUsers(db, 'rk', members, 1);
      // The group plays with jokers, one per round, doubling the points (the −2 too), and every member has
      // played each round's: 38 a member, all on finished matches, which the ranking counts.
      const [group] = rowsOf<{ id: string }>(await db.execute(sql`insert into groups (name, league_id, color, invite_code, owner_id, joker_mode) values ('Big pool', ${leagueId}, 'sky', 'RANKBENC', 'rk-1', ${RANKING_JOKERS ? 'double' : null}) returning id`));
      const groupId = group!.id;
      await db.execute(sql`insert into group_members (group_id, user_id) select ${groupId}, 'rk-' || g from generate_series(1, ${members}) g`);
      await db.execute(sql`insert into predictions (group_id, user_id, match_id, home_goals, away_goals, joker)
        select ${groupId}, 'rk-' || g, m.id, floor(random() * 4)::int, floor(random() * 4)::int, ${RANKING_JOKERS} and g % m.in_round = m.at
          from generate_series(1, ${members}) g
          cross join (select id, count(*) over (partition by round_order) as in_round,
                             row_number() over (partition by round_order order by kickoff, id) - 1 as at
                        from matches where league_id = ${leagueId}) m`);
      const jokersOver = (await jokerMismatches(db, groupId)).length;
      if (jokersOver > 0) throw new Error(`${jokersOver} members over their jokers' allowance`);
      // The season's results scored after the predictions were loaded, through the app's own path.
      await scoreLeague(db, leagueId);
      // Decided bonus questions: most members with bonus points (0–45, as the tournament set gives), which
      // the ranking adds with its member_bonus_totals join.
      await db.execute(sql`insert into member_bonus_totals (group_id, user_id, points)
        select ${groupId}, 'rk-' || g, g % 46 from generate_series(1, ${members}) g where g % 46 <> 0`);
      for (const table of ['predictions', 'member_round_totals', 'member_season_totals', 'member_bonus_totals', 'group_members', 'matches', 'scoring_queue']) await vacuum(db, table);
      const { app, url } = await startServer(database);
      try {
        const cookie = await browserCookie(app, sessionCookie!);
        // The stats page: computed (what the first read after a change pays) and over HTTP from the
        // per-group cache (what every other read within RANKING_CACHE_MS of it pays).
        if (process.env.BENCH_EXPLAIN) {
          for (const query of [rankingQuery(groupId), roundTotalsQuery(groupId), ...Object.values(streakQueries(groupId))]) {
            const plan = rowsOf<Record<string, string>>(await db.execute(sql`explain (analyze, buffers) ${query}`));
            console.log(plan.map((row) => Object.values(row)[0]).join('\n'));
          }
        }
        const coldTimes: number[] = [];
        // Two warm-up runs (the first prepares the statements and compiles the code), then the median of 10.
        await profiled(`stats-${members}`, async () => {
          for (let i = 0; i < (members <= 1_000 ? 12 : 5); i++) {
            const [ms] = await time(() => groupStatsJson(db, groupId));
            if (i >= 2) coldTimes.push(ms);
          }
        });
        const statsTimes: number[] = [];
        for (let i = 0; i < 12; i++) {
          const [ms, response] = await time(() => app.inject({ method: 'GET', url: `/api/groups/${groupId}/stats`, headers: { cookie: cookie! } }));
          if (response.statusCode !== 200) throw new Error(`stats answered ${response.statusCode}`);
          if (i >= 2) statsTimes.push(ms);
        }
        // The first read after a change (rankings moved): a slow group's last page while it is refreshed.
        const changedTimes: number[] = [];
        for (let i = 0; i < 6; i++) {
          rankingsChanged();
          const [ms, response] = await time(() => app.inject({ method: 'GET', url: `/api/groups/${groupId}/stats`, headers: { cookie: cookie! } }));
          if (response.statusCode !== 200) throw new Error(`stats answered ${response.statusCode}`);
          changedTimes.push(ms);
          await new Promise((resolve) => setTimeout(resolve, 3 * percentile(coldTimes, 50) + 100)); // the refresh ends
        }
        // The first read on an instance just started (a restart; nothing in memory): the stored page,
        // served while one refresh runs. Six fresh instances on the same database (PostgreSQL: each with
        // its own new pool, as a restarted process), one read each.
        /**
         * The first read of `route` (the group's 'stats' or 'ranking') on each of `count` instances just
         * started on the same database, waiting `afterMs` after each before closing it; times in ms.
         * `warmRankings` false: instances whose start computes no ranking (as for a group outside the
         * largest ones, which the start computes).
         */
        const firstReadsOnFreshInstances = async (route: string, count: number, afterMs: number, { warmRankings = true } = {}) => {
          const times: number[] = [];
          for (let i = 0; i < count; i++) {
            const handle = await reopen();
            const fresh = await startServer(handle.database, { warmRankings });
            try {
              const freshCookie = await browserCookie(fresh.app, sessionCookie!);
              const [ms, response] = await time(() => fresh.app.inject({ method: 'GET', url: `/api/groups/${groupId}/${route}`, headers: { cookie: freshCookie } }));
              if (response.statusCode !== 200) throw new Error(`${route} answered ${response.statusCode}`);
              times.push(ms);
              await new Promise((resolve) => setTimeout(resolve, afterMs));
            } finally {
              await fresh.app.close();
              await handle.close();
            }
          }
          return times;
        };
        const storedTimes = await firstReadsOnFreshInstances('stats', 6, 3 * percentile(coldTimes, 50) + 100); // each refresh ends
        // The ranking computed (no cache: the statement and its rows made into the route's shape), median
        // of 20 after 2 warm-up runs, against the database's floor (`select 1`) the same way.
        const computedTimes: number[] = [];
        const floorTimes: number[] = [];
        for (let i = 0; i < 22; i++) {
          const [ms] = await time(() => groupRanking(db, groupId));
          const [floorMs] = await time(async () => db.execute(sql`select 1`));
          if (i >= 2) { computedTimes.push(ms); floorTimes.push(floorMs); }
        }
        // The same computation reading every round (the league's season mark taken away, then put back):
        // what a ranking cost before season rows, and what it costs while a result taken back leaves the
        // latest finished round under the mark.
        const [mark] = rowsOf<{ through_round: number }>(await db.execute(sql`select through_round from season_total_marks where league_id = ${leagueId}`));
        if (!mark) throw new Error('the league has no season mark after folding');
        await db.transaction((tx) => moveSeasonMark(tx, leagueId, null));
        const everyRoundTimes: number[] = [];
        for (let i = 0; i < 22; i++) {
          const [ms] = await time(() => groupRanking(db, groupId));
          if (i >= 2) everyRoundTimes.push(ms);
        }
        await db.transaction((tx) => moveSeasonMark(tx, leagueId, Number(mark.through_round)));
        await vacuum(db, 'member_season_totals');
        // The ranking's first read after the changes above computes it (every reader meanwhile waits for
        // that one computation); measured on its own, then the steady state under load.
        const [firstRankingMs, first] = await time(() => app.inject({ method: 'GET', url: `/api/groups/${groupId}/ranking`, headers: { cookie: cookie! } }));
        if (first.statusCode !== 200) throw new Error(`ranking answered ${first.statusCode}`);
        const health = await cannon(`${url}/api/health`);
        const ranking = await cannon(`${url}/api/groups/${groupId}/ranking`, { cookie });
        await new Promise((resolve) => setTimeout(resolve, 1_000)); // requests still in flight when the run stopped
        if (ranking.non2xx > 0) throw new Error(`ranking answered ${ranking.non2xx} non-2xx`);
        // As every browser asks: compressed (Chromium sends `gzip, deflate, br, zstd`; the server chooses br).
        const browserHeaders = { cookie, 'accept-encoding': 'gzip, deflate, br, zstd' };
        const encoded = await app.inject({ method: 'GET', url: `/api/groups/${groupId}/ranking`, headers: browserHeaders });
        if (encoded.headers['content-encoding'] !== 'br') throw new Error(`ranking sent as ${String(encoded.headers['content-encoding'])}, not br`);
        const compressed = await cannon(`${url}/api/groups/${groupId}/ranking`, browserHeaders);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        if (compressed.non2xx > 0) throw new Error(`compressed ranking answered ${compressed.non2xx} non-2xx`);
        // The first ranking read on an instance just started (a restart: nothing cached; PostgreSQL: a new
        // pool), three fresh instances on the same database; last, as their connections come and go.
        const restartTimes = await firstReadsOnFreshInstances('ranking', 3, 0);
        // The same for a group the start does not compute: ten groups of one member more (members without
        // predictions) are the largest, which the start computes instead (ranking.ts warmRankingRows: ten at
        // most, 20,000 members in all), as on a database with larger groups than this one. Taken away after.
        await makeUsers(db, 'rkd', 1);
        const decoys = rowsOf<{ id: string }>(await db.execute(sql`insert into groups (name, league_id, color, invite_code, owner_id)
          select 'Larger pool ' || g, ${leagueId}, 'sky', 'RANKDEC' || g, 'rkd-1' from generate_series(0, 9) g returning id`)).map((row) => row.id);
        await db.execute(sql`insert into group_members (group_id, user_id)
          select d, u from unnest(${arrayLiteral(decoys)}::uuid[]) d
           cross join (select 'rk-' || g as u from generate_series(1, ${members}) g union all select 'rkd-1') u`);
        await vacuum(db, 'group_members');
        const uncomputedTimes = await firstReadsOnFreshInstances('ranking', 3, 0);
        await db.execute(sql`delete from group_members where group_id = any(${arrayLiteral(decoys)}::uuid[])`);
        await db.execute(sql`delete from groups where id = any(${arrayLiteral(decoys)}::uuid[])`);
        await vacuum(db, 'group_members');
        // The same on instances whose start computes no ranking at all: no connection has read real rows.
        const coldRestartTimes = await firstReadsOnFreshInstances('ranking', 3, 0, { warmRankings: false });
        computed.push(`| ${members.toLocaleString('en')} | ${f(percentile(computedTimes, 50))} | ${f(percentile(floorTimes, 50))} | ${(percentile(computedTimes, 50) / percentile(floorTimes, 50)).toFixed(0)}× | ${f(percentile(everyRoundTimes, 50))} | ${(percentile(computedTimes, 50) / percentile(everyRoundTimes, 50)).toFixed(2)}× | ${f(percentile(restartTimes, 50))} / ${f(Math.max(...restartTimes))} | ${f(percentile(uncomputedTimes, 50))} / ${f(Math.max(...uncomputedTimes))} | ${f(percentile(coldRestartTimes, 50))} / ${f(Math.max(...coldRestartTimes))} |`);
        out.push(`| ${members.toLocaleString('en')} | ${f(firstRankingMs)} | ${ranking.requests.average.toFixed(0)} | ${ranking.latency.p50} ms / ${ranking.latency.p99} ms | ${health.requests.average.toFixed(0)} | ${(ranking.requests.average / health.requests.average).toFixed(2)}× | ${f(percentile(coldTimes, 50))} | ${f(percentile(statsTimes, 50))} | ${f(percentile(changedTimes, 50))} / ${f(Math.max(...changedTimes))} | ${f(percentile(storedTimes, 50))} / ${f(Math.max(...storedTimes))} | ${compressed.requests.average.toFixed(0)} | ${compressed.latency.p50} ms / ${compressed.latency.p99} ms | ${(compressed.requests.average / health.requests.average).toFixed(2)}× |`);
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
      await drop();
    }
  }
  out.push('', ...computed, '');
  return out;
}

/**
 * Runs `work`; with BENCH_PROFILE=<folder>, records a CPU profile of this process while it runs into
 * <folder>/<name>.cpuprofile (open it in Chrome's DevTools): the load generator and the server share it.
 */
async function profiled<T>(name: string, work: () => Promise<T>): Promise<T> {
  const folder = process.env.BENCH_PROFILE;
  if (!folder) return work();
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    mkdirSync(folder, { recursive: true });
    writeFileSync(`${folder}/${name}.cpuprofile`, JSON.stringify(profile));
    session.disconnect();
  }
}

/** Groups of PLANS_GROUP_SIZE members beside the big one in the plans part (BENCH_PLANS_GROUPS). */
const PLANS_GROUPS = Number(process.env.BENCH_PLANS_GROUPS ?? 2_000);
const PLANS_GROUP_SIZE = 20;

/**
 * The ranking of a group of 20 among BENCH_PLANS_GROUPS groups of 20 (and one of 1,000) on the EPL season,
 * computed under its generic plan, planned once per connection (what groupRanking does), against the same
 * statement prepared as PostgreSQL's own choice would run it: planned anew for the first five runs on each
 * connection, and then for good whenever the generic plan's estimate looks dearer. Then the 1,000-member
 * group the same two ways. The small groups' round totals are written directly (their numbers do not matter
 * here, only how many rows each group has).
 */
async function rankingPlans(): Promise<string[]> {
  const { database, drop } = await open('plans');
  const db = database.db;
  try {
    const { leagueId } = await importFile(db, 'football.json/2024-25/en.1.json', 'Europe/London');
    await makeUsers(db, 'pl', 1_000);
    const [big] = rowsOf<{ id: string }>(await db.execute(sql`insert into groups (name, league_id, color, invite_code, owner_id) values ('Big pool', ${leagueId}, 'sky', 'PLANSBIG', 'pl-1') returning id`));
    await db.execute(sql`insert into group_members (group_id, user_id) select ${big!.id}, 'pl-' || g from generate_series(1, 1000) g`);
    await db.execute(sql`insert into predictions (group_id, user_id, match_id, home_goals, away_goals)
      select ${big!.id}, 'pl-' || g, m.id, floor(random() * 4)::int, floor(random() * 4)::int
        from generate_series(1, 1000) g cross join matches m where m.league_id = ${leagueId}`);
    await scoreLeague(db, leagueId);
    // The small groups: members drawn from the same users, a totals row per member and finished round.
    await db.execute(sql`insert into groups (name, league_id, color, invite_code, owner_id)
      select 'Pool ' || g, ${leagueId}, 'sky', 'PL' || lpad(g::text, 6, '0'), 'pl-1' from generate_series(1, ${PLANS_GROUPS}) g`);
    await db.execute(sql`insert into group_members (group_id, user_id)
      select g.id, 'pl-' || (((row_number() over (order by g.id) * ${PLANS_GROUP_SIZE}) + k) % 1000 + 1)
        from groups g cross join generate_series(1, ${PLANS_GROUP_SIZE}) k where g.invite_code like 'PL0%'`);
    await db.execute(sql`insert into member_round_totals (group_id, round_order, user_id, points, exact, goal_difference, winner, opposite, scored)
      select gm.group_id, r.round_order, gm.user_id, 13, 1, 0, 1, 0, 10
        from group_members gm join groups g on g.id = gm.group_id and g.invite_code like 'PL0%'
        cross join (select distinct round_order from matches where league_id = ${leagueId} and status = 'finished') r`);
    for (const table of ['predictions', 'member_round_totals', 'member_season_totals', 'group_members', 'groups', 'matches', 'profiles']) await vacuum(db, table);
    const [small] = rowsOf<{ id: string }>(await db.execute(sql`select id from groups where invite_code = 'PL000001'`));
    /** Median of 40 computations after 5 warm-ups, under the generic plan and as PostgreSQL chooses. */
    const measure = async (groupId: string) => {
      const generic: number[] = [];
      const chosen: number[] = [];
      for (let i = 0; i < 45; i++) {
        const [g] = await time(() => groupRanking(db, groupId));
        const [c] = await time(() => executePrepared(db, 'plans_chosen', rankingQuery(groupId)));
        if (i >= 5) { generic.push(g); chosen.push(c); }
      }
      return { generic: percentile(generic, 50), chosen: percentile(chosen, 50) };
    };
    const rows: string[] = [];
    for (const [label, groupId] of [[`${PLANS_GROUP_SIZE} members`, small!.id], ['1,000 members', big!.id]] as const) {
      const { generic, chosen } = await measure(groupId);
      rows.push(`| ${label} | ${f(generic)} | ${f(chosen)} | ${(generic / chosen).toFixed(2)}× |`);
    }
    return [`### Ranking statement: planned once, or as PostgreSQL chooses — ${kind()}`, '',
      `A group among ${PLANS_GROUPS.toLocaleString('en')} groups of ${PLANS_GROUP_SIZE} and one of 1,000 on the EPL 2024/25 season; median of 40 computations after 5 warm-ups, the two ways taking turns.`, '',
      '| group | under its generic plan, planned once (groupRanking) | the same statement prepared, plan as PostgreSQL chooses | ratio |', '| --- | --- | --- | --- |',
      ...rows, ''];
  } finally {
    await database.close();
    await drop();
  }
}

async function deadlineRush(): Promise<string[]> {
  const { database, drop } = await open('rush');
  const db = database.db;
  const out: string[] = [];
  try {
    const { leagueId } = await importFile(db, 'football.json/2024-25/en.1.json', 'Europe/London');
    // Reopen the first round: kickoffs a day from now.
    await db.execute(sql`update matches set status = 'scheduled', home_goals = null, away_goals = null, kickoff = now() + interval '1 day' + (round_order || ' minutes')::interval where league_id = ${leagueId}`);
    const cookies = await makeUsers(db, 'ru', RUSH_MEMBERS, RUSH_MEMBERS);
    const [group] = rowsOf<{ id: string }>(await db.execute(sql`insert into groups (name, league_id, color, invite_code, owner_id) values ('Rush pool', ${leagueId}, 'sky', 'RUSHBENC', 'ru-1') returning id`));
    const groupId = group!.id;
    await db.execute(sql`insert into group_members (group_id, user_id) select ${groupId}, 'ru-' || g from generate_series(1, ${RUSH_MEMBERS}) g`);
    const round = rowsOf<{ id: string }>(await db.execute(sql`select id from matches where league_id = ${leagueId} and round_order = 1 order by kickoff, id`)).map((r) => r.id);
    for (const table of ['session', 'group_members', 'matches', 'profiles']) await vacuum(db, table);
    const { app, url } = await startServer(database);
    try {
      const copiesFrom = performance.now();
      for (let i = 0; i < cookies.length; i++) cookies[i] = await browserCookie(app, cookies[i]!);
      console.error(`rush: ${RUSH_MEMBERS} session copies made in ${((performance.now() - copiesFrom) / 1000).toFixed(1)} s`);
      const health = await cannon(`${url}/api/health`);
      const rush = { url: `${url}/api/groups/${groupId}/predictions`, connections: 50, duration: DURATION, cookies, memberPrefix: 'ru-' };
      // Which members were answered "saved", with the score they sent last: every one must be stored.
      const { result: one, answered, threadMs: oneMs } = await profiled('rush-one', () => runLoad({ ...rush, kind: 'one-match', matchIds: [round[0]!] }));
      await new Promise((resolve) => setTimeout(resolve, 1_000)); // requests still in flight when the run stopped
      const stored = new Map(rowsOf<{ user_id: string; home_goals: number; away_goals: number }>(await db.execute(sql`
        select user_id, home_goals, away_goals from predictions where group_id = ${groupId} and match_id = ${round[0]}::uuid`)).map((r) => [r.user_id, [Number(r.home_goals), Number(r.away_goals)]]));
      // Lost: a member answered "saved" whose stored prediction is missing or is not the score sent last.
      const lost = [...answered].filter(([member, score]) => stored.get(member)?.join('-') !== score.join('-')).length;
      const { result: whole, threadMs: wholeMs } = await profiled('rush-round', () => runLoad({ ...rush, kind: 'round', matchIds: round }));
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const [roundSaved] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from predictions where group_id = ${groupId}`));
      out.push(`### Deadline rush — ${kind()}, autocannon 50 connections × ${DURATION} s, ${RUSH_MEMBERS.toLocaleString('en')} members, one session each`, '',
        '| measure | req/s | p50 / p99 | server thread busy per request | GET /api/health req/s (same server) | ratio | none lost |', '| --- | --- | --- | --- | --- | --- | --- |',
        `| one match per request | ${one.requests.average.toFixed(0)} | ${one.latency.p50} ms / ${one.latency.p99} ms | ${oneMs.toFixed(3)} ms | ${health.requests.average.toFixed(0)} | ${(one.requests.average / health.requests.average).toFixed(2)}× | ${one.non2xx === 0 && lost === 0 ? `yes: ${answered.size} members answered "saved", all ${answered.size} stored with the score they sent last (${stored.size} in all)` : `NO (${one.non2xx} errors, ${lost} of ${answered.size} saved answers not stored)`} |`,
        `| a whole round (${round.length} matches) per request | ${whole.requests.average.toFixed(0)} (${(whole.requests.average * round.length).toFixed(0)} predictions/s) | ${whole.latency.p50} ms / ${whole.latency.p99} ms | ${wholeMs.toFixed(3)} ms | — | ${(whole.requests.average / health.requests.average).toFixed(2)}× (predictions/s: ${(whole.requests.average * round.length / health.requests.average).toFixed(2)}×) | ${whole.non2xx === 0 ? `yes: ${whole['2xx']} answered 200, ${roundSaved!.n} predictions stored` : `NO (${whole.non2xx} errors)`} |`, '');
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await drop();
  }
  return out;
}

/**
 * (4) Goal to fresh: a goal in a match in play on a league with FRESH_GROUPS groups of 20 members, while
 * 50 connections read those groups' rankings in turn (each group once every FRESH_GROUPS reads) and 2
 * more read GET /api/health, after every group's ranking was read once (cached, as on a match night).
 * The goal is saved through the administrators' route at the middle of the run; the figure is the time from its answer until every group's ranking has been read with the goal
 * counted (a reader's prediction of 1–0 turned exact), and no group read stale after being read fresh.
 * Every member predicted the match in play; their earlier rounds are written as totals (a season row up
 * to matchday 37, the league's mark on it as on a season's last night, and matchday 37's round row, which
 * the trigger adds to the season row and its mark figures):
 * loading 380 matches of predictions for 200,000 members would take hours here.
 */
async function goalToFresh(): Promise<string[]> {
  const { database, drop } = await open('fresh');
  const db = database.db;
  const size = 20;
  const out: string[] = [];
  try {
    const { leagueId } = await importFile(db, 'football.json/2024-25/en.1.json', 'Europe/London');
    const [last] = rowsOf<{ round: number }>(await db.execute(sql`select max(round_order)::int as round from matches where league_id = ${leagueId}`));
    const lastRound = Number(last!.round);
    await db.execute(sql`update matches set status = 'scheduled', home_goals = null, away_goals = null where league_id = ${leagueId} and round_order = ${lastRound}`);
    const [live] = rowsOf<{ id: string }>(await db.execute(sql`
      update matches set status = 'live', home_goals = 0, away_goals = 0, kickoff = now() - interval '30 minutes'
       where id = (select id from matches where league_id = ${leagueId} and round_order = ${lastRound} order by kickoff, id limit 1) returning id`));
    const liveId = live!.id;
    // Its kick-off scored as the app scores one (the result it holds: in play, 0-0), before any prediction.
    await scoreMatches(db, [liveId]);
    const [loadMs] = await time(async () => {
      // 19 members of their own per group, and one reader (an administrator) who is in every group.
      await makeUsers(db, 'fr', FRESH_GROUPS * (size - 1));
      await db.execute(sql`insert into "user" (id, name, email, email_verified) values ('fr-reader', 'Reader', 'fr-reader@example.com', true)`);
      await db.execute(sql`insert into profiles (user_id, username, full_name, role) values ('fr-reader', 'fr_reader', 'Reader', 'Platform Administrator')`);
      await db.execute(sql`insert into session (id, token, user_id, expires_at) values ('fr-s', 'fr-token', 'fr-reader', now() + interval '1 day')`);
      await db.execute(sql`insert into groups (name, league_id, color, invite_code, owner_id)
        select 'Pool ' || g, ${leagueId}, 'sky', 'FR' || lpad(g::text, 6, '0'), 'fr-' || ((g - 1) * ${size - 1} + 1) from generate_series(1, ${FRESH_GROUPS}) g`);
      await db.execute(sql`insert into group_members (group_id, user_id)
        select g.id, 'fr-' || ((substr(g.invite_code, 3)::int - 1) * ${size - 1} + k) from groups g cross join generate_series(1, ${size - 1}) k
        union all select g.id, 'fr-reader' from groups g`);
      await db.execute(sql`insert into predictions (group_id, user_id, match_id, home_goals, away_goals)
        select gm.group_id, gm.user_id, ${liveId}::uuid,
               case when gm.user_id = 'fr-reader' then 1 else floor(random() * 4)::int end,
               case when gm.user_id = 'fr-reader' then 0 else floor(random() * 4)::int end
          from group_members gm`);
      // The season so far, as totals: the reader has none (0 points), the others random ones; matchday 37
      // (the mark: played) added by the trigger as its round rows are written.
      await db.execute(sql`insert into season_total_marks (league_id, through_round) values (${leagueId}, ${lastRound - 1})`);
      await db.execute(sql`insert into member_season_totals (group_id, user_id, points, exact, goal_difference, winner, opposite, scored)
        select group_id, user_id, 100 + e * 10 + d * 5 + w * 3 - o * 2, e, d, w, o, 360 from (
          select group_id, user_id, floor(random() * 40)::int as e, floor(random() * 60)::int as d, floor(random() * 90)::int as w, floor(random() * 80)::int as o
            from group_members where user_id <> 'fr-reader') x`);
      await db.execute(sql`insert into member_round_totals (group_id, round_order, user_id, points, exact, goal_difference, winner, opposite, scored)
        select group_id, ${lastRound - 1}, user_id, e * 10 + w * 3, e, 0, w, 0, 10 from (
          select group_id, user_id, floor(random() * 3)::int as e, floor(random() * 4)::int as w from group_members where user_id <> 'fr-reader') x`);
    });
    for (const table of ['"user"', 'profiles', 'session', 'groups', 'group_members', 'predictions', 'member_round_totals', 'member_season_totals', 'matches']) await vacuum(db, table);
    console.error(`fresh: ${FRESH_GROUPS.toLocaleString('en')} groups of ${size} loaded in ${f(loadMs)}`);
    const { app, url } = await startServer(database);
    try {
      const cookie = await browserCookie(app, (await serializeSignedCookie('better-auth.session_token', 'fr-token', SECRET)).split(';')[0]!);
      const groupIds = rowsOf<{ id: string }>(await db.execute(sql`select id from groups where league_id = ${leagueId} order by invite_code`)).map((r) => r.id);
      if (process.env.BENCH_EXPLAIN) {
        const plan = rowsOf<Record<string, string>>(await db.execute(sql`explain (analyze, buffers) ${rankingQuery(groupIds[0]!)}`));
        console.log(plan.map((row) => Object.values(row)[0]).join('\n'));
        const [ms] = await time(async () => { for (const id of groupIds.slice(0, 500)) await groupRanking(db, id); });
        console.log(`fresh: 500 rankings computed one after another in ${f(ms)} (${(ms / 500).toFixed(2)} ms each)`);
        for (const n of [100, 1_000]) {
          const [bulkMs] = await time(() => groupRankings(db, leagueId, groupIds.slice(0, n)));
          const [againMs] = await time(() => groupRankings(db, leagueId, groupIds.slice(n, 2 * n)));
          console.log(`fresh: ${n} rankings in one statement in ${f(bulkMs)}, then ${f(againMs)}`);
        }
        // The generic plan the refresh runs (executePrepared, generic), prepared and explained in a transaction.
        const compiled = new PgDialect().sqlToQuery(rankingsQuery(leagueId, groupIds.slice(0, 1_000)));
        const plan2 = await db.transaction(async (tx) => {
          await tx.execute(sql.raw(`prepare bench_rankings as ${compiled.sql}`));
          await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
          const rows = rowsOf<Record<string, string>>(await tx.execute(sql.raw(`explain (analyze) execute bench_rankings(${compiled.params.map((value) => sqlLiteral(value)!).join(', ')})`)));
          await tx.execute(sql`deallocate bench_rankings`);
          return rows;
        });
        console.log(plan2.map((row) => Object.values(row)[0]).join('\n'));
      }
      // Fresh: the reader's row with the goal counted (1–0 predicted, 1–0 in play: exact, 10 points).
      const fresh = '"userId":"fr-reader"[^}]*"points":10,"exact":1,';
      // Every group read once before the run (a match night's steady state: each group's ranking cached).
      const [warmMs] = await time(async () => {
        for (let i = 0; i < groupIds.length; i += 50) {
          await Promise.all(groupIds.slice(i, i + 50).map(async (id) => {
            const response = await app.inject({ method: 'GET', url: `/api/groups/${id}/ranking`, headers: { cookie } });
            if (response.statusCode !== 200) throw new Error(`ranking answered ${response.statusCode}`);
          }));
        }
      });
      console.error(`fresh: every group's ranking read once in ${f(warmMs)}`);
      const duration = 2 * FRESH_AFTER_S;
      // The reads, the goal and the refresh, profiled as a whole with BENCH_PROFILE.
      const { reads, probe, goalAt, goalMs } = await profiled('fresh', async () => {
        const sweep = runLoad({ kind: 'sweep', url, connections: 50, duration, headers: { cookie }, paths: groupIds.map((id) => `/api/groups/${id}/ranking`), fresh });
        const health = runLoad({ kind: 'plain', url: `${url}/api/health`, connections: 2, duration });
        await new Promise((resolve) => setTimeout(resolve, (duration - FRESH_AFTER_S) * 1_000));
        // From the moment the goal is sent: a read answered while it is saved may already count it.
        const goalAt = Date.now();
        const goal = await app.inject({
          method: 'PUT', url: `/api/admin/matches/${liveId}/result`, headers: { cookie, 'content-type': 'application/json' },
          payload: { status: 'live', homeGoals: 1, awayGoals: 0 },
        });
        const goalMs = Date.now() - goalAt;
        if (goal.statusCode !== 200) throw new Error(`the goal answered ${goal.statusCode}: ${goal.body}`);
        const [reads, probe] = await Promise.all([sweep, health]);
        return { reads, probe, goalAt, goalMs };
      });
      const { index, at, fresh: isFresh } = reads.reads!;
      // Per group: its first fresh read after the goal, and any stale read after that.
      const firstFresh = new Map<number, number>();
      let staleAfterFresh = 0;
      let beforeGoal = 0;
      for (let i = 0; i < index.length; i++) {
        if (at[i]! < goalAt) {
          beforeGoal += isFresh[i]!;
          continue;
        }
        if (isFresh[i]) {
          if (!firstFresh.has(index[i]!)) firstFresh.set(index[i]!, at[i]!);
        } else if (firstFresh.has(index[i]!)) staleAfterFresh++;
      }
      const allFresh = firstFresh.size === groupIds.length;
      // How the refresh advanced: groups read fresh by each second after the goal.
      const bySecond: number[] = [];
      for (const at of firstFresh.values()) {
        const second = Math.floor((at - goalAt) / 1000);
        bySecond[second] = (bySecond[second] ?? 0) + 1;
      }
      let sum = 0;
      console.error(`fresh: groups read fresh by second after the goal: ${Array.from(bySecond, (n) => (sum += n ?? 0)).join(', ')}`);
      const freshMs = allFresh ? largest(firstFresh.values()) - goalAt : Number.NaN;
      const afterGoal = index.filter((_, i) => at[i]! >= goalAt).length;
      out.push(`### Goal to fresh — ${kind()}, ${FRESH_GROUPS.toLocaleString('en')} groups of ${size} on the league, 50 connections reading their rankings in turn + 2 on GET /api/health, ${duration} s`, '',
        '| every group\'s ranking read with the goal counted (from the goal sent; saved in) | goal | rankings read after the goal (req/s) | read fresh before the goal (must be 0) | read stale after fresh | ranking reads p50 / p99 (whole run) | GET /api/health p50 / p99 (same run) |',
        '| --- | --- | --- | --- | --- | --- | --- |',
        `| ${allFresh ? f(freshMs) : `not all: ${firstFresh.size.toLocaleString('en')} of ${groupIds.length.toLocaleString('en')} in ${FRESH_AFTER_S} s`} (${f(goalMs)}) | ≤ 5 s | ${(afterGoal / ((largest(at) - goalAt) / 1000)).toFixed(0)} | ${beforeGoal} | ${staleAfterFresh} | ${reads.result.latency.p50} ms / ${reads.result.latency.p99} ms | ${probe.result.latency.p50} ms / ${probe.result.latency.p99} ms (goal p99 ≤ 50 ms) |`, '');
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await drop();
  }
  return out;
}

async function main() {
  if (!existsSync(OPENFOOTBALL_DIR)) {
    console.error(`bench needs the openfootball data at ${OPENFOOTBALL_DIR}`);
    process.exit(1);
  }
  console.log(`Palpite game benchmarks — ${kind()}, node ${process.version}, ${new Date().toISOString()}\n`);
  const parts = { final: finalWhistle, ranking: rankingOverHttp, plans: rankingPlans, rush: deadlineRush, fresh: goalToFresh };
  const chosen = (process.env.BENCH_PARTS ?? 'final,ranking,rush').split(',') as (keyof typeof parts)[];
  for (const name of chosen) {
    const lines = await parts[name]();
    console.log(lines.join('\n'));
  }
}

await main();
