/**
 * `npm run bench`: figures for the paths that must hold on a World Cup final night, each with a ratio
 * against a baseline measured in the same run on the same database.
 *
 * - scoring: the results of a whole league arriving after its predictions, folded into member totals by
 *   set-based statements (src/server/modules/scoring) vs a per-prediction loop (read, score in
 *   TypeScript, add to the member's round totals by key), timed on a sample and scaled to the same
 *   number of predictions;
 * - ranking of a large group, and one member's group-matches view: median of repeated runs, against the
 *   median of a trivial `select 1` round trip (the floor of any query).
 *
 * Runs on in-memory PGlite, or on PostgreSQL when BENCH_DATABASE_URL is set (a fresh database is
 * created and dropped). Needs ../shared/data/openfootball for the EPL 2024/25 fixtures.
 * Options (env): BENCH_MEMBERS (default 300), BENCH_LOOP_SAMPLE (default 2000).
 */
import { existsSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openFreshPostgres } from '../tests/helpers/app';
import { OPENFOOTBALL_DIR, readOpenfootball } from '../tests/openfootball-data';
import { scorePrediction } from '../src/domain/scoring';
import { openDatabase, rowsOf, type Database } from '../src/server/db/client';
import { groups } from '../src/server/db/schema';
import { groupRanking } from '../src/server/modules/groups/ranking';
import { importCompetition } from '../src/server/modules/import/service';
import { listGroupMatches } from '../src/server/modules/predictions/service';
import { scoreMatches } from '../src/server/modules/scoring/score-matches';
import { parseOpenfootball } from '../src/server/providers/openfootball/parse';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 300);
const LOOP_SAMPLE = Number(process.env.BENCH_LOOP_SAMPLE ?? 2000);

async function time<T>(run: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const result = await run();
  return [performance.now() - start, result];
}

async function median(times: number, run: () => Promise<unknown>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < times; i++) samples.push((await time(run))[0]);
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)] as number;
}

async function open(): Promise<{ database: Database; kind: string; drop: () => Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) return { database: await openDatabase({ memory: true }), kind: 'PGlite (in memory)', drop: async () => {} };
  return { ...(await openFreshPostgres(url, 'palpite_bench')), kind: `PostgreSQL (${new URL(url).host})` };
}

