/**
 * `npm run backup -- <file> [--force]`
 *
 * Writes a backup of the database named by DATABASE_URL (pg_dump's custom format: needs the PostgreSQL
 * client tools; the servers may keep running) or of the embedded one in DATA_DIR (PGlite's gzip'd
 * archive of its data folder: stop the server first). An existing file is kept unless --force. Prints
 * one line. Exit codes: 0 done, 1 refused or failed (one line says why), 2 bad usage. docs/backup.md.
 */
import { resolve } from 'node:path';
import { BackupError, describeContents, formatBytes } from '../server/db/backup';
import { backupEmbedded } from '../server/db/backup-embedded';
import { backupPostgres, describeTarget } from '../server/db/backup-postgres';
import { parseEnv } from '../server/env';
import { isMainModule, parseFileArguments, type ProgramOutput } from './program';

const USAGE = 'Usage: npm run backup -- <file> [--force]   (--force overwrites an existing file)';

/** Where the command writes (console by default; tests capture it). */
export type Output = ProgramOutput;

/**
 * Runs the command with its arguments in `environment` (default process.env: DATABASE_URL, DATA_DIR,
 * PATH for pg_dump).
 * @returns the exit code: 0 done, 1 refused or failed, 2 bad usage.
 */
export async function backup(args: readonly string[], environment: Record<string, string | undefined> = process.env, out: Output = console): Promise<number> {
  const parsed = parseFileArguments(args, USAGE, out);
  if (typeof parsed === 'number') return parsed;
  const { file, force } = parsed;
  const env = parseEnv(environment);
  try {
    const done = env.DATABASE_URL
      ? await backupPostgres(env.DATABASE_URL, file, { force, environment })
      : await backupEmbedded(env.DATA_DIR, file, { force });
    const source = env.DATABASE_URL ? describeTarget(env.DATABASE_URL) : `the embedded database in ${resolve(env.DATA_DIR)}`;
    out.log(`Backed up ${source} to ${file} (${formatBytes(done.bytes)}): ${describeContents(done)}.`);
    return 0;
  } catch (error) {
    if (error instanceof BackupError) {
      out.error(`Backup failed: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

if (isMainModule(import.meta.url)) process.exitCode = await backup(process.argv.slice(2));
