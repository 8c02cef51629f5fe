/**
 * `npm start` as a process manager runs it: the script is one node process (`exec node
 * bin/palpite.mjs start`, which in production runs the compiled server: no shell, no tsx wrapper that
 * relays a signal and escalates to SIGKILL), so SIGTERM,
 * to npm's pid or to the whole process group, reaches the server: it says "not ready" and keeps serving
 * for SHUTDOWN_DELAY_MS, so every request already sent is answered; then the port is released, the
 * embedded database's lock is removed, and the exit code is 0.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { freePort } from '../../tests/helpers/free-port';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, inject, it } from 'vitest';

/** The compiled server these tests start (NODE_ENV=production runs it), built once by the db project's global setup. */
const serverOut = inject('compiledCliDir');


/**
 * Starts `npm start` in production mode in its own process group, on a stand-in web build (an
 * index.html: the API is what is tested, and no build races the browser tests'); resolves once
 * GET /api/health answers.
 */
async function npmStart(dataDir: string) {
  const web = join(dataDir, 'web');
  mkdirSync(web, { recursive: true });
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Palpite</title>');
  const port = await freePort();
  const child = spawn('npm', ['start'], {
    env: { ...process.env, NODE_ENV: 'production', SERVER_OUT_DIR: serverOut, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_OUT_DIR: web,
      LOG_LEVEL: 'warn', SYNC: 'false', REMINDERS: 'false', SEED_DEMO: 'true' },
    detached: true, stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => { output += String(chunk); });
  child.stderr!.on('data', (chunk) => { output += String(chunk); });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 600; attempt++) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}:\n${output}`);
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) return { child, base, exited, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  process.kill(-child.pid!, 'SIGKILL');
  throw new Error(`npm start did not answer within 60 s:\n${output}`);
}

describe('npm start and SIGTERM', () => {
  for (const target of ['npm', 'the process group'] as const) {
    it(`stops gracefully on SIGTERM to ${target}: requests in flight answered, port and lock released`, async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'palpite-start-'));
      const started = await npmStart(dataDir);
      try {
        expect(existsSync(join(dataDir, 'palpite.lock'))).toBe(true);
        // Twenty kept-alive connections, then twenty requests on them, under way when the signal comes.
        const wave = () => Promise.all(Array.from({ length: 20 }, () => fetch(`${started.base}/api/leagues`).then(async (r) => {
          await r.arrayBuffer();
          return r.status;
        }, () => 0)));
        expect(await wave()).toEqual(Array.from({ length: 20 }, () => 200));
        const requests = wave();
        await new Promise((resolve) => setTimeout(resolve, 5));
        process.kill(target === 'npm' ? started.child.pid! : -started.child.pid!, 'SIGTERM');
        expect(await requests).toEqual(Array.from({ length: 20 }, () => 200));
        // Draining: once the signal is handled, still answering but no longer ready (a load balancer stops
        // sending) for SHUTDOWN_DELAY_MS. Asked until it says so (the signal may land after the requests).
        let readiness = 'ready';
        for (let i = 0; i < 100 && readiness === 'ready'; i++) {
          readiness = await fetch(`${started.base}/api/ready`).then(async (r) => {
            const body = await r.json() as { draining: boolean };
            return r.status === 503 && body.draining ? 'draining' : 'ready';
          }, () => 'gone');
          if (readiness === 'ready') await new Promise((resolve) => setTimeout(resolve, 20));
        }
        expect(readiness).toBe('draining');
        const code = await Promise.race([started.exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 15_000))]);
        expect(code, started.output()).toBe(0);
        expect(await fetch(`${started.base}/api/health`).then(() => 'answered', () => 'refused')).toBe('refused');
        expect(existsSync(join(dataDir, 'palpite.lock'))).toBe(false);
      } finally {
        try { process.kill(-started.child.pid!, 'SIGKILL'); } catch { /* already gone */ }
        rmSync(dataDir, { recursive: true, force: true });
      }
    }, 120_000);
  }

  it('never builds at start with NODE_ENV=production: a missing build is a clear error', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'palpite-start-'));
    try {
      const child = spawn('npm', ['start'], {
        env: { ...process.env, NODE_ENV: 'production', SERVER_OUT_DIR: serverOut, PORT: '0', DATA_DIR: dataDir, WEB_OUT_DIR: join(dataDir, 'no-build'), LOG_LEVEL: 'warn', SYNC: 'false', REMINDERS: 'false' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout!.on('data', (chunk) => { output += String(chunk); });
      child.stderr!.on('data', (chunk) => { output += String(chunk); });
      const code = await new Promise((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(output).toContain('No web app build in');
      expect(output).toContain('npm run build');
      expect(existsSync(join(dataDir, 'no-build'))).toBe(false); // nothing was built
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('never compiles at start with NODE_ENV=production: a missing server build is a clear error', async () => {
    const child = spawn('npm', ['start'], {
      env: { ...process.env, NODE_ENV: 'production', SERVER_OUT_DIR: 'dist/.no-such-build', PORT: '0', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr!.on('data', (chunk) => { output += String(chunk); });
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(1);
    expect(output).toContain('No compiled server at');
    expect(output).toContain('npm run build');
  }, 60_000);

  it('runs the compiled command-line programs with their arguments (an import, end to end)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'palpite-start-'));
    try {
      const child = spawn('npm', ['run', '-s', 'import', '--', 'no-such-file.json'], {
        env: { ...process.env, NODE_ENV: 'production', SERVER_OUT_DIR: serverOut, DATA_DIR: dataDir },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stderr!.on('data', (chunk) => { output += String(chunk); });
      expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(1);
      expect(output).toContain('Import failed, nothing was written');
      expect(output).toContain('no-such-file.json');
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses to start on PostgreSQL without BETTER_AUTH_SECRET, and says why', async () => {
    const env = { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none', LOG_LEVEL: 'warn' } as NodeJS.ProcessEnv;
    delete env.BETTER_AUTH_SECRET;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stderr!.on('data', (chunk) => { output += String(chunk); });
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(1);
    expect(output).toContain('BETTER_AUTH_SECRET is required when DATABASE_URL is set');
  }, 60_000);
});
