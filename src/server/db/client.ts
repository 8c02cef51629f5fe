/**
 * The database connection: embedded PGlite (real Postgres in-process, files in DATA_DIR/pglite) when
 * no DATABASE_URL is given, PostgreSQL through node-postgres when it is. Same schema, same SQL, same
 * migrations for both (docs/decisions/001-embedded-pglite.md).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
// The drivers are imported when a database of their kind is opened: a program on the embedded database
// never loads node-postgres, and one on PostgreSQL never loads PGlite (start-up time).
import type { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Client as PgClient, Pool as PgPool } from 'pg';
import * as schema from './schema';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock';
import { assertRoomToOpen, DEFAULT_RESERVE_BYTES, guardEmbedded, registerStorage, type GuardedClient } from './embedded-storage';
import { trackForeground } from './embedded-activity';
import { sqlLiteral } from './sql-literal';

/** The Drizzle database, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle, usable wherever a Db is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A database or a transaction. */
export type Conn = Db | Tx;

/** An open database with its driver kind and a close function. */
export interface Database {
  db: Db;
  /**
   * Where reads that may lag a little go (rankings, stats, history, discovery): a read replica's pool
   * when DATABASE_READ_URL is set, else `db` itself. Writes, and reads of what a person has just written,
   * use `db` (the primary).
   */
  readDb: Db;
  kind: 'pglite' | 'postgres';
  /** Releases the connection (and the embedded database's lock). */
  close(): Promise<void>;
  /**
   * Hears PostgreSQL notifications (NOTIFY / pg_notify) on `channel`, from any connection to the same
   * database — other app instances included — once the notifying transaction commits. PostgreSQL: one
   * dedicated connection per call, reconnected after a drop (`onError` hears why; notifications sent
   * while it was down are lost, so callers resynchronise in `onReconnect`). PGlite: its own in-process
   * LISTEN, made again (then `onReconnect`) when the client is reopened after a full disk stopped it
   * (embedded-storage.ts). @returns the function that stops listening.
   */
  listen(channel: string, onMessage: (payload: string) => void, hooks?: ListenHooks): Promise<() => Promise<void>>;
  /**
   * PostgreSQL: each pool's connections (open, idle, and queries waiting for one) and how many times a
   * connection was handed out since start, for /metrics: 'primary', and 'replica' with a read URL.
   */
  poolStats?(): Record<'primary' | 'replica', PoolStats | undefined>;
  /** How many connections each handle has at most (a PostgreSQL pool's size; 1 for the embedded database). */
  connections: number;
}

/** One pool's state (see Database.poolStats). */
export interface PoolStats { total: number; idle: number; waiting: number; acquired: number }

/** What a listener hears besides messages. */
export interface ListenHooks {
  /** The listening connection failed (it is replaced after a pause). */
  onError?: (error: Error) => void;
  /** Listening again after a failure: messages in between were missed. */
  onReconnect?: () => void;
}

/**
 * Where to connect: a PostgreSQL URL, an embedded data folder, or an in-memory PGlite (tests; optionally
 * started from `template`, a PGlite data-dir dump, then migrated like any other). With a
 * URL, `onConnectionError` hears about pooled connections the server dropped (a restart, an
 * administrator); the pool replaces them, and without a listener node-postgres would crash the process.
 */
export type DatabaseTarget =
  | {
    url: string; readUrl?: string; onConnectionError?: (error: Error) => void;
    /** Connections per pool (default 10; PGPOOL). */
    poolSize?: number;
    /** How long a query waits for a connection, in ms, before it fails (default 5,000; PG_CONNECT_TIMEOUT_MS). */
    connectTimeoutMs?: number;
  }
  | {
    dataDir: string;
    /** Free space kept on DATA_DIR's disk, in bytes (default DEFAULT_RESERVE_BYTES; EMBEDDED_DISK_RESERVE_MB). */
    reserveBytes?: number;
  }
  | { memory: true; template?: Blob };

/** Connections per PostgreSQL pool unless told otherwise. */
const DEFAULT_POOL_SIZE = 10;

