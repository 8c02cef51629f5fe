/**
 * `npm run user:role -- <email> "<role>"`: gives an account the role 'Platform Administrator' or
 * 'Regular User' (so it also demotes), in the database named by DATABASE_URL or the embedded one in
 * DATA_DIR. Prints one line. Exit codes: 0 done, 1 unknown email or role or a database in use by a
 * running server, 2 bad usage. ADMIN_EMAILS promotes again at the next start, so a listed address
 * cannot be demoted for good here (the line says so).
 */
import { openDatabase } from '../server/db/client';
import { DataDirLockedError } from '../server/db/data-dir-lock';
import { parseEnv } from '../server/env';
import { parsePlatformRole, PlatformRoleError, setPlatformRole } from '../server/modules/profile/platform-role';
import { isMainModule, type ProgramOutput } from './program';

const USAGE = 'Usage: npm run user:role -- <email> "Platform Administrator" | "Regular User"';

/** Where the command writes (console by default; tests capture it). */
export type Output = ProgramOutput;

/**
 * Runs the command with its arguments (`[email, role]`) in `environment` (default process.env).
 * @returns the exit code: 0 done, 1 refused (unknown email or role, database locked), 2 bad usage.
 */
export async function userRole(args: readonly string[], environment: Record<string, string | undefined> = process.env, out: Output = console): Promise<number> {
  if (args.includes('--help') || args.includes('-h')) {
    out.log(USAGE);
    return 0;
  }
  if (args.length !== 2) {
    out.error(USAGE);
    return 2;
  }
  const [email, roleText] = args as [string, string];
  const env = parseEnv(environment);
  try {
    const role = parsePlatformRole(roleText);
    const database = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR });
    try {
      const result = await setPlatformRole(database.db, email, role);
      const change = result.previous === result.role ? `already ${result.role}` : `${result.previous} → ${result.role}`;
      const listed = result.role !== 'Platform Administrator' && env.ADMIN_EMAILS.includes(result.email.toLowerCase())
        ? ' (listed in ADMIN_EMAILS: promoted again at the next start)' : '';
      out.log(`${result.email}: ${change}${listed}`);
    } finally {
      await database.close();
    }
    return 0;
  } catch (error) {
    if (error instanceof PlatformRoleError) {
      out.error(error.message);
      return 1;
    }
    if (error instanceof DataDirLockedError) {
      out.error(error.message);
      return 1;
    }
    throw error;
  }
}

if (isMainModule(import.meta.url)) process.exitCode = await userRole(process.argv.slice(2));
