/**
 * `npm run user:role`: the role change itself against the test database (PGlite, or PostgreSQL under
 * TEST_DATABASE_URL), the command's function on an embedded database in a temp folder (promote,
 * demote, unknown email or role, a locked database), and once as a real process.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB_KIND, useTestDatabase } from '../../tests/helpers/app';
import { runCompiled } from '../../tests/helpers/compiled-cli';
import { createProfile } from '../server/auth/profiles';
import { openDatabase, type Db } from '../server/db/client';
import { acquireDataDirLock } from '../server/db/data-dir-lock';
import { profiles, user } from '../server/db/schema';
import { parsePlatformRole, setPlatformRole } from '../server/modules/profile/platform-role';
import { listAudit } from '../server/modules/admin/audit';
import { userRole } from './user-role';


/** An account with a profile, as sign-up leaves it. */
async function account(db: Db, email: string) {
  const id = `user-${email.split('@')[0]}`;
  await db.insert(user).values({ id, name: 'Test Person', email, emailVerified: true });
  await createProfile(db, { userId: id, username: email.split('@')[0]!, fullName: 'Test Person', role: 'Regular User' });
  return id;
}
async function roleOf(db: Db, userId: string) {
  const [row] = await db.select({ role: profiles.role }).from(profiles).where(eq(profiles.userId, userId));
  return row?.role;
}
/** Runs the command's function, capturing its lines. */
async function command(args: string[], env: Record<string, string>) {
  const lines = { out: [] as string[], err: [] as string[] };
  const code = await userRole(args, env, { log: (line) => lines.out.push(line), error: (line) => lines.err.push(line) });
  return { code, ...lines };
}

describe(`setPlatformRole (${TEST_DB_KIND})`, () => {
  const database = useTestDatabase();

  it('promotes and demotes by email, case-insensitively, and refuses an unknown email', async () => {
    const { db } = database();
    const id = await account(db, 'maria@example.com');
    expect(await setPlatformRole(db, ' MARIA@example.com ', 'Platform Administrator')).toEqual({ email: 'maria@example.com', previous: 'Regular User', role: 'Platform Administrator' });
    expect(await roleOf(db, id)).toBe('Platform Administrator');
    expect(await setPlatformRole(db, 'maria@example.com', 'Platform Administrator')).toMatchObject({ previous: 'Platform Administrator' });
    expect(await setPlatformRole(db, 'maria@example.com', 'Regular User')).toMatchObject({ previous: 'Platform Administrator', role: 'Regular User' });
    expect(await roleOf(db, id)).toBe('Regular User');
    await expect(setPlatformRole(db, 'nobody@example.com', 'Regular User')).rejects.toThrow('No account has the email nobody@example.com.');
    // Each change in the audit log, by the command line; the one that changed nothing is not there.
    const audit = await listAudit(db, { search: id, page: 1 });
    expect(audit.entries.map(({ actor, action, subjectLabel, before, after }) => ({ actor, action, subjectLabel, before, after }))).toEqual([
      { actor: 'command line', action: 'user.update', subjectLabel: 'maria', before: { role: 'Platform Administrator' }, after: { role: 'Regular User' } },
      { actor: 'command line', action: 'user.update', subjectLabel: 'maria', before: { role: 'Regular User' }, after: { role: 'Platform Administrator' } },
    ]);
  });

  it('knows the two roles by name, in any case', () => {
    expect(parsePlatformRole('platform administrator')).toBe('Platform Administrator');
    expect(parsePlatformRole(' Regular User ')).toBe('Regular User');
    expect(() => parsePlatformRole('Admin')).toThrow('Unknown role "Admin": use "Regular User" or "Platform Administrator".');
  });
});

describe('npm run user:role', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'palpite-user-role-'));
  const env = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  let userId: string;

  beforeAll(async () => {
    const database = await openDatabase({ dataDir });
    try {
      userId = await account(database.db, 'joao@example.com');
    } finally {
      await database.close();
    }
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const roleInDataDir = async () => {
    const database = await openDatabase({ dataDir });
    try {
      return await roleOf(database.db, userId);
    } finally {
      await database.close();
    }
  };

  it('promotes, says so in one line, and demotes again', async () => {
    expect(await command(['joao@example.com', 'Platform Administrator'], env)).toEqual({ code: 0, out: ['joao@example.com: Regular User → Platform Administrator'], err: [] });
    expect(await roleInDataDir()).toBe('Platform Administrator');
    expect((await command(['joao@example.com', 'Platform Administrator'], env)).out).toEqual(['joao@example.com: already Platform Administrator']);
    expect((await command(['joao@example.com', 'Regular User'], { ...env, ADMIN_EMAILS: 'joao@example.com' })).out)
      .toEqual(['joao@example.com: Platform Administrator → Regular User (listed in ADMIN_EMAILS: promoted again at the next start)']);
    expect(await roleInDataDir()).toBe('Regular User');
  });

  it('fails with exit code 1 and a clear line for an unknown email or role, 2 for bad usage', async () => {
    expect(await command(['ghost@example.com', 'Regular User'], env)).toEqual({ code: 1, out: [], err: ['No account has the email ghost@example.com.'] });
    expect(await command(['joao@example.com', 'Boss'], env)).toEqual({ code: 1, out: [], err: ['Unknown role "Boss": use "Regular User" or "Platform Administrator".'] });
    expect((await command(['joao@example.com'], env)).code).toBe(2);
  });

  it('says so when a running server holds the embedded database', async () => {
    const lock = acquireDataDirLock(dataDir);
    try {
      const result = await command(['joao@example.com', 'Platform Administrator'], env);
      expect(result.code).toBe(1);
      expect(result.err[0]).toMatch(/is in use by another Palpite process .*DATABASE_URL/);
    } finally {
      lock.release();
    }
  });

  it('runs as a process', async () => {
    const { code, stdout, stderr } = await runCompiled('user-role', ['JOAO@example.com', 'Platform Administrator'], { DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_EMAILS: '' });
    expect(code).toBe(0);
    expect(stderr).toBe('');
    expect(stdout).toBe('joao@example.com: Regular User → Platform Administrator\n');
    expect(await roleInDataDir()).toBe('Platform Administrator');
    const failure = await runCompiled('user-role', ['ghost@example.com', 'Regular User'], { DATA_DIR: dataDir, DATABASE_URL: '' });
    expect(failure).toMatchObject({ code: 1, stderr: 'No account has the email ghost@example.com.\n' });
  });
});
