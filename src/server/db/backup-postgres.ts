/**
 * Backup and restore of a PostgreSQL database (docs/backup.md) with the PostgreSQL client tools found
 * on PATH (package postgresql-client): `pg_dump --format=custom` writes the backup, with a consistent
 * snapshot, so servers may keep running. A restore runs as one transaction through psql: the app's
 * schema is emptied (every object in "public", and drizzle's journal schema, so a backup older than the
 * database restores without leftovers of newer migrations), then `pg_restore --clean --if-exists
 * --no-owner --no-acl` replays the backup, and only a complete replay is committed — a failure at any
 * point leaves the database as it was.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import pg from 'pg';
import { BackupError, backupKindOf, databaseContents, notEmptyError, prepareOutput, tablesWithRows, type DatabaseContents, type RawQuery } from './backup';

type Environment = Record<string, string | undefined>;

/** Options of both commands: overwrite/replace, and the environment (PATH finds the tools). */
export interface PostgresBackupOptions {
  force?: boolean;
  environment?: Environment;
}

/**
 * Empties the app's schema inside the restore's transaction: every table, view, sequence, routine and
 * type in "public" that no extension owns, then drizzle's schema (its migrations journal).
 */
const CLEAR_APP_SCHEMA = `set client_min_messages = warning;
do $palpite_restore$
declare item record;
begin
  for item in
    select 1 as pass, format('drop %s if exists %I.%I cascade', case c.relkind when 'v' then 'view' when 'm' then 'materialized view' when 'S' then 'sequence' when 'f' then 'foreign table' else 'table' end, n.nspname, c.relname) as statement
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')
        and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
    union all
    select 2, format('drop %s if exists %I.%I(%s) cascade', case p.prokind when 'a' then 'aggregate' else 'routine' end, n.nspname, p.proname, pg_get_function_identity_arguments(p.oid))
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public'
        and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
    union all
    select 3, format('drop %s if exists %I.%I cascade', case t.typtype when 'd' then 'domain' else 'type' end, n.nspname, t.typname)
      from pg_type t join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = 'public' and t.typtype in ('e', 'd', 'r', 'c')
        and (t.typtype <> 'c' or exists (select 1 from pg_class c where c.oid = t.typrelid and c.relkind = 'c'))
        and not exists (select 1 from pg_depend d where d.classid = 'pg_type'::regclass and d.objid = t.oid and d.deptype = 'e')
    order by 1
  loop
    execute item.statement;
  end loop;
  drop schema if exists drizzle cascade;
end
$palpite_restore$;
`;

/**
 * Writes a backup of the PostgreSQL database at `url` to `file` with `pg_dump --format=custom`.
 * @returns what the database holds and the file's size in bytes.
 * @throws BackupError when `file` exists (without `force`), pg_dump is not installed, the database is
 * not Palpite's or cannot be reached, or pg_dump fails (its own message, e.g. a server version newer
 * than pg_dump's).
 */
export async function backupPostgres(url: string, file: string, options: PostgresBackupOptions = {}): Promise<DatabaseContents & { bytes: number }> {
  const environment = options.environment ?? process.env;
  const output = prepareOutput(file, options.force ?? false);
  const pgDump = findTool('pg_dump', environment);
  if (!pgDump) {
    throw new BackupError(`pg_dump was not found on PATH. ${INSTALL_HINT}, or run it in the database's container: ` +
      `docker compose exec -T db pg_dump --format=custom ${containerArgs(url)} > ${file}`);
  }
  const contents = await withClient(url, databaseContents);
  const target = libpqTarget(url, environment);
  try {
    const result = await runTool(pgDump, ['--format=custom', '--no-password', `--file=${output.temp}`, `--dbname=${target.dbname}`], target.env);
    if (result.code !== 0) {
      const mismatch = result.stderr.includes('version mismatch')
        ? ` Install a pg_dump of the server's major version or newer, or run it in the database's container (docker compose exec -T db pg_dump …).` : '';
      throw new BackupError(`pg_dump failed: ${oneLine(result.stderr)}${mismatch}`);
    }
    return { ...contents, bytes: output.commit() };
  } finally {
    output.discard();
  }
}

/**
 * Restores `file` (a pg_dump custom-format backup of a Palpite database) into the PostgreSQL database
 * at `url`, which must exist. A database whose app tables hold no rows is replaced; one holding data
 * only with `force`. All or nothing (one transaction). Migrations are not run: the next start applies
 * those this version adds.
 * @returns what the restored database holds.
 * @throws BackupError for a missing or foreign file, missing pg_restore/psql, a database holding data
 * (without `force`), or a failed replay (pg_restore's or psql's own message).
 */
export async function restorePostgres(url: string, file: string, options: PostgresBackupOptions = {}): Promise<DatabaseContents> {
  const environment = options.environment ?? process.env;
  if (backupKindOf(file) === 'embedded') {
    throw new BackupError(`${file} is a backup of the embedded database: restore it without DATABASE_URL, into DATA_DIR.`);
  }
  const pgRestore = findTool('pg_restore', environment);
  const psql = findTool('psql', environment);
  if (!pgRestore || !psql) {
    const missing = [pgRestore ? null : 'pg_restore', psql ? null : 'psql'].filter(Boolean).join(' and ');
    throw new BackupError(`${missing} ${missing.includes(' and ') ? 'were' : 'was'} not found on PATH. ${INSTALL_HINT}, or restore in the database's container: ` +
      `docker compose exec -T db pg_restore --clean --if-exists --no-owner ${containerArgs(url)} < ${file}`);
  }
  const listing = await runTool(pgRestore, ['--list', file], environment);
  if (listing.code !== 0) throw new BackupError(`${file} cannot be read: ${oneLine(listing.stderr)}`);
  if (!/ TABLE public user /.test(listing.stdout) || !/ TABLE drizzle __drizzle_migrations /.test(listing.stdout)) {
    throw new BackupError(`${file} is not a backup of a Palpite database: it has no "user" table or no migrations journal.`);
  }
  if (!options.force) {
    const tables = await withClient(url, tablesWithRows);
    if (tables.length > 0) throw notEmptyError(describeTarget(url), tables);
  }
  await replay(pgRestore, psql, file, libpqTarget(url, environment));
  return withClient(url, databaseContents);
}

