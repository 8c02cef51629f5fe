/**
 * `npm run bench:startup`: how long Palpite's programs take to start, compiled (NODE_ENV=production runs
 * dist/server, built here first) against the same program under tsx (compiled on the fly), in the same
 * run on the same machine (an import of a 380-match season once took 2.6 s, 2.2 s of it starting).
 *
 * - `npm run import` of EPL 2024/25 (380 matches) end to end, re-importing an already imported season:
 *   on PostgreSQL (BENCH_DATABASE_URL, a fresh database) and on the embedded database;
 * - on the embedded database also an import that writes the season (380 new matches, 20 teams) into a
 *   database that holds another one (EPL 2023/24), each run on a fresh copy of that database;
 * - the server: from spawning `node bin/palpite.mjs start` to the first 200 from GET /api/health, on an
 *   existing database (PostgreSQL, and the embedded one).
 * Each figure is the median of BENCH_RUNS (default 5) runs. Needs ../shared/data/openfootball.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildServer } from '../src/cli/build-server';
import { openFreshPostgres } from '../tests/helpers/app';
import { freePort } from '../tests/helpers/free-port';
import { OPENFOOTBALL_DIR } from '../tests/openfootball-data';

const ROOT = resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const SEASON = join(OPENFOOTBALL_DIR, 'football.json/2024-25/en.1.json');
/** Another season, in the database before SEASON is imported as new. */
const EARLIER_SEASON = join(OPENFOOTBALL_DIR, 'football.json/2023-24/en.1.json');

/** Runs `npm run -s import` of `season` once; resolves with the milliseconds from spawn to exit (exit code 0 required). */
function importOnce(env: NodeJS.ProcessEnv, season = SEASON): Promise<number> {
  const started = performance.now();
  return new Promise((done, fail) => {
    const child = spawn('npm', ['run', '-s', 'import', '--', season, '--tz', 'Europe/London'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk) => { errors += String(chunk); });
    child.once('exit', (code) => (code === 0 ? done(performance.now() - started) : fail(new Error(`import exited ${code}: ${errors}`))));
  });
}

/**
 * Starts the server once with node `args`; resolves with the milliseconds until GET /api/health answers
 * 200, then stops it.
 */
async function serverOnce(args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT, env: { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', SYNC: 'false', REMINDERS: 'false' }, stdio: 'ignore',
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      if (await fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.ok, () => false)) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGINT');
    await exited;
  }
}

async function median(run: () => Promise<number>): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) samples.push(await run());
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

async function main() {
  if (!existsSync(SEASON) || !existsSync(EARLIER_SEASON)) {
    console.error(`bench:startup needs ${SEASON} and ${EARLIER_SEASON}`);
    process.exit(1);
  }
  const outDir = join(ROOT, 'dist', `.bench-server-${process.pid}`);
  const buildMs = await buildServer(outDir);
  console.log(`server compiled in ${Math.round(buildMs)} ms (${RUNS} runs per figure, medians)`);
  const dataDir = mkdtempSync(join(tmpdir(), 'palpite-bench-startup-'));
  const postgres = process.env.BENCH_DATABASE_URL ? await openFreshPostgres(process.env.BENCH_DATABASE_URL, 'palpite_bench') : undefined;
  await postgres?.database.close();
  // Production start needs a web build: a stand-in page (serving assets is not what is measured).
  const webDir = join(dataDir, 'web');
  mkdirSync(webDir, { recursive: true });
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><title>Palpite</title>');
  const targets: [string, NodeJS.ProcessEnv][] = [
    ...(postgres ? [['PostgreSQL', { DATABASE_URL: postgres.url, BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret' }] as [string, NodeJS.ProcessEnv]] : []),
    ['embedded (PGlite)', { DATA_DIR: join(dataDir, 'data') }],
  ];
  try {
    for (const [name, target] of targets) {
      const base = { ...process.env, ...target, WEB_OUT_DIR: webDir, SEED_DEMO: 'false' };
      const compiled = { ...base, NODE_ENV: 'production', SERVER_OUT_DIR: outDir };
      const tsx = { ...base, NODE_ENV: 'development' };
      await importOnce(tsx); // the season is in the database: every timed run re-imports it (380 unchanged)
      const importTsx = await median(() => importOnce(tsx));
      const importCompiled = await median(() => importOnce(compiled));
      console.log(`${name}: npm run import (380 matches)  compiled ${Math.round(importCompiled)} ms · tsx ${Math.round(importTsx)} ms · ${(importCompiled / importTsx).toFixed(2)}×`);
      if (target.DATA_DIR) {
        // The season written into a database that holds another one: each run on a fresh copy of it.
        const holding = join(dataDir, 'holding');
        await importOnce({ ...tsx, DATA_DIR: holding }, EARLIER_SEASON);
        const fresh = (env: NodeJS.ProcessEnv) => async () => {
          const copy = join(dataDir, 'copy');
          rmSync(copy, { recursive: true, force: true });
          cpSync(holding, copy, { recursive: true });
          return importOnce({ ...env, DATA_DIR: copy });
        };
        const newTsx = await median(fresh(tsx));
        const newCompiled = await median(fresh(compiled));
        console.log(`${name}: npm run import (380 new matches into a database holding another season)  compiled ${Math.round(newCompiled)} ms · tsx ${Math.round(newTsx)} ms · ${(newCompiled / newTsx).toFixed(2)}×`);
      }
      // The server under tsx as production ran it before (no web build at start), against the compiled one.
      const serverTsx = await median(() => serverOnce(['--import', 'tsx', 'src/server/main.ts'], { ...base, NODE_ENV: 'production' }));
      const serverCompiled = await median(() => serverOnce(['bin/palpite.mjs', 'start'], compiled));
      console.log(`${name}: server answers /api/health  compiled ${Math.round(serverCompiled)} ms · tsx ${Math.round(serverTsx)} ms · ${(serverCompiled / serverTsx).toFixed(2)}×`);
    }
  } finally {
    rmSync(outDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
    await postgres?.drop();
  }
}

await main();
