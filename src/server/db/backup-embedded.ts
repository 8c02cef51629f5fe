/**
 * Backup and restore of the embedded database (docs/backup.md): PGlite's own archive of its data folder
 * (`dumpDataDir`, a gzip'd tar of DATA_DIR/pglite), loaded back with its `loadDataDir` option. Both hold
 * the data folder's lock (data-dir-lock.ts) for their whole run, so they refuse while a server has the
 * database open: PGlite is one process's, and a copy of files another process is writing is no backup.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { BackupError, backupKindOf, databaseContents, notEmptyError, prepareOutput, tablesWithRows, type DatabaseContents, type RawQuery } from './backup';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './data-dir-lock';
import { flushDataFolder, openDurablePGlite } from './durable-pglite';

/** Where restore loads a backup before it replaces the database, and where the old one waits meanwhile. */
const STAGING = 'pglite.restoring';
export const REPLACED = 'pglite.replaced';

/** Raw queries on a PGlite client. */
function queryOf(client: PGlite): RawQuery {
  return async (text) => (await client.query<Record<string, unknown>>(text)).rows;
}

/** Takes the data folder's lock, or says the server is running. */
function lockDataDir(dir: string, doing: 'backed up' | 'restored'): DataDirLock {
  try {
    return acquireDataDirLock(dir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new BackupError(
      `The embedded database in ${dir} is in use by a running Palpite server (pid ${error.pid}): stop the server first. ` +
        `The embedded database can only be ${doing} while no server has it open.`,
    );
  }
}

/** Opens the PGlite data folder `pgdata` (no migrations: a backup or a check leaves the schema as it is). */
async function openPglite(pgdata: string): Promise<PGlite> {
  try {
    // Durable like the server's (decision 010): its closing checkpoint rewrites the live data files.
    return (await openDurablePGlite(pgdata)).client;
  } catch (error) {
    throw new BackupError(`Could not open the embedded database in ${pgdata}: ${(error as Error).message}`);
  }
}

/**
 * Writes a backup of the embedded database in `dataDir` to `file`: PGlite's gzip'd archive of its data
 * folder, after a checkpoint. The schema is not migrated first, so a backup taken before an upgrade is
 * the database as the old version left it.
 * @returns what the database holds and the file's size in bytes.
 * @throws BackupError when `file` exists (without `force`), there is no database, or a server holds it.
 */
export async function backupEmbedded(dataDir: string, file: string, options: { force?: boolean } = {}): Promise<DatabaseContents & { bytes: number }> {
  const output = prepareOutput(file, options.force ?? false);
  const dir = resolve(dataDir);
  const pgdata = join(dir, 'pglite');
  if (!existsSync(join(pgdata, 'PG_VERSION'))) throw new BackupError(`There is no embedded database in ${pgdata} to back up: is DATA_DIR right?`);
  const lock = lockDataDir(dir, 'backed up');
  try {
    const client = await openPglite(pgdata);
    try {
      const contents = await databaseContents(queryOf(client));
      await client.query('checkpoint'); // the archive then needs no recovery when it is opened
      const archive = await client.dumpDataDir('gzip');
      writeFileSync(output.temp, new Uint8Array(await archive.arrayBuffer()), { flush: true });
      return { ...contents, bytes: output.commit() };
    } finally {
      await client.close();
    }
  } finally {
    output.discard();
    lock.release();
  }
}

/**
 * Restores `file` (a backupEmbedded archive) as the embedded database in `dataDir`. A missing or empty
 * database (no rows in the app's tables) is replaced; one holding data only with `force`. The backup is
 * loaded and opened beside the database first, so a bad file leaves the database as it was; then the
 * folders are swapped. Migrations are not run: the next start applies those this version adds.
 * @returns what the restored database holds.
 * @throws BackupError for a missing or foreign file, a database holding data (without `force`), a
 * running server, or a backup PGlite cannot load.
 */
export async function restoreEmbedded(dataDir: string, file: string, options: { force?: boolean } = {}): Promise<DatabaseContents> {
  if (backupKindOf(file) === 'postgres') {
    throw new BackupError(`${file} is a PostgreSQL backup (pg_dump): restore it with DATABASE_URL set to the PostgreSQL database it should fill.`);
  }
  const tar = unpack(file);
  const dir = resolve(dataDir);
  const pgdata = join(dir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const lock = lockDataDir(dir, 'restored');
  try {
    if (!options.force) await refuseIfHoldingData(pgdata);
    const staging = join(dir, STAGING);
    rmSync(staging, { recursive: true, force: true }); // left by an interrupted restore
    let contents: DatabaseContents;
    try {
      let client: PGlite;
      try {
        client = await PGlite.create({ dataDir: staging, loadDataDir: new Blob([tar], { type: 'application/x-tar' }) });
      } catch (error) {
        throw new BackupError(`${file} could not be loaded as an embedded database: ${(error as Error).message}`);
      }
      try {
        contents = await databaseContents(queryOf(client));
      } finally {
        await client.close();
      }
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      throw error;
    }
    // PGlite wrote the restored files without flushing them: to the disk before the old ones go (decision 010).
    flushDataFolder(staging);
    const replaced = join(dir, REPLACED);
    rmSync(replaced, { recursive: true, force: true });
    if (existsSync(pgdata)) renameSync(pgdata, replaced);
    // Between these two renames there is no pglite/: openDatabase refuses to start then (client.ts) rather
    // than create an empty database beside the replaced one.
    renameSync(staging, pgdata);
    flushDataFolder(dir);
    rmSync(replaced, { recursive: true, force: true });
    return contents;
  } finally {
    lock.release();
  }
}

/**
 * The archive's tar, gunzipped here rather than by PGlite: gzip's checksum and length catch a damaged or
 * truncated file before anything is loaded (PGlite's own decompression leaves an unhandled rejection).
 */
function unpack(file: string): Uint8Array<ArrayBuffer> {
  const bytes = readFileSync(file);
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) throw new BackupError(`${file} is not a gzip'd archive of the embedded database (npm run backup writes one).`);
  let tar: Uint8Array<ArrayBuffer>;
  try {
    tar = new Uint8Array(gunzipSync(bytes));
  } catch (error) {
    throw new BackupError(`${file} could not be loaded as an embedded database: it is damaged or incomplete (${(error as Error).message}).`);
  }
  if (!holdsDataFolder(tar)) throw new BackupError(`${file} is not an archive of the embedded database: it holds no PostgreSQL data folder (PG_VERSION).`);
  return tar;
}

/** Whether a tar's entries include the data folder's PG_VERSION at its top (ustar headers, 512-byte blocks). */
function holdsDataFolder(tar: Uint8Array): boolean {
  const text = (from: number, length: number) => Buffer.from(tar.subarray(from, from + length)).toString('latin1').replace(/\0.*$/s, '');
  for (let offset = 0; offset + 512 <= tar.length;) {
    const name = text(offset, 100);
    if (!name || text(offset + 257, 5) !== 'ustar') return false;
    if (name.replace(/^\.?\//, '') === 'PG_VERSION') return true;
    const size = Number.parseInt(text(offset + 124, 12).trim() || '0', 8);
    offset += 512 + Math.ceil(size / 512) * 512;
  }
  return false;
}

/** Refuses (BackupError) when `pgdata` holds a database with rows, or files that are not a database. */
async function refuseIfHoldingData(pgdata: string): Promise<void> {
  if (!existsSync(pgdata) || readdirSync(pgdata).length === 0) return;
  const target = `the embedded database in ${pgdata}`;
  if (!existsSync(join(pgdata, 'PG_VERSION'))) {
    throw new BackupError(`${pgdata} holds files that are not a database: add --force to replace them with the backup.`);
  }
  let client: PGlite;
  try {
    client = (await openDurablePGlite(pgdata)).client;
  } catch (error) {
    throw new BackupError(`${target} cannot be opened (${(error as Error).message}): add --force to replace it with the backup.`);
  }
  try {
    const tables = await tablesWithRows(queryOf(client));
    if (tables.length > 0) throw notEmptyError(target, tables);
  } finally {
    await client.close();
  }
}
