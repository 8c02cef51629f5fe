/**
 * A database outage under load (database-outage.ts): PostgreSQL behind a TCP proxy that a test cuts for
 * a few seconds while requests run. Wanted: 503 `database_unavailable` with Retry-After in the app's
 * shape while it is gone (never a 500) — also when its host stops answering —, 200 again by itself once it is back, readiness false meanwhile,
 * and one log line when it goes and one when it returns — never one per request, never the SQL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { APIError } from 'better-auth/api';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { connectionFailure, createDatabaseOutage } from './database-outage';
import { openDatabase, type Database } from '../db/client';
import { buildApp } from '../app';
import { parseEnv } from '../env';
import type { Mail } from '../mail/mailer';
import { seedDemoIfEmpty } from '../modules/demo/seed';
import { openFreshPostgres, TEST_DB_KIND, type TestApp } from '../../../tests/helpers/app';
import { startTcpProxy, type TcpProxy } from '../../../tests/helpers/tcp-proxy';
import { createUser, type TestUser } from '../../../tests/helpers/users';
import { collector } from '../../../tests/helpers/log-lines';
import { listenLocally } from '../../../tests/helpers/listen';
import { testPasswordHashing } from '../../../tests/helpers/password-hashing';

/** How long the database is away in each scenario (OUTAGE_CUT_MS to measure another length). */
const CUT_MS = Number(process.env.OUTAGE_CUT_MS ?? 4_000);
/** The app's wait for a connection (PG_CONNECT_TIMEOUT_MS) in these tests: short, so a silent host's outage answers many times. */
const CONNECT_TIMEOUT_MS = 1_000;
/** Answers each phase of an outage test must see at least (needing the database during it; after it settled). */
const MIN_ANSWERS = 20;
/** From the database's return, how long before every request must succeed (the pool reconnects at once; the margin is for a loaded machine). */
const SETTLE_MS = 2_500;
/** An outage test's limit: its phases wait up to 30 s each for their answers on a loaded machine. */
const OUTAGE_TEST_MS = 120_000;