async function main() {
  if (!existsSync(OPENFOOTBALL_DIR)) {
    console.error(`bench needs the openfootball data at ${OPENFOOTBALL_DIR}`);
    process.exit(1);
  }
  const { database, kind, drop } = await open();
  const db = database.db;
  try {
    const file = 'football.json/2024-25/en.1.json';
    const competition = parseOpenfootball(readOpenfootball(file), { timeZone: 'Europe/London', sourcePath: file });
    const [importMs, summary] = await time(() => importCompetition(db, competition, { provider: 'openfootball' }));
    const [reimportMs] = await time(() => importCompetition(db, competition, { provider: 'openfootball' }));

    await db.execute(sql`insert into "user" (id, name, email, email_verified)
      select 'bench-' || g, 'Bench ' || g, 'bench' || g || '@example.com', true from generate_series(1, ${MEMBERS}) g`);
    await db.execute(sql`insert into profiles (user_id, username, full_name)
      select 'bench-' || g, 'bench_' || g, 'Bench ' || g from generate_series(1, ${MEMBERS}) g`);
    const [group] = await db.insert(groups).values({ name: 'Bench', leagueId: summary.leagueId, color: 'sky', inviteCode: 'BENCHBEN', ownerId: 'bench-1' }).returning();
    const groupId = group!.id;
    await db.execute(sql`insert into group_members (group_id, user_id) select ${groupId}, 'bench-' || g from generate_series(1, ${MEMBERS}) g`);
    // The predictions come before the results: the season is put back to unplayed (scored as such), the
    // predictions made, then the results come back and are scored — the figure measured.
    await db.execute(sql`create temporary table played as select id, status, home_goals, away_goals from matches where league_id = ${summary.leagueId}`);
    await db.execute(sql`update matches set status = 'scheduled', home_goals = null, away_goals = null where league_id = ${summary.leagueId}`);
    const unplayed = rowsOf<{ id: string }>(await db.execute(sql`select id from matches where league_id = ${summary.leagueId}`)).map((r) => r.id);
    await db.transaction((tx) => scoreMatches(tx, unplayed));
    await db.execute(sql`insert into predictions (group_id, user_id, match_id, home_goals, away_goals)
      select ${groupId}, 'bench-' || g, m.id, floor(random() * 4)::int, floor(random() * 4)::int
        from generate_series(1, ${MEMBERS}) g cross join matches m where m.league_id = ${summary.leagueId}`);
    const matchIds = rowsOf<{ id: string }>(await db.execute(sql`select id from matches where league_id = ${summary.leagueId}`)).map((r) => r.id);
    const total = MEMBERS * matchIds.length;

    await db.execute(sql`update matches m set status = p.status, home_goals = p.home_goals, away_goals = p.away_goals from played p where p.id = m.id`);
    await db.execute(sql`vacuum analyze predictions`);
    const [setMs, scored] = await time(() => db.transaction((tx) => scoreMatches(tx, matchIds)));

    // Baseline: the per-prediction loop, on a sample.
    const sample = rowsOf<{ match_id: string; user_id: string; round_order: number; ph: number; pa: number; mh: number; ma: number }>(await db.execute(sql`
      select p.match_id, p.user_id, m.round_order, p.home_goals as ph, p.away_goals as pa, m.home_goals as mh, m.away_goals as ma
        from predictions p join matches m on m.id = p.match_id limit ${LOOP_SAMPLE}`));
    const [loopMs] = await time(async () => {
      for (const row of sample) {
        await db.execute(sql`select home_goals, away_goals from predictions where group_id = ${groupId}::uuid and user_id = ${row.user_id} and match_id = ${row.match_id}::uuid`);
        const { points } = scorePrediction({ home: row.ph, away: row.pa }, { home: row.mh, away: row.ma });
        await db.execute(sql`update member_round_totals set points = points + ${points}
          where group_id = ${groupId}::uuid and round_order = ${row.round_order} and user_id = ${row.user_id}`);
      }
    });
    const loopEstimateMs = (loopMs / sample.length) * total;

    await db.execute(sql`vacuum analyze member_round_totals`);
    const floorMs = await median(50, () => db.execute(sql`select 1`));
    const rankingMs = await median(20, () => groupRanking(db, groupId));
    const viewer = { userId: 'bench-1', email: 'bench1@example.com', username: 'bench_1', fullName: 'Bench 1', role: 'Regular User' as const, language: null, avatarUrl: '/api/users/bench-1/avatar' };
    const matchesMs = await median(20, () => listGroupMatches(db, viewer, groupId, new Date()));

    const f = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(1)} ms`);
    console.log(`Palpite benchmarks — ${kind}, node ${process.version}, ${new Date().toISOString()}`);
    console.log(`data: EPL 2024/25 (${summary.matches} matches), ${MEMBERS} members, ${total.toLocaleString('en')} predictions\n`);
    console.log('| measure | figure | baseline (same run) | ratio |');
    console.log('| --- | --- | --- | --- |');
    console.log(`| import EPL 2024/25 (380 matches, new) | ${f(importMs)} | re-import, nothing changed: ${f(reimportMs)} | ${(importMs / reimportMs).toFixed(1)}× |`);
    console.log(`| score all predictions, set-based fold | ${f(setMs)} (${scored.toLocaleString('en')} rows, ${((scored / setMs) * 1000).toFixed(0)}/s) | per-prediction loop: ${f(loopEstimateMs)} (scaled from ${sample.length}) | ${(loopEstimateMs / setMs).toFixed(0)}× faster |`);
    console.log(`| ranking of a ${MEMBERS}-member group (median of 20) | ${f(rankingMs)} | select 1: ${f(floorMs)} | ${(rankingMs / floorMs).toFixed(0)}× the floor |`);
    console.log(`| one member's group matches view (median of 20) | ${f(matchesMs)} | select 1: ${f(floorMs)} | ${(matchesMs / floorMs).toFixed(0)}× the floor |`);
  } finally {
    await database.close();
    await drop();
  }
}

await main();
