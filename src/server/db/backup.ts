/**
 * What backup and restore share on both databases (docs/backup.md): the error they refuse with, the
 * output file written aside and renamed into place, telling a backup's kind from its first bytes, and
 * the SQL that reads what a database holds (is it empty, how many accounts, which migrations). The
 * database-specific halves are backup-embedded.ts (PGlite's archive of its data folder) and
 * backup-postgres.ts (pg_dump's custom format).
 */
import { closeSync, existsSync, openSync, readFileSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { migrationsFolder } from './client';

/** A backup or restore refused or failed for a reason the person running it can act on (exit code 1). */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** A raw SQL runner over either driver: the rows of one statement. */
export type RawQuery = (text: string) => Promise<Record<string, unknown>[]>;

/** What a database holds, for the one line each command prints. */
export interface DatabaseContents {
  accounts: number;
  groups: number;
  predictions: number;
  /** The schema against this build's migrations: 'older' is migrated forward at the next start. */
  schema: 'current' | 'older' | 'newer';
}

/** A backup file's kind: PGlite's archive of its data folder, or a pg_dump custom-format file. */
export type BackupKind = 'embedded' | 'postgres';

/** The drizzle-kit journal's `when` of the newest migration this build ships (ms since the epoch). */
function newestShippedMigration(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/** Where a database's newest applied migration (its journal's created_at) stands against this build's. */
function compareSchema(newestApplied: number): DatabaseContents['schema'] {
  const shipped = newestShippedMigration();
  return newestApplied === shipped ? 'current' : newestApplied < shipped ? 'older' : 'newer';
}

/**
 * Counts accounts, groups and predictions, and places the schema against this build's migrations.
 * @throws BackupError when the database is not Palpite's (no drizzle journal table or no "user" table).
 */
export async function databaseContents(query: RawQuery): Promise<DatabaseContents> {
  const [kinds] = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as journal, to_regclass('public."user"') is not null as accounts`);
  if (!kinds?.journal || !kinds.accounts) throw new BackupError('This is not a Palpite database: it has no "user" table or no migrations journal.');
  const [row] = await query(
    'select (select count(*) from public."user")::int as accounts, (select count(*) from public."groups")::int as groups, ' +
      '(select count(*) from public."predictions")::int as predictions, ' +
      '(select max(created_at) from drizzle.__drizzle_migrations)::text as newest',
  );
  return {
    accounts: Number(row?.accounts ?? 0),
    groups: Number(row?.groups ?? 0),
    predictions: Number(row?.predictions ?? 0),
    schema: compareSchema(row?.newest == null ? 0 : Number(row.newest)),
  };
}

/**
 * Tables holding only what a server writes for itself at start or per request — its push key pair
 * (app_settings) and rate-limit counters — and nobody's data: their rows do not make a database
 * "not empty", so a restore into a server that was only started needs no --force.
 */
const MACHINE_STATE_TABLES = new Set(['app_settings', 'rate_limit', 'rate_limit_windows']);

/**
 * The tables of the app's schema ("public") that hold at least one row, machine state aside: a database
 * is empty, and may be restored into without --force, when there are none (a freshly migrated database
 * is empty; one whose demo league was loaded is not).
 * @returns table names, sorted.
 */
export async function tablesWithRows(query: RawQuery): Promise<string[]> {
  const tables = await query(`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p') order by 1`);
  const names = tables.map((table) => String(table.name)).filter((name) => !MACHINE_STATE_TABLES.has(name));
  if (names.length === 0) return [];
  const filled = await query(names.map((name) => `select ${quoteLiteral(name)} as name where exists (select 1 from public.${quoteIdentifier(name)})`).join(' union all '));
  return filled.map((table) => String(table.name)).sort();
}

/** The refusal for a restore into a database that holds data (without --force). */
export function notEmptyError(target: string, tables: readonly string[]): BackupError {
  const shown = tables.slice(0, 4).map((name) => `"${name}"`).join(', ') + (tables.length > 4 ? ` and ${tables.length - 4} more` : '');
  return new BackupError(`${target} is not empty (rows in ${shown}): add --force to replace everything in it with the backup.`);
}

/** One line of counts: "3 accounts, 1 group, 12 predictions". */
export function describeContents(contents: DatabaseContents): string {
  const count = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${count(contents.accounts, 'account')}, ${count(contents.groups, 'group')}, ${count(contents.predictions, 'prediction')}`;
}

/** A backup being written: to `temp` beside `path`, renamed over it only when complete. */
export interface OutputFile {
  path: string;
  temp: string;
  /** Moves the finished file into place. @returns its size in bytes. */
  commit(): number;
  /** Removes the unfinished file (safe to call after commit). */
  discard(): void;
}

/**
 * Checks where a backup will be written, before any work: an existing file is kept unless `force`
 * (a backup never silently replaces another), and its folder must exist.
 * @throws BackupError naming the file or folder.
 */
export function prepareOutput(file: string, force: boolean): OutputFile {
  const path = resolve(file);
  if (existsSync(path)) {
    if (statSync(path).isDirectory()) throw new BackupError(`${file} is a folder: give the backup a file name.`);
    if (!force) throw new BackupError(`${file} already exists: give another file name, or add --force to overwrite it.`);
  }
  if (!existsSync(dirname(path))) throw new BackupError(`Cannot write ${file}: the folder ${dirname(path)} does not exist.`);
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.partial`);
  return {
    path,
    temp,
    commit: () => {
      renameSync(temp, path);
      return statSync(path).size;
    },
    discard: () => rmSync(temp, { force: true }),
  };
}

/**
 * Tells a backup's kind from its first bytes: "PGDMP" starts a pg_dump custom-format file; a gzip
 * stream is (taken for) the embedded database's archive.
 * @throws BackupError when the file is missing, unreadable or neither.
 */
export function backupKindOf(file: string): BackupKind {
  if (!existsSync(file)) throw new BackupError(`There is no backup file at ${file}.`);
  if (statSync(file).isDirectory()) throw new BackupError(`${file} is a folder, not a backup file.`);
  const head = Buffer.alloc(8);
  const fd = openSync(file, 'r');
  let length: number;
  try {
    length = readSync(fd, head, 0, head.length, 0);
  } finally {
    closeSync(fd);
  }
  if (length >= 5 && head.toString('latin1', 0, 5) === 'PGDMP') return 'postgres';
  if (length >= 2 && head[0] === 0x1f && head[1] === 0x8b) return 'embedded';
  throw new BackupError(`${file} is not a Palpite backup: neither an archive of the embedded database nor a pg_dump custom-format file.`);
}

/** A human size: "4.4 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** An SQL identifier, double-quoted. */
function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** An SQL string literal, single-quoted. */
function quoteLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}
