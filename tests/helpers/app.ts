/**
 * Builds the real app over a real database for a test file (STYLE.md habit 9): in-memory PGlite by
 * default, or, when TEST_DATABASE_URL is set, a fresh PostgreSQL database created for this file and
 * dropped after it. Mail is captured in `outbox` instead of being sent.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Agent } from 'node:https';
import type { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/server/app';
import type { PGlite } from '@electric-sql/pglite';
import { migrationsFolder, openDatabase, type Database } from '../../src/server/db/client';
import { parseEnv } from '../../src/server/env';
import type { Mail, Mailer } from '../../src/server/mail/mailer';
import { testPasswordHashing } from './password-hashing';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  outbox: Mail[];
  dataDir: string;
  close(): Promise<void>;
}

/** Which database the db tests run on: 'postgres' when TEST_DATABASE_URL is set. */
export const TEST_DB_KIND = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/**
 * Creates a new, empty PostgreSQL database next to the one `url` names, migrated, and a function that
 * drops it. Used by the database tests and the benchmarks so each run starts clean.
 */
export async function openFreshPostgres(url: string, prefix = 'palpite_test'): Promise<{ database: Database; drop(): Promise<void>; url: string }> {
  const name = `${prefix}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ url: target.toString() });
  return {
    database,
    url: target.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      // pool.end() resolves before its sockets have closed; forcing the drop while they close would
      // surface as an error on a client nobody listens to any more. Give them a moment first.
      for (let attempt = 0; attempt < 50; attempt++) {
        const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** Opens a fresh database: a new PostgreSQL database under TEST_DATABASE_URL, else in-memory PGlite. */
export async function openTestDatabase(): Promise<{ database: Database; drop(): Promise<void>; url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return openFreshPostgres(url);
  return { database: await openDatabase({ memory: true, template: await migratedTemplate() }), drop: async () => {} };
}

/**
 * A dump of a new, migrated in-memory PGlite database, made once per set of migrations and kept in the
 * system's temporary folder for every test file and run (loading it takes ~1.5 s against ~5.5 s for
 * initdb plus every migration). Its name carries a hash of the migrations, so a new migration makes a new
 * template; several workers making it at once each write their own file and rename it into place.
 */
export async function migratedTemplate(): Promise<Blob> {
  const hash = createHash('sha256');
  for (const name of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const path = join(migrationsFolder, name);
    if (statSync(path).isFile()) hash.update(name).update(readFileSync(path));
  }
  const file = join(tmpdir(), `palpite-test-template-${hash.digest('hex').slice(0, 16)}.tar`);
  if (!existsSync(file)) {
    const fresh = await openDatabase({ memory: true });
    const client = (fresh.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('none');
    await fresh.close();
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  return new Blob([readFileSync(file)], { type: 'application/x-tar' });
}

/**
 * A PostgreSQL URL for reads only: the same database, every transaction read-only (a write sent there
 * fails), standing for a read replica in tests of DATABASE_READ_URL.
 */
export function readOnlyUrl(url: string): string {
  const replica = new URL(url);
  // The URL's options replace the pool's (db/client.ts): the same session settings, plus read-only.
  replica.searchParams.set('options', '-c default_transaction_read_only=on -c jit=off -c max_parallel_workers_per_gather=0 -c work_mem=32MB');
  return replica.toString();
}

/**
 * Registers beforeAll/afterAll hooks giving the calling test file its own fresh database.
 * @returns a getter for the open database (valid inside tests).
 */
export function useTestDatabase(): () => Database {
  let opened: { database: Database; drop(): Promise<void> } | undefined;
  beforeAll(async () => {
    opened = await openTestDatabase();
  });
  afterAll(async () => {
    await opened?.database.close();
    await opened?.drop();
  });
  return () => {
    if (!opened) throw new Error('the test database is not open yet');
    return opened.database;
  };
}

/** The environment of the test apps, `env` over it: no rate limits, sync or reminders, a fixed auth secret. */
function testEnv(dataDir: string, env: Record<string, string> = {}) {
  return parseEnv({
    NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: dataDir, RATE_LIMIT: 'false', SYNC: 'false', REMINDERS: 'false',
    BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-123', ...env,
  });
}

/**
 * Another app instance beside `testApp` (a second server, or the same one just restarted): its own memory,
 * the same environment and auth secret (sessions work on both), on `testApp`'s database unless `database`
 * is given; its mail goes to `testApp.outbox`; `warmStatements` as createTestApp's. Not ready yet: the caller awaits ready() or listen(), and
 * closes it.
 */
export function createAnotherInstance(testApp: TestApp, options: { database?: Database; warmStatements?: boolean } = {}): Promise<FastifyInstance> {
  return buildApp({
    env: testEnv(testApp.dataDir),
    database: options.database ?? testApp.database,
    mailer: { mode: 'outbox', send: async (mail) => void testApp.outbox.push(mail) },
    webDir: join(testApp.dataDir, 'no-web'),
    warmStatements: options.warmStatements ?? false,
    passwordHashing: testPasswordHashing,
  });
}

/**
 * Builds the app on a fresh database. `env` overrides environment variables; `webDir` serves a built
 * web app from that folder (default: none). Mail is captured in `outbox`, unless `realMail` is set:
 * then the app's own mailer sends it (to SMTP_URL — a test SMTP sink — given in `env`). `logStream`
 * receives the log lines (JSON) instead of stdout. `readReplica` (PostgreSQL only) opens the database with a
 * read-only second pool as DATABASE_READ_URL (readOnlyUrl). `warmStatements` prepares the ranking statements
 * before the app is ready, as the app does outside tests (default: off).
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { webDir?: string; realMail?: boolean; logStream?: Writable; readReplica?: boolean; pushAgent?: Agent; warmStatements?: boolean } = {},
): Promise<TestApp> {
  const opened = await openTestDatabase();
  const { drop } = opened;
  let { database } = opened;
  // A read "replica" (PostgreSQL only): a second pool on the same database whose sessions are read-only.
  if (options.readReplica && opened.url) {
    await database.close();
    database = await openDatabase({ url: opened.url, readUrl: readOnlyUrl(opened.url) });
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'palpite-test-'));
  const outbox: Mail[] = [];
  const mailer: Mailer = { mode: 'outbox', send: async (mail) => void outbox.push(mail) };
  const app = await buildApp({
    env: testEnv(dataDir, env),
    database,
    mailer: options.realMail ? undefined : mailer,
    logStream: options.logStream,
    pushAgent: options.pushAgent,
    webDir: options.webDir ?? join(dataDir, 'no-web'),
    warmStatements: options.warmStatements ?? false,
    passwordHashing: testPasswordHashing,
  });
  await app.ready();
  return {
    app, database, outbox, dataDir,
    async close() {
      await app.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
