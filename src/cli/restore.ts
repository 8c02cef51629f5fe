/**
 * `npm run restore -- <file> [--force]`
 *
 * Restores a backup made by `npm run backup` into the database named by DATABASE_URL (a pg_dump file,
 * replayed in one transaction with pg_restore and psql: needs the PostgreSQL client tools; the database
 * must exist) or the embedded one in DATA_DIR (a PGlite archive; stop the server first). A database that
 * holds data (a row in any app table) is replaced only with --force. Migrations run at the next start,
 * so an older backup is migrated forward then. Prints one line (and a warning for a backup made by a
 * newer Palpite). Exit codes: 0 done, 1 refused or failed (one line says why; the database is
 * unchanged), 2 bad usage. docs/backup.md.
 */
import { resolve } from 'node:path';
import { BackupError, describeContents } from '../server/db/backup';
import { restoreEmbedded } from '../server/db/backup-embedded';
import { describeTarget, restorePostgres } from '../server/db/backup-postgres';
import { parseEnv } from '../server/env';
import { isMainModule, parseFileArguments } from './program';
import type { Output } from './backup';

const USAGE = 'Usage: npm run restore -- <file> [--force]   (--force replaces a database that holds data)';

/**
 * Runs the command with its arguments in `environment` (default process.env: DATABASE_URL, DATA_DIR,
 * PATH for pg_restore and psql).
 * @returns the exit code: 0 done, 1 refused or failed, 2 bad usage.
 */
export async function restore(args: readonly string[], environment: Record<string, string | undefined> = process.env, out: Output = console): Promise<number> {
  const parsed = parseFileArguments(args, USAGE, out);
  if (typeof parsed === 'number') return parsed;
  const { file, force } = parsed;
  const env = parseEnv(environment);
  try {
    const contents = env.DATABASE_URL
      ? await restorePostgres(env.DATABASE_URL, file, { force, environment })
      : await restoreEmbedded(env.DATA_DIR, file, { force });
    const target = env.DATABASE_URL ? describeTarget(env.DATABASE_URL) : `the embedded database in ${resolve(env.DATA_DIR)}`;
    const older = contents.schema === 'older' ? ' Its schema is older than this version\'s: the next start migrates it forward.' : '';
    out.log(`Restored ${file} into ${target}: ${describeContents(contents)}.${older}`);
    if (contents.schema === 'newer') out.error('warning: this backup was made by a newer version of Palpite: upgrade Palpite before starting it on this database.');
    return 0;
  } catch (error) {
    if (error instanceof BackupError) {
      out.error(`Restore failed: ${error.message}`);
      return 1;
    }
    throw error;
  }
}

if (isMainModule(import.meta.url)) process.exitCode = await restore(process.argv.slice(2));
