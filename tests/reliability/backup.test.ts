/**
 * `npm run backup` and `npm run restore` (docs/backup.md): a database with accounts, a group, predictions
 * and a scored result, made through the app, is backed up, restored into a fresh database and compared
 * with the original table by table — every table of the "public" and "drizzle" schemas, listed from
 * information_schema, so a new table is covered without touching this file. Restore refuses a database
 * that holds data unless --force and leaves it as it was when it refuses or fails; a backup older than
 * the code is migrated forward when the database is opened. The embedded database is always tested;
 * PostgreSQL when TEST_DATABASE_URL is set, with pg_dump, pg_restore and psql on PATH (skipped without
 * them, failed without them when CI=true). In the reliability project (npm run test:reliability; CI runs
 * it with TEST_DATABASE_URL): the round trips take half a minute, too long for npm test.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openFreshPostgres, type TestApp } from '../helpers/app';
import { createUser, signIn } from '../helpers/users';
import { buildApp } from '../../src/server/app';
import { migrationsFolder, openDatabase, rowsOf, type Database } from '../../src/server/db/client';
import { acquireDataDirLock } from '../../src/server/db/data-dir-lock';
import { parseEnv } from '../../src/server/env';
import type { Mail } from '../../src/server/mail/mailer';
import { seedDemoIfEmpty } from '../../src/server/modules/demo/seed';
import { backup, type Output } from '../../src/cli/backup';
import { restore } from '../../src/cli/restore';

const exec = promisify(execFile);
const ROOT = resolve(import.meta.dirname, '../..');
const PG_URL = process.env.TEST_DATABASE_URL;
const onPath = (tool: string) => (process.env.PATH ?? '').split(delimiter).some((folder) => folder && existsSync(join(folder, tool)));
const PG_TOOLS = ['pg_dump', 'pg_restore', 'psql'].every(onPath);
const JOURNAL = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { idx: number; when: number; tag: string }[] };

/** A temp folder's path for a describe block, made before its tests and removed after them (not when skipped). */
function scratchFolder(prefix: string): string {
  const path = join(tmpdir(), `${prefix}-${process.pid}-${randomBytes(4).toString('hex')}`);
  beforeAll(() => void mkdirSync(path));
  afterAll(() => rmSync(path, { recursive: true, force: true }));
  return path;
}

/** Runs a command's function, capturing its lines. */
async function command(run: (args: string[], env: Record<string, string>, out: Output) => Promise<number>, args: string[], env: Record<string, string>) {
  const lines = { out: [] as string[], err: [] as string[] };
  const code = await run(args, { PATH: process.env.PATH ?? '', ...env }, { log: (line) => lines.out.push(line), error: (line) => lines.err.push(line) });
  return { code, ...lines };
}

/** Every table's row count and a digest of its rows in a stable order. */
type Snapshot = Record<string, { rows: number; md5: string }>;
async function snapshot(database: Database): Promise<Snapshot> {
  const query = async (text: string) => rowsOf<Record<string, unknown>>(await database.db.execute(sql.raw(text)));
  const tables = await query(`select table_schema as schema, table_name as name from information_schema.tables where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`);
  const result: Snapshot = {};
  for (const { schema, name } of tables) {
    const [row] = await query(`select count(*)::int as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5 from "${schema}"."${name}" t`);
    result[`${schema}.${name}`] = { rows: Number(row!.rows), md5: String(row!.md5) };
  }
  return result;
}

/** The real app over `database`, mail captured; boss@example.com is a platform administrator. */
async function appOver(database: Database, dataDir: string): Promise<TestApp> {
  const outbox: Mail[] = [];
  const app = await buildApp({
    env: parseEnv({
      NODE_ENV: 'test', LOG_LEVEL: 'warn', DATA_DIR: dataDir, RATE_LIMIT: 'false', SYNC: 'false', REMINDERS: 'false',
      BETTER_AUTH_SECRET: 'test-secret-test-secret-test-secret-123', ADMIN_EMAILS: 'boss@example.com',
    }),
    database,
    mailer: { mode: 'outbox', send: async (mail) => void outbox.push(mail) },
    webDir: join(dataDir, 'no-web'),
  });
  await app.ready();
  return { app, database, outbox, dataDir, close: async () => void (await app.close()) };
}