/** Resolves once `done()` holds (checked every 50 ms), or after `limitMs` whichever comes first. */
async function waitUntil(done: () => boolean, limitMs: number): Promise<void> {
  const until = Date.now() + limitMs;
  while (!done() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
}

interface Answer { sentAt: number; at: number; path: string; status: number; id?: string; retryAfter: string | null; shape: boolean }

/** Whether an answer's route needs the database (the session read may answer from its signed copy: auth/session-copy.ts). */
const needsDatabase = (a: Answer) => a.path !== '/api/auth/get-session';

/** A PostgreSQL error as node-postgres makes it from the server's ErrorResponse. */
function serverError(code: string, message: string): Error {
  return Object.assign(new pg.DatabaseError(message, message.length, 'error'), { code, severity: 'FATAL' });
}
/** The failed statement as Drizzle reports it (its SQL and parameters in the message and fields). */
const failedQuery = (cause: Error) => new DrizzleQueryError('select * from "session" where "token" = $1', ['secret-token'], cause);

describe('connectionFailure', () => {
  it.each([
    ['ECONNREFUSED', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['ECONNRESET', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['57P01 admin shutdown', serverError('57P01', 'terminating connection due to administrator command')],
    ['57P03 cannot connect now', serverError('57P03', 'the database system is starting up')],
    ['08006 connection failure', serverError('08006', 'connection failure')],
    ['08P01 protocol violation', serverError('08P01', 'protocol violation')],
    ['53300 too many connections', serverError('53300', 'sorry, too many clients already')],
    ['Connection terminated', new Error('Connection terminated unexpectedly')],
    ["the pool's connect timeout", new Error('timeout exceeded when trying to connect')],
    ['a connect timeout', new Error('Connection terminated due to connection timeout')],
    ['a client broken before', new Error('Client has encountered a connection error and is not queryable')],
    ['two addresses refused (AggregateError)', Object.assign(new AggregateError([
      Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
    ], ''), { code: 'ECONNREFUSED' })],
  ])('finds %s, also inside Drizzle and Better Auth errors', (_name, error) => {
    expect(connectionFailure(error)).toEqual({ code: (error as { code?: string }).code ?? 'connection', message: expect.stringMatching(/\S/) });
    expect(connectionFailure(error)!.message).toContain(error instanceof AggregateError ? 'connect ECONNREFUSED ::1:5432; connect' : error.message);
    const wrapped = new APIError('INTERNAL_SERVER_ERROR', { message: 'Failed to get session', cause: failedQuery(error) });
    const found = connectionFailure(wrapped);
    expect(found).toEqual(connectionFailure(error));
    expect(JSON.stringify(found)).not.toMatch(/select|secret-token/);
  });

  it.each([
    ['a unique violation', serverError('23505', 'duplicate key value violates unique constraint "user_email_key"')],
    ['a missing table', serverError('42P01', 'relation "nope" does not exist')],
    ['a statement timeout', serverError('57014', 'canceling statement due to statement timeout')],
    ['a serialization failure', serverError('40001', 'could not serialize access')],
    ['a closed embedded database', new Error('PGlite is closed')],
    ['a plain error', new Error('Something else')],
    ['a string', 'Connection terminated'],
    ['nothing', undefined],
  ])('does not take %s for one', (_name, error) => {
    expect(connectionFailure(error)).toBeNull();
    if (error instanceof Error) expect(connectionFailure(failedQuery(error))).toBeNull();
  });

  it('stops at a cycle of causes', () => {
    const first = new Error('first');
    const second = new Error('second', { cause: first });
    (first as { cause?: unknown }).cause = second;
    expect(connectionFailure(first)).toBeNull();
  });
});

/** A logger recording what reaches it (level and arguments), with children writing to the same list. */
function recordingLog() {
  const written: { level: string; args: unknown[] }[] = [];
  const make = (): FastifyBaseLogger => {
    const log = { level: 'info', silent: () => {} } as unknown as Record<string, unknown>;
    for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace']) log[level] = (...args: unknown[]) => void written.push({ level, args });
    log.child = () => make();
    return log as unknown as FastifyBaseLogger;
  };
  return { log: make(), written };
}

describe('createDatabaseOutage', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('logs one line when the database goes and one when the probe finds it back, whatever fails in between', async () => {
    vi.useFakeTimers();
    const { log, written } = recordingLog();
    let up = false;
    const probe = vi.fn(async () => {
      if (!up) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    });
    const outage = createDatabaseOutage({ log, probe });
    const refused = failedQuery(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    expect(outage.failed(serverError('23505', 'duplicate key'))).toBe(false);
    expect(outage.active).toBe(false);
    expect(probe).not.toHaveBeenCalled();
    for (let n = 0; n < 100; n++) expect(outage.failed(refused)).toBe(true);
    expect(outage.active).toBe(true);
    // Background work: its connection failures and any other warning or error are counted meanwhile.
    const background = outage.quiet(log).child({ component: 'jobs' });
    background.warn({ err: new Error('Connection terminated unexpectedly') }, 'ranking notices: listening connection lost; reconnecting');
    background.error({ err: 'Failed query: select 1' }, 'scoring folder run failed');
    background.info('still written');
    await vi.advanceTimersByTimeAsync(3_000);
    expect(probe).toHaveBeenCalledTimes(3);
    expect(outage.active).toBe(true);
    up = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(outage.active).toBe(false);
    expect(written.map((entry) => [entry.level, entry.args.at(-1)])).toEqual([
      ['warn', 'database unreachable'],
      ['info', 'still written'],
      ['warn', 'database reachable again'],
    ]);
    expect(written[0]!.args[0]).toEqual({ outage: { code: 'ECONNREFUSED', error: 'connect ECONNREFUSED 127.0.0.1:5432', retryAfterSeconds: 5 } });
    expect(written[2]!.args[0]).toEqual({ outage: { durationMs: 4_000, failures: 101, quietedLogLines: 1 } });
    // No more probing once it is back; after it, background lines are written again.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(probe).toHaveBeenCalledTimes(4);
    background.error({ err: new Error('something else') }, 'a job failed');
    await vi.advanceTimersByTimeAsync(0);
    expect(probe).toHaveBeenCalledTimes(5); // asked once before writing it: the database answers
    expect(written.at(-1)!.args.at(-1)).toBe('a job failed');
    outage.stop();
  });

  it("takes a job's failure whose cause was lost for the outage's start when the database does not answer", async () => {
    const { log, written } = recordingLog();
    let up = true;
    const outage = createDatabaseOutage({
      log, probe: async () => {
        if (!up) throw failedQuery(serverError('57P01', 'terminating connection due to administrator command'));
      },
    });
    const jobs = outage.quiet(log);
    // As the scoring folder logs: the message only.
    jobs.error({ err: 'Failed query: select match_id from scoring_queue\nparams: [redacted]' }, 'scoring folder run failed');
    await vi.waitFor(() => expect(written).toHaveLength(1));
    expect(written[0]!.args.at(-1)).toBe('scoring folder run failed');
    up = false;
    jobs.error({ err: 'Failed query: select match_id from scoring_queue\nparams: [redacted]' }, 'scoring folder run failed');
    jobs.warn({ component: 'auth' }, 'Failed to query fallback join for model user');
    await vi.waitFor(() => expect(outage.active).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(written.map((entry) => entry.args.at(-1))).toEqual(['scoring folder run failed', 'database unreachable']);
    expect(written[1]!.args[0]).toMatchObject({ outage: { code: '57P01' } });
    outage.stop();
  });

  it('starts a new probe when one hangs past its time limit', async () => {
    vi.useFakeTimers();
    const { log } = recordingLog();
    const probe = vi.fn(() => new Promise<void>(() => {}));
    const outage = createDatabaseOutage({ log, probe });
    outage.failed(new Error('Connection terminated unexpectedly'));
    await vi.advanceTimersByTimeAsync(5_000);
    // Every second, except while the last one is younger than 2 s: 1 s, 3 s, 5 s.
    expect(probe).toHaveBeenCalledTimes(3);
    outage.stop();
  });
});

describe.runIf(TEST_DB_KIND === 'postgres')('a database outage under load (postgres, through a TCP proxy)', () => {
  let fresh: Awaited<ReturnType<typeof openFreshPostgres>>;
  let proxy: TcpProxy;
  let database: Database;
  let app: FastifyInstance;
  let base: string;
  let person: TestUser;
  const { lines, stream } = collector();
  const dataDir = mkdtempSync(join(tmpdir(), 'palpite-outage-'));

  beforeAll(async () => {
    fresh = await openFreshPostgres(process.env.TEST_DATABASE_URL as string, 'palpite_outage');
    await seedDemoIfEmpty(fresh.database.db, new Date());
    const target = new URL(fresh.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const proxied = new URL(fresh.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    // As main.ts does: dropped pooled connections are heard (without a listener node-postgres would crash).
    let onConnectionError = (_error: Error) => {};
    database = await openDatabase({ url: proxied.toString(), connectTimeoutMs: CONNECT_TIMEOUT_MS, onConnectionError: (error) => onConnectionError(error) });
    const outbox: Mail[] = [];
    app = await buildApp({
      env: parseEnv({
        NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: dataDir, RATE_LIMIT: 'false', SYNC: 'false', REMINDERS: 'false',
        BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-123',
      }),
      database, logStream: stream, webDir: join(dataDir, 'no-web'),
      mailer: { mode: 'outbox', send: async (mail) => void outbox.push(mail) },
      passwordHashing: testPasswordHashing,
    });
    onConnectionError = (error) => app.log.warn({ err: error }, 'PostgreSQL connection lost; the pool reconnects');
    base = await listenLocally(app);
    person = await createUser({ app, database, outbox, dataDir, close: async () => {} } satisfies TestApp);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await proxy?.close();
    await fresh?.database.close();
    await fresh?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** One request over HTTP, as a browser sends it. */
  const ask = async (path: string, cookie?: string): Promise<Answer> => {
    const sentAt = Date.now();
    const response = await fetch(`${base}${path}`, { headers: cookie ? { cookie } : {} });
    const body = await response.json().catch(() => null) as { error?: { id?: unknown; message?: unknown } } | null;
    const shape = response.status < 400 || (typeof body?.error?.id === 'string' && typeof body.error.message === 'string');
    return { sentAt, at: Date.now(), path, status: response.status, id: typeof body?.error?.id === 'string' ? body.error.id : undefined, retryAfter: response.headers.get('retry-after'), shape };
  };

  /**
   * How the database goes away: the network cut (open connections reset), the server stopping (as
   * `pg_ctl stop -m fast`: open connections told 57P01, new ones refused), or its host gone silent (open
   * connections reset, new ones never answered: a fail-over to an address nothing answers, packets dropped).
   */
  type Way = 'network cut' | 'server stopped' | 'host silent';

  /**
   * Eight clients send requests one after another (each its next when the last was answered) while the
   * database goes away for `cutMs` (longer if fewer than MIN_ANSWERS needing it were answered by then)
   * and comes back; every answer, the readiness during the outage and the log lines written from the
   * start are kept.
   */
  async function outage(way: Way, cutMs: number) {
    const paths: [string, boolean][] = [['/api/leagues', false], ['/api/me', true], ['/api/groups', true], ['/api/auth/get-session', true]];
    for (const [path, signedIn] of paths) expect((await ask(path, signedIn ? person.cookie : undefined)).status, path).toBe(200);
    const before = lines.length;
    const answers: Answer[] = [];
    let running = true;
    const clients = Array.from({ length: 8 }, async (_, client) => {
      for (let n = client; running; n++) {
        const [path, signedIn] = paths[n % paths.length]!;
        answers.push(await ask(path, signedIn ? person.cookie : undefined));
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (way === 'network cut') await proxy.cut();
    else if (way === 'host silent') await proxy.silence();
    else {
      await proxy.refuse();
      // Every backend told at once (as `pg_ctl stop -m fast` does; one at a time, a connection still open
      // answered between two and the outage was logged twice), then waits (up to 5 s) until each has
      // exited: requests sent before then may still succeed.
      const others = sql`from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`;
      await fresh.database.db.execute(sql`select pg_terminate_backend(pid) ${others}`);
      await fresh.database.db.execute(sql`select pg_terminate_backend(pid, 5000) ${others}`);
    }
    const cutAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, cutMs / 2));
    const ready = await fetch(`${base}/api/ready`);
    const readiness = { status: ready.status, body: await ready.json() as unknown };
    await new Promise((resolve) => setTimeout(resolve, cutMs / 2));
    // A loaded machine (CI runs other files beside this one) answers fewer requests in the same time: the
    // database stays away until enough requests needing it were answered, 30 s at most.
    await waitUntil(() => answers.filter((a) => a.sentAt > cutAt && needsDatabase(a)).length > MIN_ANSWERS, 30_000);
    const restoredAt = Date.now();
    await proxy.restore();
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS + 500));
    await waitUntil(() => answers.filter((a) => a.sentAt > restoredAt + SETTLE_MS).length > MIN_ANSWERS, 30_000);
    running = false;
    await Promise.all(clients);
    const logged = lines.slice(before);
    const during = answers.filter((a) => a.sentAt > cutAt && a.at < restoredAt);
    const after = answers.filter((a) => a.sentAt > restoredAt);
    const firstBack = after.find((a) => a.status === 200 && needsDatabase(a));
    // The figures of a run (docs/benchmarks.md-style): how many answers of each kind, how soon after.
    console.info(JSON.stringify({
      way, cutMs, answers: answers.length, duringCut: during.length,
      byPathAndStatus: Object.fromEntries([...new Set(answers.map((a) => `${a.path} ${a.status} ${a.id ?? ''}`.trim()))]
        .map((key) => [key, answers.filter((a) => `${a.path} ${a.status} ${a.id ?? ''}`.trim() === key).length])),
      firstOkAfterRestoreMs: firstBack ? firstBack.at - restoredAt : null,
      readiness,
      log: logged.map((line) => `${String(line.level)} ${String(line.msg)} ${JSON.stringify(line.outage ?? (line.err as { message?: string } | undefined)?.message ?? '')}`),
    }));
    return { answers, during, after, cutAt, restoredAt, firstBack, readiness, logged };
  }

  /** What every outage must look like, whichever way the database went. */
  function expectHandled(run: Awaited<ReturnType<typeof outage>>) {
    const { answers, during, after, restoredAt, firstBack, readiness, logged } = run;
    // While it is gone: 503 database_unavailable with Retry-After in the app's shape for everything that
    // needs the database; the session read alone may still answer from its signed copy (auth/session-copy.ts).
    const needingDatabase = during.filter(needsDatabase);
    expect(needingDatabase.length).toBeGreaterThan(MIN_ANSWERS);
    expect(needingDatabase.filter((a) => !(a.status === 503 && a.id === 'database_unavailable' && a.shape && Number(a.retryAfter) > 0))
      .map((a) => ({ ...a, sentAt: a.sentAt - run.cutAt, at: a.at - run.cutAt }))).toEqual([]);
    expect(during.filter((a) => a.status !== 200 && a.status !== 503)).toEqual([]);
    expect(answers.filter((a) => a.status >= 500 && a.status !== 503)).toEqual([]);
    // Back by itself: answered within 2 s of its return (the pool reconnects at once; the margin is for a
    // loaded machine), and every request after 2.5 s succeeds.
    expect(firstBack).toBeDefined();
    expect(firstBack!.at - restoredAt).toBeLessThan(2_000);
    const settled = after.filter((a) => a.sentAt > restoredAt + SETTLE_MS);
    expect(settled.length).toBeGreaterThan(MIN_ANSWERS);
    expect(settled.filter((a) => a.status !== 200)).toEqual([]);
    // Readiness says why it is not ready.
    expect(readiness).toMatchObject({ status: 503, body: { status: 'not_ready', checks: { database: false } } });
    // One line when it goes, one when it is back (with its duration); nothing per request, no SQL.
    const starts = logged.filter((line) => line.msg === 'database unreachable');
    const ends = logged.filter((line) => line.msg === 'database reachable again');
    expect(starts).toHaveLength(1);
    expect(starts[0]).toMatchObject({ level: 40, outage: { code: expect.any(String), retryAfterSeconds: expect.any(Number) } });
    expect(ends).toHaveLength(1);
    expect(ends[0]).toMatchObject({ level: 40, outage: { durationMs: expect.any(Number), failures: expect.any(Number) } });
    expect(logged.filter((line) => line.msg === 'request failed')).toEqual([]);
    expect(logged.filter((line) => Number(line.level) >= 50)).toEqual([]);
    expect(JSON.stringify(logged)).not.toMatch(/Failed query|select |params:/i);
    // The main.ts-like pool listener's lines are one per pooled connection lost, never one per request.
    expect(logged.filter((line) => Number(line.level) >= 40).length).toBeLessThanOrEqual(2 + 10);
  }

  it('answers 503 database_unavailable with Retry-After while the network to PostgreSQL is cut, 200 once it is back, and logs the outage twice', async () => {
    expectHandled(await outage('network cut', CUT_MS));
  }, OUTAGE_TEST_MS);

  it('does the same while PostgreSQL stops (connections ended with 57P01, new ones refused) and starts again', async () => {
    const run = await outage('server stopped', CUT_MS);
    expectHandled(run);
  }, OUTAGE_TEST_MS);

  it('does the same while its host stops answering (a new connection waits PG_CONNECT_TIMEOUT_MS, then 503), where requests used to wait for good', async () => {
    expectHandled(await outage('host silent', CUT_MS + 2_000));
  }, OUTAGE_TEST_MS);
});
