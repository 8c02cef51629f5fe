/**
 * `npm run bench:live`: live event fan-out. BENCH_STREAMS (default 10,000) Server-Sent Event
 * streams are opened on one app instance by a separate client process (each process may hold 20,000
 * sockets here); then one goal is saved and the time until the last stream has it is measured, with the
 * server's memory per open stream (RSS and heap, before and after the streams opened). Baseline in the
 * same run: the same goal with one stream open. PGlite in memory by default; PostgreSQL when
 * BENCH_DATABASE_URL is set (a fresh database, dropped after).
 */
import { fork } from 'node:child_process';
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { serializeSignedCookie } from 'better-call';
import { and, eq, sql } from 'drizzle-orm';
import { openFreshPostgres } from '../tests/helpers/app';
import { openDatabase, rowsOf, type Database } from '../src/server/db/client';
import { matches } from '../src/server/db/schema';
import { seedDemoIfEmpty } from '../src/server/modules/demo/seed';
import { BENCH_SECRET, startBenchServer } from './server';
import { scoreMatches } from '../src/server/modules/scoring/score-matches';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 10_000);

/** Streams opened at once by the client (the server's listen backlog is 511 connections). */
const WAVE = 250;

/**
 * Client role: opens `n` streams to `url` in waves of WAVE, tells the parent when all are open and when
 * all heard a goal.
 */
function client(url: string, n: number, cookie: string) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  let open = 0;
  let heard = 0;
  let started = 0;
  const wave = () => {
    const end = Math.min(n, started + WAVE);
    for (; started < end; started++) openOne(started);
  };
  const openOne = (i: number) => {
    const request = http.get(url, { agent, headers: { accept: 'text/event-stream', cookie } }, (response) => {
      if (response.statusCode !== 200) {
        process.send!({ error: `stream ${i} answered ${response.statusCode}` });
        return;
      }
      open += 1;
      if (open === n) process.send!({ open: Date.now() });
      else if (open === started) wave();
      let got = false;
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        if (!got && chunk.includes('event: match')) {
          got = true;
          heard += 1;
          if (heard === n) process.send!({ heard: Date.now() });
        }
      });
    });
    request.on('error', (error) => process.send!({ error: `stream ${i}: ${String(error)}` }));
  };
  wave();
}

async function open(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) return { database: await openDatabase({ memory: true }), drop: async () => {} };
  return openFreshPostgres(url, 'palpite_bench_live');
}

/** Opens `n` streams from a child process, saves a goal, and returns how long until every stream had it. */
async function fanOut(url: string, n: number, cookie: string, goal: () => Promise<void>, memory?: (stage: 'before' | 'open') => void) {
  const child = fork(fileURLToPath(import.meta.url), ['--client', url, String(n), cookie], { execArgv: ['--import', 'tsx'] });
  const next = (key: 'open' | 'heard') => new Promise<number>((resolve, reject) => {
    const onMessage = (message: Record<string, unknown>) => {
      if (message.error) reject(new Error(String(message.error)));
      else if (typeof message[key] === 'number') {
        child.off('message', onMessage);
        resolve(message[key] as number);
      }
    };
    child.on('message', onMessage);
  });
  try {
    memory?.('before');
    const opened = await next('open');
    memory?.('open');
    const heard = next('heard');
    const start = Date.now();
    await goal();
    const last = await heard;
    return { openedAt: opened, ms: last - start };
  } finally {
    child.kill();
  }
}

async function main() {
  const { database, drop } = await open();
  const db = database.db;
  try {
    await seedDemoIfEmpty(db, new Date());
    await db.execute(sql`insert into "user" (id, name, email, email_verified) values ('live-1', 'Live', 'live@example.com', true)`);
    await db.execute(sql`insert into profiles (user_id, username, full_name) values ('live-1', 'live', 'Live')`);
    await db.execute(sql`insert into session (id, token, user_id, expires_at) values ('live-s1', 'live-token-1', 'live-1', now() + interval '1 day')`);
    const [league] = rowsOf<{ id: string }>(await db.execute(sql`select id from leagues order by created_at limit 1`));
    const [group] = rowsOf<{ id: string }>(await db.execute(sql`
      insert into groups (name, league_id, color, invite_code, owner_id) values ('Live pool', ${league!.id}, 'sky', 'LIVEBENC', 'live-1') returning id`));
    await db.execute(sql`insert into group_members (group_id, user_id) values (${group!.id}, 'live-1')`);
    const [match] = await db.select({ id: matches.id }).from(matches).where(and(eq(matches.leagueId, league!.id), eq(matches.status, 'scheduled'))).limit(1);
    // Every stream here is one account's from one address: the caps of open streams per account and per
    // address (modules/live/stream-caps.ts) would refuse the eleventh, so they are lifted (the benchmark
    // weighs one instance's fan-out, not its caps).
    const { app, url: origin } = await startBenchServer(database, {
      DATA_DIR: '/tmp/palpite-bench-live', LIVE_STREAMS_PER_ACCOUNT: String(Math.min(10_000, Math.max(10, STREAMS))), LIVE_STREAMS_PER_ADDRESS: '0',
    });
    const url = `${origin}/api/groups/${group!.id}/events`;
    const cookie = (await serializeSignedCookie('better-auth.session_token', 'live-token-1', BENCH_SECRET)).split(';')[0]!;
    let goals = 0;
    const goal = () => db.transaction(async (tx) => {
      goals += 1;
      await tx.update(matches).set({ status: 'live', homeGoals: goals, awayGoals: 0 }).where(eq(matches.id, match!.id));
      await scoreMatches(tx, [match!.id]);
    });
    try {
      const baseline = await fanOut(url, 1, cookie, goal);
      const usage: Record<string, NodeJS.MemoryUsage> = {};
      const before = performance.now();
      const many = await fanOut(url, STREAMS, cookie, goal, (stage) => {
        if (stage === 'open') (globalThis as { gc?: () => void }).gc?.();
        usage[stage] = process.memoryUsage();
      });
      const openSeconds = (many.openedAt - (performance.timeOrigin + before)) / 1000;
      const perStream = (key: 'rss' | 'heapUsed') => ((usage.open![key] - usage.before![key]) / STREAMS / 1024).toFixed(1);
      const kind = process.env.BENCH_DATABASE_URL ? `PostgreSQL (${new URL(process.env.BENCH_DATABASE_URL).host})` : 'PGlite (in memory)';
      console.log([
        `### Live fan-out — ${kind}, node ${process.version}, ${new Date().toISOString()}`, '',
        '| streams open on one instance | time from saving a goal until the last stream has it | baseline: one stream | server memory per stream (RSS / heap) | time to open them all |',
        '| --- | --- | --- | --- | --- |',
        `| ${STREAMS.toLocaleString('en')} | ${many.ms} ms | ${baseline.ms} ms | ${perStream('rss')} KB / ${perStream('heapUsed')} KB | ${openSeconds.toFixed(1)} s |`, '',
      ].join('\n'));
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await drop();
  }
}

if (process.argv[2] === '--client') client(process.argv[3]!, Number(process.argv[4]), process.argv[5]!);
else await main();