/**
 * Fills a database through the app: the demo league, three accounts, a group two of them are in, both
 * predicting a match whose result the administrator then enters (so the predictions are scored).
 * @returns an account to sign in with.
 */
async function populate(database: Database, appDir: string): Promise<{ email: string; password: string }> {
  await seedDemoIfEmpty(database.db, new Date());
  const t = await appOver(database, appDir);
  try {
    const [boss, ana, bruno] = await Promise.all([createUser(t, { email: 'boss@example.com' }), createUser(t), createUser(t)]);
    const as = (user: { cookie: string }, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => t.app.inject({ method, url, payload, headers: { cookie: user.cookie } });
    const league = (await as(ana!, 'GET', '/api/leagues')).json().leagues.find((l: { name: string }) => l.name === 'Palpite Demo League');
    const { matches } = (await as(ana!, 'GET', `/api/leagues/${league.id}/matches`)).json() as { matches: { id: string; status: string; deadline: string }[] };
    const open = matches.find((m) => m.status === 'scheduled' && Date.parse(m.deadline) > Date.now() + 60 * 60_000)!;
    const { group } = (await as(ana!, 'POST', '/api/groups', { name: 'Office pool', leagueId: league.id, visibility: 'private' })).json();
    expect((await as(bruno!, 'POST', '/api/groups/join', { inviteCode: group.inviteCode })).statusCode).toBe(200);
    expect((await as(ana!, 'PUT', `/api/groups/${group.id}/predictions/${open.id}`, { homeGoals: 2, awayGoals: 1 })).statusCode).toBe(200);
    expect((await as(bruno!, 'PUT', `/api/groups/${group.id}/predictions/${open.id}`, { homeGoals: 0, awayGoals: 3 })).statusCode).toBe(200);
    const result = await as(boss!, 'PUT', `/api/admin/matches/${open.id}/result`, { status: 'finished', homeGoals: 2, awayGoals: 1, beforeKickoff: true });
    expect(result.json()).toMatchObject({ rescored: 2 });
    return { email: ana!.email, password: ana!.password };
  } finally {
    await t.close();
  }
}

/** Whether `account` can sign in on `database` (its password hash came through). */
async function signsIn(database: Database, appDir: string, account: { email: string; password: string }): Promise<number> {
  const t = await appOver(database, appDir);
  try {
    return (await signIn(t, account.email, account.password)).response.statusCode;
  } finally {
    await t.close();
  }
}

/** What the snapshot of a populated database must show, so the comparison compares something. */
function expectPopulated(before: Snapshot) {
  expect(before['public.user']?.rows).toBe(3);
  expect(before['public.groups']?.rows).toBe(1);
  expect(before['public.predictions']?.rows).toBe(2);
  expect(before['public.matches']?.rows).toBeGreaterThan(0);
  expect(before['drizzle.__drizzle_migrations']?.rows).toBe(JOURNAL.entries.length);
}

/** A copy of the migrations with one more, as the next version of Palpite would ship them. */
function nextVersionMigrations(folder: string): string {
  cpSync(migrationsFolder, folder, { recursive: true });
  const last = JOURNAL.entries.at(-1)!;
  const tag = `${String(last.idx + 1).padStart(4, '0')}_next-version`;
  writeFileSync(join(folder, `${tag}.sql`), 'CREATE TABLE "next_version_table" ("id" integer PRIMARY KEY NOT NULL);\n');
  const journal = { ...JOURNAL, entries: [...JOURNAL.entries, { ...last, idx: last.idx + 1, when: last.when + 1, tag }] };
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  return folder;
}

// The embedded database always; PostgreSQL too when TEST_DATABASE_URL is set (CI's reliability pass).
describe('backup and restore of the embedded database', () => {
  const root = scratchFolder('palpite-backup');
  const source = join(root, 'source');
  const target = join(root, 'target');
  const archive = join(root, 'palpite.tar.gz');
  let before: Snapshot;
  let account: { email: string; password: string };

  beforeAll(async () => {
    const database = await openDatabase({ dataDir: source });
    try {
      account = await populate(database, join(root, 'app'));
      before = await snapshot(database);
    } finally {
      await database.close();
    }
  });

  it('backs up to a file, and keeps an existing file unless --force', async () => {
    expectPopulated(before);
    const done = await command(backup, [archive], { DATA_DIR: source });
    expect(done).toMatchObject({ code: 0, err: [] });
    expect(done.out).toEqual([expect.stringMatching(new RegExp(`^Backed up the embedded database in ${source} to ${archive} \\(\\d+\\.\\d MB\\): 3 accounts, 1 group, 2 predictions\\.$`))]);
    const written = statSync(archive);
    expect(readFileSync(archive).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b])); // gzip
    expect(await command(backup, [archive], { DATA_DIR: source })).toEqual({
      code: 1, out: [], err: [`Backup failed: ${archive} already exists: give another file name, or add --force to overwrite it.`],
    });
    expect(statSync(archive).mtimeMs).toBe(written.mtimeMs);
    expect(readdirSync(root).filter((name) => name.includes('.partial'))).toEqual([]);
  });

  it('refuses while a server holds the database, saying to stop it', async () => {
    const lock = acquireDataDirLock(source);
    try {
      const backedUp = await command(backup, [join(root, 'while-running.tar.gz'), '--force'], { DATA_DIR: source });
      expect(backedUp.code).toBe(1);
      expect(backedUp.err).toEqual([`Backup failed: The embedded database in ${source} is in use by a running Palpite server (pid ${process.pid}): stop the server first. ` +
        'The embedded database can only be backed up while no server has it open.']);
      const restored = await command(restore, [archive, '--force'], { DATA_DIR: source });
      expect(restored.err[0]).toMatch(/^Restore failed: The embedded database in .* is in use by a running Palpite server .* can only be restored while no server has it open\.$/);
      expect(existsSync(join(root, 'while-running.tar.gz'))).toBe(false);
    } finally {
      lock.release();
    }
  });

  it('restores into a new data folder: every table is the same, and the accounts sign in', async () => {
    const done = await command(restore, [archive], { DATA_DIR: target });
    expect(done).toEqual({ code: 0, out: [`Restored ${archive} into the embedded database in ${target}: 3 accounts, 1 group, 2 predictions.`], err: [] });
    expect(readdirSync(target).sort()).toEqual(['pglite']);
    const database = await openDatabase({ dataDir: target }); // migrates at open, as a start does
    try {
      expect(await snapshot(database)).toEqual(before);
      expect(await signsIn(database, join(root, 'app'), account)).toBe(200);
      await database.db.execute(sql`update groups set name = 'Changed after the backup'`);
    } finally {
      await database.close();
    }
  });

  it('refuses a database holding data and leaves it be; --force replaces it, and a newer version migrates it forward', async () => {
    const folder = statSync(join(target, 'pglite')).ino;
    const refused = await command(restore, [archive], { DATA_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.err).toEqual([expect.stringMatching(new RegExp(`^Restore failed: the embedded database in ${target}/pglite is not empty \\(rows in "[a-z_]+", .* and \\d+ more\\): add --force to replace everything in it with the backup\\.$`))]);
    expect(statSync(join(target, 'pglite')).ino).toBe(folder);
    expect(readdirSync(target).sort()).toEqual(['pglite']);
    expect((await command(restore, [archive, '--force'], { DATA_DIR: target })).code).toBe(0);
    expect(readdirSync(target).sort()).toEqual(['pglite']);
    // The next version of Palpite, one migration ahead, opens the restored database.
    const client = await PGlite.create(join(target, 'pglite'));
    try {
      await migratePglite(drizzlePglite(client), { migrationsFolder: nextVersionMigrations(join(root, 'next-migrations')) });
      const [group] = (await client.query<{ name: string }>('select name from groups')).rows;
      expect(group?.name).toBe('Office pool'); // the change made after the backup is gone
      expect((await client.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')).rows[0]?.n).toBe(JOURNAL.entries.length + 1);
      expect((await client.query('select * from next_version_table')).rows).toEqual([]);
    } finally {
      await client.close();
    }
  });

  it('runs as a program through bin/palpite.mjs (npm run restore)', async () => {
    const failure = await exec(process.execPath, ['bin/palpite.mjs', 'restore', join(root, 'missing.tar.gz')], {
      cwd: ROOT, env: { ...process.env, DATA_DIR: join(root, 'empty'), DATABASE_URL: '' },
    }).catch((error: { code: number; stdout: string; stderr: string }) => error);
    expect(failure).toMatchObject({ code: 1, stdout: '', stderr: `Restore failed: There is no backup file at ${join(root, 'missing.tar.gz')}.\n` });
  });
});

describe('backup and restore: usage, and the files they are given', () => {
  const root = scratchFolder('palpite-backup-files');

  it('says what is wrong with a missing, damaged or foreign file, a PostgreSQL backup, and bad usage', async () => {
    const empty = join(root, 'empty');
    const text = join(root, 'notes.txt');
    writeFileSync(text, 'not a backup\n');
    const damaged = join(root, 'damaged.tar.gz');
    writeFileSync(damaged, gzipSync(Buffer.alloc(1 << 20)).subarray(0, 512));
    const dump = join(root, 'palpite.dump');
    writeFileSync(dump, 'PGDMP\x01\x0f\x00');
    const foreign = join(root, 'photos.tar.gz');
    writeFileSync(foreign, gzipSync('not a data folder'));
    expect(await command(restore, [join(root, 'missing.tar.gz')], { DATA_DIR: empty })).toEqual({ code: 1, out: [], err: [`Restore failed: There is no backup file at ${join(root, 'missing.tar.gz')}.`] });
    expect((await command(restore, [text], { DATA_DIR: empty })).err).toEqual([`Restore failed: ${text} is not a Palpite backup: neither an archive of the embedded database nor a pg_dump custom-format file.`]);
    expect((await command(restore, [dump], { DATA_DIR: empty })).err).toEqual([`Restore failed: ${dump} is a PostgreSQL backup (pg_dump): restore it with DATABASE_URL set to the PostgreSQL database it should fill.`]);
    expect((await command(restore, [foreign], { DATA_DIR: empty })).err).toEqual([`Restore failed: ${foreign} is not an archive of the embedded database: it holds no PostgreSQL data folder (PG_VERSION).`]);
    const broken = await command(restore, [damaged], { DATA_DIR: empty });
    expect(broken.code).toBe(1);
    expect(broken.err).toEqual([`Restore failed: ${damaged} could not be loaded as an embedded database: it is damaged or incomplete (unexpected end of file).`]);
    expect(existsSync(empty)).toBe(false); // refused before anything was made
    expect(await command(backup, [join(root, 'b.tar.gz')], { DATA_DIR: empty })).toEqual({ code: 1, out: [], err: [`Backup failed: There is no embedded database in ${empty}/pglite to back up: is DATA_DIR right?`] });
    expect((await command(backup, [join(root, 'no-such-folder', 'b.tar.gz')], { DATA_DIR: empty })).err).toEqual([`Backup failed: Cannot write ${join(root, 'no-such-folder', 'b.tar.gz')}: the folder ${join(root, 'no-such-folder')} does not exist.`]);
    for (const run of [backup, restore]) {
      expect((await command(run, [], { DATA_DIR: empty })).code).toBe(2);
      expect((await command(run, ['a.tar.gz', 'b.tar.gz'], { DATA_DIR: empty })).code).toBe(2);
      const unknown = await command(run, ['--overwrite', 'a.tar.gz'], { DATA_DIR: empty });
      expect(unknown.code).toBe(2);
      expect(unknown.err[0]).toMatch(/Unknown option '--overwrite'/);
      expect((await command(run, ['--help'], { DATA_DIR: empty })).out[0]).toMatch(/^Usage: npm run (backup|restore) -- <file> \[--force\]/);
    }
  });

  it('names the package to install, or the container to run in, when the PostgreSQL tools are missing', async () => {
    const env = { DATABASE_URL: 'postgres://palpite:secret@db.invalid:5432/palpite', PATH: join(root, 'empty-bin') };
    expect(await command(backup, [join(root, 'pg.dump')], env)).toEqual({
      code: 1, out: [], err: [
        'Backup failed: pg_dump was not found on PATH. Install the PostgreSQL client tools (Debian/Ubuntu: apt-get install postgresql-client, ' +
          `the same major version as the server or newer), or run it in the database's container: docker compose exec -T db pg_dump --format=custom -U palpite -d palpite > ${join(root, 'pg.dump')}`,
      ],
    });
    const dump = join(root, 'tools.dump');
    writeFileSync(dump, 'PGDMP\x01\x0f\x00');
    expect((await command(restore, [dump], env)).err).toEqual([
      'Restore failed: pg_restore and psql were not found on PATH. Install the PostgreSQL client tools (Debian/Ubuntu: apt-get install postgresql-client, ' +
        `the same major version as the server or newer), or restore in the database's container: docker compose exec -T db pg_restore --clean --if-exists --no-owner -U palpite -d palpite < ${dump}`,
    ]);
    const embedded = join(root, 'tools.tar.gz');
    writeFileSync(embedded, gzipSync('an archive'));
    expect((await command(restore, [embedded], env)).err).toEqual([`Restore failed: ${embedded} is a backup of the embedded database: restore it without DATABASE_URL, into DATA_DIR.`]);
  });
});

describe.runIf(PG_URL)('backup and restore of a PostgreSQL database', () => {
  if (!PG_TOOLS) {
    it('needs pg_dump, pg_restore and psql (package postgresql-client)', (context) => {
      const note = 'pg_dump, pg_restore and psql are not on PATH: install postgresql-client to run the PostgreSQL backup tests';
      if (process.env.CI === 'true') throw new Error(`${note} (required in CI).`);
      console.warn(`skipped: ${note}.`);
      context.skip(note);
    });
    return;
  }
  const root = scratchFolder('palpite-pg-backup');
  const dump = join(root, 'palpite.dump');
  const drops: (() => Promise<void>)[] = [];
  let source: { url: string };
  let before: Snapshot;
  let account: { email: string; password: string };

  /** Snapshot of the database at `url`, opened as the app opens it (migrating first). */
  async function snapshotOf(url: string): Promise<Snapshot> {
    const database = await openDatabase({ url });
    try {
      return await snapshot(database);
    } finally {
      await database.close();
    }
  }

  beforeAll(async () => {
    const fresh = await openFreshPostgres(PG_URL!, 'palpite_backup');
    drops.push(fresh.drop);
    source = fresh;
    try {
      account = await populate(fresh.database, join(root, 'app'));
      before = await snapshot(fresh.database);
    } finally {
      await fresh.database.close();
    }
  });
  afterAll(async () => {
    for (const drop of drops) await drop();
  });

  it('backs up with pg_dump in its custom format', async () => {
    expectPopulated(before);
    const done = await command(backup, [dump], { DATABASE_URL: source.url });
    expect(done).toMatchObject({ code: 0, err: [] });
    const name = new URL(source.url).pathname.slice(1);
    expect(done.out).toEqual([expect.stringMatching(new RegExp(`^Backed up the PostgreSQL database "${name}" on [^ ]+ to ${dump} \\(\\d+\\.\\d KB\\): 3 accounts, 1 group, 2 predictions\\.$`))]);
    expect(readFileSync(dump).subarray(0, 5).toString()).toBe('PGDMP');
    expect((await command(backup, [dump], { DATABASE_URL: source.url })).err).toEqual([`Backup failed: ${dump} already exists: give another file name, or add --force to overwrite it.`]);
  });

  it('restores into a database a server has only started in (empty: no --force needed): every table is the same, and the accounts sign in', async () => {
    const target = await openFreshPostgres(PG_URL!, 'palpite_backup');
    drops.push(target.drop);
    // What a server writes at its first start (its push key pair) is nobody's data: still empty.
    await target.database.db.execute(sql`insert into app_settings (key, value) values ('vapid', '{"publicKey": "p", "privateKey": "k"}'::jsonb)`);
    await target.database.close();
    const done = await command(restore, [dump], { DATABASE_URL: target.url });
    expect(done).toMatchObject({ code: 0, err: [] });
    expect(done.out).toEqual([expect.stringMatching(/^Restored .*palpite\.dump into the PostgreSQL database "palpite_backup_\w+" on [^ ]+: 3 accounts, 1 group, 2 predictions\.$/)]);
    const database = await openDatabase({ url: target.url });
    try {
      expect(await snapshot(database)).toEqual(before);
      expect(await signsIn(database, join(root, 'app'), account)).toBe(200);
    } finally {
      await database.close();
    }
  });

  it('a restore that fails half-way (a damaged backup) changes nothing', async () => {
    // Its table of contents reads well (pg_restore --list); the compressed rows (a zlib stream) of the last
    // table with rows do not, so the replay fails after the schema was emptied and other tables were filled.
    // (The last streams may be empty tables', a few bytes long: the damage goes in one of 64 bytes or more.)
    const damaged = join(root, 'damaged.dump');
    const bytes = Buffer.from(readFileSync(dump));
    const marker = Buffer.from([0x78, 0x9c]);
    const streams: number[] = [];
    for (let at = bytes.indexOf(marker); at >= 0; at = bytes.indexOf(marker, at + 1)) streams.push(at);
    const zlib = streams.filter((at, i) => (streams[i + 1] ?? bytes.length) - at >= 64).at(-1) ?? -1;
    expect(zlib).toBeGreaterThan(bytes.length / 2);
    bytes.fill(0xff, zlib + 2, zlib + 34);
    writeFileSync(damaged, bytes);
    const failed = await command(restore, [damaged, '--force'], { DATABASE_URL: source.url });
    expect(failed.code).toBe(1);
    expect(failed.err[0]).toMatch(/^Restore failed: nothing was changed\. pg_restore: error: could not uncompress data: .+/);
    expect(await snapshotOf(source.url)).toEqual(before);
  });

  it('an older backup: refused over a database with data, replaces it with --force, and is migrated forward when opened', async () => {
    // A database of the previous version (every migration but the last), with one account.
    const name = `palpite_backup_older_${Date.now()}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const olderUrl = Object.assign(new URL(PG_URL!), { pathname: `/${name}` }).toString();
    drops.push(async () => {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    });
    const previous = join(root, 'previous-migrations');
    cpSync(migrationsFolder, previous, { recursive: true });
    writeFileSync(join(previous, 'meta', '_journal.json'), JSON.stringify({ ...JOURNAL, entries: JOURNAL.entries.slice(0, -1) }));
    const pool = new pg.Pool({ connectionString: olderUrl });
    try {
      await migratePg(drizzlePg(pool), { migrationsFolder: previous });
      await pool.query(`insert into "user" (id, name, email, email_verified) values ('older', 'Older Account', 'older@example.com', true)`);
    } finally {
      await pool.end();
    }
    const olderDump = join(root, 'older.dump');
    expect((await command(backup, [olderDump], { DATABASE_URL: olderUrl })).out[0]).toMatch(/: 1 account, 0 groups, 0 predictions\.$/);

    const refused = await command(restore, [olderDump], { DATABASE_URL: source.url });
    expect(refused.code).toBe(1);
    expect(refused.err[0]).toMatch(/^Restore failed: the PostgreSQL database "palpite_backup_\w+" on [^ ]+ is not empty \(rows in "[a-z_]+", .*\): add --force to replace everything in it with the backup\.$/);
    expect(await snapshotOf(source.url)).toEqual(before);

    const replaced = await command(restore, [olderDump, '--force'], { DATABASE_URL: source.url });
    expect(replaced).toMatchObject({ code: 0, err: [] });
    expect(replaced.out[0]).toMatch(/: 1 account, 0 groups, 0 predictions\. Its schema is older than this version's: the next start migrates it forward\.$/);
    const database = await openDatabase({ url: source.url }); // would fail on leftovers of the newer schema
    try {
      const after = await snapshot(database);
      expect(after['drizzle.__drizzle_migrations']?.rows).toBe(JOURNAL.entries.length);
      expect(after['public.user']?.rows).toBe(1);
      expect(after['public.predictions']?.rows).toBe(0);
      expect(Object.keys(after).sort()).toEqual(Object.keys(before).sort());
    } finally {
      await database.close();
    }
  });

  it("prints pg_dump's own message when it fails (a server newer than pg_dump)", async () => {
    const bin = join(root, 'old-bin');
    mkdirSync(bin);
    const fake = join(bin, 'pg_dump');
    writeFileSync(fake, '#!/bin/sh\necho "pg_dump: error: aborting because of server version mismatch" >&2\necho "pg_dump: detail: server version: 99.0; pg_dump version: 15.0" >&2\nexit 1\n');
    chmodSync(fake, 0o755);
    const file = join(root, 'mismatch.dump');
    const failed = await command(backup, [file], { DATABASE_URL: source.url, PATH: bin });
    expect(failed).toEqual({
      code: 1, out: [], err: [
        'Backup failed: pg_dump failed: pg_dump: error: aborting because of server version mismatch — pg_dump: detail: server version: 99.0; pg_dump version: 15.0 ' +
          "Install a pg_dump of the server's major version or newer, or run it in the database's container (docker compose exec -T db pg_dump …).",
      ],
    });
    expect(readdirSync(root).filter((entry) => entry.startsWith('.mismatch') || entry === 'mismatch.dump')).toEqual([]);
  });
});