/** How long a pooled PostgreSQL connection stays open unused, in ms (10 minutes). */
const IDLE_CONNECTION_MS = 600_000;
/** How long a PostgreSQL query waits for a connection unless told otherwise, in ms. */
const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

/** The folder of drizzle-kit's migrations (and its meta/_journal.json), applied at open. */
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Opens the database and applies pending migrations. An embedded database is guarded against a full disk
 * (embedded-storage.ts; a reserve of `reserveBytes`, default 24 MB).
 * @throws DataDirLockedError when another process holds the embedded database.
 * @throws DataDirFullError when the disk holding DATA_DIR has less free than the reserve (or the open
 * failed with less than that free).
 */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if ('url' in target) {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'), import('drizzle-orm/node-postgres'), import('drizzle-orm/node-postgres/migrator'),
    ]);
    // JIT off for this app's sessions: its statements are short, and PostgreSQL's cost-based JIT spent
    // 30–700 ms compiling expressions for ranking and stats reads that run in tens of milliseconds
    // (docs/benchmarks.md). No parallel workers either: starting them cost a 1,000-member ranking ~15 ms
    // of its ~25 (a few thousand rows each way), and under many requests at once every core is already
    // busy with a request of its own. An operator's own postgresql.conf stays untouched.
    const open = (url: string) => {
      // A bounded wait for a connection: a host gone silent (packets dropped, not refused) answers 503 within
      // it rather than leaving requests waiting for the operating system's minutes-long connect timeout.
      const pool = new pg.Pool({
        connectionString: url, max: target.poolSize ?? DEFAULT_POOL_SIZE, connectionTimeoutMillis: target.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
        // Connections stay open for IDLE_CONNECTION_MS unused (node-postgres closes them after 10 s by
        // default): the statements prepared and planned on them stay so (the ranking statement's plan cost
        // 20–25 ms on each new connection, docs/benchmarks.md). TCP keep-alive finds a connection a
        // firewall dropped meanwhile. At most `max` per pool, as before.
        idleTimeoutMillis: IDLE_CONNECTION_MS, keepAlive: true,
        options: '-c jit=off -c max_parallel_workers_per_gather=0 -c work_mem=32MB',
      });
      pool.on('error', (error) => target.onConnectionError?.(error));
      let acquired = 0;
      pool.on('acquire', () => { acquired += 1; });
      const stats = (): PoolStats => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, acquired });
      const db = drizzlePg(pool, { schema }) as unknown as Db;
      pooledHandles.add(db);
      pools.set(db, pool);
      return { pool, stats, db };
    };
    const primary = open(target.url);
    // The replica is never migrated: it follows the primary.
    const replica = target.readUrl ? open(target.readUrl) : undefined;
    const close = async () => {
      await Promise.all([primary.pool.end(), replica?.pool.end()]);
    };
    try {
      await withAdvisoryLock(primary.pool, MIGRATION_LOCK_KEY, () => migratePg(primary.db as never, { migrationsFolder }));
    } catch (error) {
      await close();
      throw error;
    }
    return {
      db: primary.db, readDb: replica?.db ?? primary.db, kind: 'postgres', close, connections: target.poolSize ?? DEFAULT_POOL_SIZE,
      listen: (channel, onMessage, hooks) => listenPostgres(target.url, channel, onMessage, hooks),
      poolStats: () => ({ primary: primary.stats(), replica: replica?.stats() }),
    };
  }
  const [{ PGlite }, { openDurablePGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'), import('./durable-pglite'), import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator'),
  ]);
  let lock: DataDirLock | undefined;
  let client: PGlite;
  let guard: GuardedClient | undefined;
  /** With a data folder: refuses to go on (DataDirFullError) when its disk is too full, `cause` being what failed. */
  let assertRoom = (_cause?: unknown) => {};
  if ('dataDir' in target) {
    const dir = resolve(target.dataDir);
    // Below the reserve, writes would be refused at once, and a database that needs recovery could not
    // even start (embedded-storage.ts): say so, rather than PGlite's "failed to initialize properly".
    const reserveBytes = target.reserveBytes ?? DEFAULT_RESERVE_BYTES;
    assertRoom = (cause) => assertRoomToOpen(dir, reserveBytes, cause);
    assertRoom();
    mkdirSync(dir, { recursive: true });
    lock = acquireDataDirLock(dir);
    // A restore stopped between its two renames (backup-embedded.ts) left the old database aside and none
    // in place: never create an empty one over that.
    if (!existsSync(join(dir, 'pglite')) && existsSync(join(dir, 'pglite.replaced'))) {
      lock.release();
      throw new Error(`${dir} holds pglite.replaced but no pglite: a restore was interrupted. Run the restore again, `
        + 'or rename pglite.replaced back to pglite to keep the database it replaced.');
    }
    // fsync on, and a NODEFS whose fsync reaches the disk: an acknowledged write survives a power cut
    // (decision 010). EMBEDDED_FSYNC=false (functional test suites only) skips the flushes.
    const openPglite = async () => (process.env.EMBEDDED_FSYNC === 'false'
      ? PGlite.create(join(dir, 'pglite'))
      : (await openDurablePGlite(join(dir, 'pglite'))).client);
    try {
      guard = guardEmbedded(await openPglite(), {
        dataDir: dir, reserveBytes, reopen: openPglite,
        // A new client after a failure knows none of the old one's prepared statements.
        onReopen: () => embeddedStatements.get(db)?.clear(),
      });
    } catch (error) {
      lock.release();
      assertRoom(error);
      throw error;
    }
    client = guard.client;
  } else {
    // A template (a dumpDataDir of a migrated database, tests) loads faster than initdb plus every migration.
    // New WAL segments are not zero-filled: in memory that reserves nothing, and the 16 MB written, in
    // growing copies, stalled the statement that began a segment for ~200 ms (docs/benchmarks.md).
    client = await PGlite.create({
      startParams: [...PGlite.defaultStartParams, '-c', 'wal_init_zero=off'],
      ...(target.template ? { loadDataDir: target.template } : {}),
    });
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  embeddedStatements.set(db, new Map());
  trackForeground(client, db);
  if (guard) registerStorage(db, guard);
  try {
    await migratePglite(db as never, { migrationsFolder });
  } catch (error) {
    await client.close();
    lock?.release();
    assertRoom(error);
    throw error;
  }
  return {
    db,
    readDb: db,
    kind: 'pglite',
    connections: 1,
    close: async () => {
      await client.close();
      lock?.release();
    },
    listen: async (channel, onMessage, hooks) => {
      const stop = guard ? await guard.listen(channel, onMessage, hooks?.onReconnect) : await client.listen(channel, onMessage);
      return async () => {
        if (!client.closed) await stop();
      };
    },
  };
}

