/**
 * A Palpite server as a real child process, as a deployment runs it: `node --import tsx
 * src/server/main.ts` on a free port of 127.0.0.1, started, waited for (GET /api/health), stopped with
 * SIGTERM or killed with SIGKILL. The tests that prove crashes, shutdowns and several instances use it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './free-port';

/** A running server process. */
export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  base: string;
  port: number;
  child: ChildProcess;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves when the process has exited, with its code (null when a signal ended it) and signal. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** From spawn to the first healthy answer, in ms. */
  startMs: number;
}

/**
 * Settings every test server gets unless `env` says otherwise: no background sync or reminders, no rate
 * limits, warnings and errors only, JSON log lines.
 */
export const QUIET_SERVER_ENV: Readonly<Record<string, string>> = {
  NODE_ENV: 'test', SYNC: 'false', REMINDERS: 'false', RATE_LIMIT: 'false', LOG_LEVEL: 'warn', LOG_FORMAT: 'json',
};

/**
 * Starts `node --import tsx src/server/main.ts` with QUIET_SERVER_ENV, then `env` (DATA_DIR or
 * DATABASE_URL, BETTER_AUTH_SECRET…) over this process's environment — except DATABASE_URL and
 * DATABASE_READ_URL, which are the caller's to give (unset: the embedded database) — and waits until
 * GET /api/health answers.
 * @param options.timeoutMs how long to wait for health (default 60 s).
 * @throws when the process exits first or does not answer in time (it is killed then), with its output.
 */
export async function startServer(env: Record<string, string>, options: { timeoutMs?: number } = {}): Promise<ServerProcess> {
  const port = await freePort();
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  delete inherited.DATABASE_URL;
  delete inherited.DATABASE_READ_URL;
  const started = Date.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...inherited, ...QUIET_SERVER_ENV, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => { output += String(chunk); });
  child.stderr!.on('data', (chunk) => { output += String(chunk); });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = started + (options.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await exited;
      throw new Error(`the server exited with ${child.exitCode ?? child.signalCode}:\n${output}`);
    }
    const healthy = await fetch(`${base}/api/health`).then(async (r) => {
      await r.arrayBuffer();
      return r.ok;
    }, () => false);
    if (healthy) return { base, port, child, output: () => output, exited, startMs: Date.now() - started };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  await exited;
  throw new Error(`the server did not answer within ${options.timeoutMs ?? 60_000} ms:\n${output}`);
}

/**
 * Stops a server with SIGTERM (its graceful shutdown), SIGKILL after `killAfterMs` (default 15 s).
 * @returns how it exited (nothing when it was not running).
 */
export async function stopServer(server: ServerProcess | undefined, killAfterMs = 15_000) {
  if (!server || server.child.exitCode !== null || server.child.signalCode !== null) return undefined;
  server.child.kill('SIGTERM');
  const timer = setTimeout(() => server.child.kill('SIGKILL'), killAfterMs);
  const result = await server.exited;
  clearTimeout(timer);
  return result;
}

/** Kills a server with SIGKILL (a crash: no shutdown code runs) and waits until it is gone. */
export async function killServer(server: ServerProcess): Promise<void> {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGKILL');
  await server.exited;
}