/** "the PostgreSQL database "palpite" on db.example.com:5432" (no credentials). */
export function describeTarget(url: string): string {
  try {
    const parsed = new URL(url);
    return `the PostgreSQL database "${decodeURIComponent(parsed.pathname.slice(1)) || 'postgres'}" on ${parsed.host || 'localhost'}`;
  } catch {
    return 'the PostgreSQL database in DATABASE_URL';
  }
}

const INSTALL_HINT = 'Install the PostgreSQL client tools (Debian/Ubuntu: apt-get install postgresql-client, the same major version as the server or newer)';

/** `-U user database` for the compose alternative in a message. */
function containerArgs(url: string): string {
  try {
    const parsed = new URL(url);
    return `-U ${decodeURIComponent(parsed.username) || 'postgres'} -d ${decodeURIComponent(parsed.pathname.slice(1)) || 'postgres'}`;
  } catch {
    return '-U <user> -d <database>';
  }
}

/** The executable `name` on the environment's PATH, or null. */
function findTool(name: string, environment: Environment): string | null {
  for (const folder of (environment.PATH ?? '').split(delimiter)) {
    if (!folder) continue;
    const path = join(folder, name);
    try {
      accessSync(path, constants.X_OK);
      if (statSync(path).isFile()) return path;
    } catch {
      // not here
    }
  }
  return null;
}

/** The URL for libpq without its password (visible to `ps`), which goes in PGPASSWORD instead. */
function libpqTarget(url: string, environment: Environment): { dbname: string; env: Environment } {
  const env: Environment = { ...environment, PGAPPNAME: 'palpite-backup' };
  try {
    const parsed = new URL(url);
    if (parsed.password) {
      env.PGPASSWORD = decodeURIComponent(parsed.password);
      parsed.password = '';
    }
    return { dbname: parsed.toString(), env };
  } catch {
    return { dbname: url, env };
  }
}

/** Runs `work` on one connection to `url`, closed afterwards; a failed connection is a BackupError. */
async function withClient<T>(url: string, work: (query: RawQuery) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => {});
    throw new BackupError(`Could not connect to ${describeTarget(url)}: ${(error as Error).message}`);
  }
  try {
    return await work(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
  } finally {
    await client.end();
  }
}

/** A finished tool run. */
interface ToolResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Collects a stream's text. */
function collect(stream: NodeJS.ReadableStream | null): () => string {
  const chunks: Buffer[] = [];
  stream?.on('data', (chunk: Buffer) => chunks.push(chunk));
  return () => Buffer.concat(chunks).toString('utf8');
}

/** Resolves with the exit code once the process and its output streams have closed (null: killed). */
function closed(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code));
  });
}

/** Runs a tool to completion. */
async function runTool(path: string, args: string[], env: Environment): Promise<ToolResult> {
  const child = spawn(path, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const stdout = collect(child.stdout);
  const stderr = collect(child.stderr);
  const code = await closed(child);
  return { code, stdout: stdout(), stderr: stderr() };
}

/**
 * pg_restore writes the backup as an SQL script into psql, framed by our own begin, schema clearing and
 * commit; the commit is sent only after pg_restore has finished cleanly, so a failure of either (or a
 * truncated script) ends psql's session with the transaction open, and PostgreSQL rolls it back.
 */
async function replay(pgRestore: string, psql: string, file: string, target: { dbname: string; env: Environment }): Promise<void> {
  const restoring = spawn(pgRestore, ['--clean', '--if-exists', '--no-owner', '--no-acl', '--file=-', file], { env: target.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const applying = spawn(psql, ['--no-psqlrc', '--quiet', '--no-password', '--set=ON_ERROR_STOP=1', `--dbname=${target.dbname}`, '--file=-'], {
    env: target.env, stdio: ['pipe', 'ignore', 'pipe'],
  });
  const restoreErrors = collect(restoring.stderr);
  const applyErrors = collect(applying.stderr);
  applying.stdin!.on('error', () => {}); // psql stopped reading: its exit code and message say why
  applying.stdin!.write(`begin;\n${CLEAR_APP_SCHEMA}`);
  restoring.stdout!.pipe(applying.stdin!, { end: false });
  const applied = closed(applying).then((code) => {
    if (restoring.exitCode === null) restoring.kill(); // psql failed mid-script: pg_restore would block on a full pipe
    return code;
  });
  const restored = await closed(restoring);
  applying.stdin!.end(restored === 0 ? 'commit;\n' : '');
  const appliedCode = await applied;
  if (appliedCode !== 0) throw new BackupError(`nothing was changed. ${oneLine(applyErrors())}`);
  if (restored !== 0) throw new BackupError(`nothing was changed. ${oneLine(restoreErrors()) || `pg_restore exited with ${restored}`}`);
}

/** A tool's stderr on one line. */
function oneLine(text: string): string {
  return text.split('\n').map((line) => line.trim()).filter(Boolean).join(' — ');
}