/** Pause before a dropped listening connection is replaced. */
const RELISTEN_DELAY_MS = 1_000;
/** How often the listening connection is checked with a query (a half-open TCP connection hears nothing). */
const LISTEN_PING_MS = 30_000;

/**
 * LISTEN on a dedicated node-postgres client (a pooled connection would be handed to queries), replaced
 * after a drop — one retry at a time, whether the failure came as an error event, a failed query or a
 * failed ping — with TCP keep-alive and a periodic `select 1`. The channel name is an SQL identifier
 * written into the statement: only [a-z_] allowed.
 * @throws when the first connection or LISTEN fails (nothing is left running then).
 */
async function listenPostgres(url: string, channel: string, onMessage: (payload: string) => void, hooks: ListenHooks = {}): Promise<() => Promise<void>> {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`invalid channel name: ${channel}`);
  const { default: pg } = await import('pg');
  let stopped = false;
  let client: PgClient | undefined;
  let retry: NodeJS.Timeout | undefined;
  let started = false;
  /** Drops a failed client and, once listening had started, schedules one reconnection. */
  const fail = (failed: PgClient, error: Error) => {
    if (failed !== client && started) return; // this client's failure is already being handled
    if (client === failed) client = undefined;
    failed.end().catch(() => {});
    if (!started || stopped) return;
    hooks.onError?.(error);
    if (retry === undefined) retry = setTimeout(() => void reconnect(), RELISTEN_DELAY_MS);
  };
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, keepAlive: true });
    next.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onMessage(message.payload);
    });
    next.on('error', (error) => fail(next, error));
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${channel}`);
    } catch (error) {
      if (client === next) client = undefined;
      await next.end().catch(() => {});
      throw error;
    }
    if (stopped) await next.end().catch(() => {});
  };
  const reconnect = async () => {
    retry = undefined;
    if (stopped) return;
    try {
      await connect();
      hooks.onReconnect?.();
    } catch (error) {
      hooks.onError?.(error as Error);
      if (!stopped && retry === undefined) retry = setTimeout(() => void reconnect(), RELISTEN_DELAY_MS);
    }
  };
  await connect();
  started = true;
  const ping = setInterval(() => {
    const current = client;
    if (!current) return;
    current.query('select 1').catch((error: Error) => fail(current, error));
  }, LISTEN_PING_MS);
  ping.unref();
  return async () => {
    stopped = true;
    clearInterval(ping);
    clearTimeout(retry);
    const current = client;
    client = undefined;
    await current?.end().catch(() => {});
  };
}

/** Advisory-lock key serialising migrations across app instances ("palp" in ASCII; fits a JS number exactly). */
const MIGRATION_LOCK_KEY = 0x70616c70;

/**
 * Runs `work` while holding a PostgreSQL session advisory lock, so that several app instances
 * starting at once migrate one after the other (the later ones find nothing left to do).
 */
async function withAdvisoryLock<T>(pool: PgPool, key: number, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [key]);
    try {
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [key]);
    }
  } finally {
    client.release();
  }
}

/** The rows of a raw `db.execute(sql)` result, whichever driver ran it. */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** Drizzle's own compiler and session behind a database or transaction (not in its public types). */
interface DrizzleInternals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: { prepareQuery(query: { sql: string; params: unknown[] }, fields: undefined, name: string, arrayMode: false): { execute(): Promise<unknown> } };
}
const statementNames = new Map<string, string>();
/** The top-level handles of PostgreSQL pools (their statements run side by side on several connections). */
const pooledHandles = new WeakSet<object>();
/** Each PostgreSQL top-level handle's pool (executePrepared's generic plans run on one of its clients). */
const pools = new WeakMap<object, PgPool>();
/** The statements prepared with SQL PREPARE on each pooled PostgreSQL connection (executePrepared, generic), false when refused. */
const preparedOnClient = new WeakMap<object, Map<string, boolean>>();

/**
 * Whether statements sent together through `conn` run side by side: true for a PostgreSQL pool's
 * handle; false for a transaction (one connection) and for the embedded database (one thread), where
 * splitting a read into parts only adds work.
 */
export function runsSideBySide(conn: Conn): boolean {
  return pooledHandles.has(conn);
}
/**
 * The embedded databases' prepared statements, per top-level handle (a transaction is another handle):
 * statement text → the name it was prepared under, or null when PREPARE refused it.
 */
const embeddedStatements = new WeakMap<object, Map<string, Promise<string | null>>>();
/** Statements prepared at most per embedded database (beyond: sent as before, planned every time). */
const MAX_EMBEDDED_STATEMENTS = 200;

/**
 * Runs a raw statement as a named prepared statement, with the same result as `conn.execute(query)`:
 * node-postgres parses it once per pooled connection and PostgreSQL can reuse its plan, where an unnamed
 * statement is parsed and planned on every call (half the database's CPU of a save during the deadline
 * rush, docs/benchmarks.md). Through Drizzle's own session (its prepared-query path, as `.prepare(name)`
 * of the query builder uses), so transactions work alike. The name is `label` plus a hash of the
 * statement's text, so two texts never share a name.
 *
 * PGlite ignores the name (its queries are always unnamed), and planning the batched save took it 10 ms
 * a statement against 1–4 ms to run it. So on the embedded database's top-level handle the statement is
 * prepared with SQL (`PREPARE name AS …`, once per database) and run with `EXECUTE name(…)`, its values
 * written as literals (sqlLiteral) of the parameters' types, the same rows coming back. A value must then
 * suit its parameter's type as text: a number for a numeric parameter, a string for a timestamp (PGlite's
 * own conversions, such as milliseconds to a timestamp, do not apply). Inside a transaction, or for values
 * without a literal, or when PREPARE refuses the text, it runs as before.
 *
 * `generic`: the statement always runs under its generic plan, planned once per connection. PostgreSQL
 * otherwise plans a statement with bind parameters anew for its first five runs on each connection, and
 * for good when the generic plan's estimate looks dearer than those: the ranking statement of a group of
 * 20 among thousands was planned on every read, 10–15 ms against 1 ms to run it (docs/benchmarks.md).
 * Then the statement is prepared with SQL on the pooled connection it runs on too, and run as `SET LOCAL
 * plan_cache_mode = force_generic_plan; EXECUTE name(…)` in one simple query (the setting ends with that
 * query's implicit transaction); on the embedded database, the same through PGlite's exec. In a
 * transaction it runs as without.
 * @param label a short name for the statement (letters, digits, underscores).
 */
export function executePrepared(conn: Conn, label: string, query: SQL, options: { generic?: boolean } = {}): Promise<unknown> {
  const internals = conn as unknown as DrizzleInternals;
  const compiled = internals.dialect.sqlToQuery(query);
  let name = statementNames.get(compiled.sql);
  if (name === undefined) {
    name = `${label}_${createHash('sha1').update(compiled.sql).digest('hex').slice(0, 12)}`;
    if (statementNames.size < 1_000) statementNames.set(compiled.sql, name);
  }
  /** Drizzle's own query for the text: how its execute runs it (its client and type parsers). */
  const drizzleQuery = () => internals.session.prepareQuery(compiled, undefined, name, false);
  const unnamed = () => drizzleQuery().execute();
  const embedded = embeddedStatements.get(conn);
  const pool = options.generic ? pools.get(conn) : undefined;
  if (!embedded && !pool) return unnamed();
  const literals = compiled.params.map(sqlLiteral);
  if (literals.some((literal) => literal === undefined)) return unnamed();
  const args = literals.length === 0 ? '' : `(${literals.join(', ')})`;
  /** The statement's failure as an unnamed statement's would be reported: its text, the values apart. */
  const failed = (error: unknown) => new DrizzleQueryError(compiled.sql, compiled.params, ((error as { cause?: unknown }).cause ?? error) as Error);
  if (pool) {
    // Rows parsed as Drizzle's execute parses them (dates and times kept as text): its query's type parsers.
    const { types } = (drizzleQuery() as unknown as { rawQueryConfig: { types: unknown } }).rawQueryConfig;
    return executeGeneric(pool, `${name}_g`, compiled.sql, args, types)
      .then((result) => (result === REFUSED ? unnamed() : result), (error: unknown) => { throw failed(error); });
  }
  if (!embedded) return unnamed();
  let prepared = embedded.get(compiled.sql);
  if (!prepared) {
    if (embedded.size >= MAX_EMBEDDED_STATEMENTS) return unnamed();
    prepared = runText(internals, `prepare ${name} as ${compiled.sql}`).then(() => name, () => null);
    embedded.set(compiled.sql, prepared);
  }
  return prepared.then((preparedName) => {
    if (preparedName === null) return unnamed();
    // Reported as the unnamed statement's failure would be: the statement's text, the values apart (the
    // logger drops them), never inside the text.
    if (!options.generic) return runText(internals, `execute ${preparedName}${args}`).catch((error: unknown) => { throw failed(error); });
    // Through Drizzle's client and its type parsers, as its execute runs a query.
    const { client, rawQueryConfig } = drizzleQuery() as unknown as { client: PGlite; rawQueryConfig: object };
    return client.exec(genericRun(preparedName, args), rawQueryConfig)
      .then((results) => results[results.length - 1]!, (error: unknown) => { throw failed(error); });
  });
}

/**
 * The text that runs the prepared statement `name` with `args` (literals in parentheses, or '') under its
 * generic plan: the setting lasts the implicit transaction of the one simple query it is sent in.
 */
function genericRun(name: string, args: string): string {
  return `set local plan_cache_mode = force_generic_plan; execute ${name}${args}`;
}

/** executeGeneric's answer when PREPARE refused the statement's text (a parameter of no known type). */
const REFUSED = Symbol('refused');

/**
 * Runs the statement `text` prepared as `name` with SQL PREPARE on one of `pool`'s connections, under its
 * generic plan (`plan_cache_mode` for this statement only: SET LOCAL in the implicit transaction of one
 * simple query), `args` being the parameters' literals in parentheses or '', its rows parsed with `types`
 * (node-postgres's type parsers). On a connection not known to hold it, PREPARE goes in the same message
 * (one round trip; one server connection even behind a pooler). A connection that lacks it after all (a
 * pooler's reset, or another server connection behind a pooler) prepares it again; one that holds it
 * already runs it; one whose plan no longer fits the tables (0A000 after a schema change) replaces it: up
 * to MAX_GENERIC_ATTEMPTS messages. @returns the statement's result, as node-postgres gives it, or REFUSED
 * when PREPARE refuses the text (an error of class 42, remembered for that connection).
 */
async function executeGeneric(pool: PgPool, name: string, text: string, args: string, types: unknown): Promise<unknown> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    let names = preparedOnClient.get(client);
    if (!names) preparedOnClient.set(client, (names = new Map()));
    const known = names.get(name);
    if (known === false) return REFUSED;
    // The text ends its own line: a final comment in it must not swallow what follows.
    const prepare = `prepare ${name} as ${text}\n;`;
    const run = genericRun(name, args);
    const forms = { run, prepare: `${prepare} ${run}`, replace: `deallocate ${name}; ${prepare} ${run}` };
    let form: keyof typeof forms = known ? 'run' : 'prepare';
    for (let attempt = 1; ; attempt++) {
      try {
        const results = await client.query({ text: forms[form], types } as never) as unknown as unknown[];
        names.set(name, true);
        return results[results.length - 1];
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (!code || attempt >= MAX_GENERIC_ATTEMPTS) throw error;
        if (code === '26000') form = 'prepare'; // invalid_sql_statement_name: not on this server connection
        else if (code === '42P05') form = 'run'; // duplicate_prepared_statement: prepared there before
        else if (code === '0A000' && form === 'run') form = 'replace'; // cached plan must not change result type
        else if (form === 'run') throw error; // the statement's own failure
        else {
          // PREPARE or EXECUTE failed: a PREPARE alone tells which (a prepared statement outlives its
          // message's failure, so it answers 42P05 when EXECUTE was the one).
          const failure = await client.query(prepare).then(() => null, (other: { code?: string }) => {
            if (!other.code) throw other;
            return other.code === '42P05' ? null : other;
          });
          if (failure?.code?.startsWith('42')) {
            names.set(name, false);
            return REFUSED;
          }
          if (!failure) names.set(name, true);
          throw error;
        }
      }
    }
  } catch (error) {
    // A failure without an SQLSTATE is the connection's own: the pool drops that client.
    if (!(error as { code?: string }).code) broken = error as Error;
    throw error;
  } finally {
    client.release(broken);
  }
}

/** Messages executeGeneric sends at most for one run (prepare again, run, replace). */
const MAX_GENERIC_ATTEMPTS = 4;

/** Runs statement text without parameters through Drizzle's session (results as `conn.execute` gives them). */
function runText(internals: DrizzleInternals, text: string): Promise<unknown> {
  return internals.session.prepareQuery({ sql: text, params: [] }, undefined, '', false).execute();
}
