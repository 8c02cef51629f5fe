/**
 * The app as the benchmarks run it: a production build of the API on a free port of 127.0.0.1 over a
 * given database, and a browser's session cookie for it.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/server/app';
import type { Database } from '../src/server/db/client';
import { parseEnv } from '../src/server/env';

/** The secret the benchmarks sign session cookies with. */
export const BENCH_SECRET = 'bench-secret-bench-secret-bench-secret-1234';

/**
 * Starts the API on `database` (production, warnings only, no rate limits, no league sync, no web files),
 * with `env` over those settings (e.g. DATA_DIR, REMINDERS, SCORING_FOLD_INTERVAL_MS) and `options` over
 * buildApp's (warmRankings).
 * @returns the app and its address (`http://127.0.0.1:<port>`).
 */
export async function startBenchServer(database: Database, env: Record<string, string> = {}, options: { warmRankings?: boolean } = {}): Promise<{ app: FastifyInstance; url: string }> {
  const app = await buildApp({
    ...options,
    env: parseEnv({ NODE_ENV: 'production', LOG_LEVEL: 'warn', RATE_LIMIT: 'false', SYNC: 'false', BETTER_AUTH_SECRET: BENCH_SECRET, DATA_DIR: '/tmp/palpite-bench', ...env }),
    database,
    webDir: '/nonexistent',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { app, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

/**
 * The cookie a browser holds after its first request: the session token `cookie` plus Better Auth's signed
 * copy of the session (session_data, good for 60 s), which the hot routes trust instead of reading the
 * session row.
 * @throws Error when the app sets no session_data cookie (its cookie cache off).
 */
export async function browserCookie(app: FastifyInstance, cookie: string): Promise<string> {
  const response = await app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie } });
  const set = response.headers['set-cookie'];
  const data = (Array.isArray(set) ? set : set ? [set] : []).map((c) => c.split(';')[0]!).filter((c) => c.includes('session_data'));
  if (data.length === 0) throw new Error('no session_data cookie: is the cookie cache on?');
  return [cookie, ...data].join('; ');
}
