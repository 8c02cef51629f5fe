/**
 * The embedded database's disk guard (embedded-storage.ts) on a PGlite whose free space the test decides:
 * below the reserve writes fail as StorageFullError while reads go on, they resume above it, PostgreSQL's
 * own disk_full turns the guard to `full` too, and a start below the reserve is refused with the free
 * space in MB. The real full disk (tmpfs, a WAL PANIC, SIGTERM) is tests/reliability/full-disk.test.ts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import {
  DataDirFullError, guardEmbedded, isStorageFull, StorageFullError, type StorageStatus,
} from './embedded-storage';

const MB = 1024 * 1024;
/** Longer than the guard's 100 ms between two reads of free space on calls. */
const pastCheck = () => new Promise((resolve) => setTimeout(resolve, 150));

describe('the embedded database disk guard', () => {
  const dir = mkdtempSync(join(tmpdir(), 'palpite-storage-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses writes below the reserve (reads go on), resumes 4 MB above it, and reports each change', async () => {
    let free = 100 * MB;
    const changes: StorageStatus[] = [];
    const guard = guardEmbedded(await PGlite.create(), { dataDir: dir, reserveBytes: 24 * MB, measure: () => free, reopen: () => PGlite.create() });
    guard.onChange((status) => changes.push(status));
    const db = drizzle(guard.client);
    try {
      await db.execute(sql`create table t (x int)`);
      await db.execute(sql`insert into t values (1)`);

      free = 23 * MB;
      await pastCheck();
      const refused = await db.execute(sql`insert into t values (2)`).catch((error: unknown) => error);
      expect(isStorageFull(refused)).toBe(true);
      expect(String((refused as { cause?: unknown }).cause)).toMatch(/The disk holding DATA_DIR is full \(23 MB free; .* keeps 24 MB in reserve\): writes are refused until 28 MB are free/);
      const inTransaction = await db.transaction(async (tx) => { await tx.execute(sql`insert into t values (3)`); }).catch((error: unknown) => error);
      expect(inTransaction).toBeInstanceOf(StorageFullError);
      expect((await db.execute<{ n: number }>(sql`select count(*)::int as n from t`)).rows[0]?.n).toBe(1);
      expect(guard.status()).toMatchObject({ state: 'full', freeMb: 23, reserveMb: 24 });

      free = 26 * MB; // above the reserve, below the margin: still refused
      await pastCheck();
      expect(isStorageFull(await db.execute(sql`insert into t values (4)`).catch((error: unknown) => error))).toBe(true);
      free = 28 * MB;
      await pastCheck();
      await db.execute(sql`insert into t values (5)`);
      expect(guard.status()).toEqual({ state: 'ok', freeMb: 28, reserveMb: 24 });
      expect(changes.map((change) => change.state)).toEqual(['full', 'ok']);
    } finally {
      await guard.close();
    }
  });

  it("turns PostgreSQL's own disk_full (53100) into StorageFullError and refuses writes until there is room", async () => {
    let free = 0; // no reserve, nothing free: only PostgreSQL can say the disk is full
    const guard = guardEmbedded(await PGlite.create(), { dataDir: dir, reserveBytes: 0, measure: () => free, reopen: () => PGlite.create() });
    const db = drizzle(guard.client);
    try {
      await db.execute(sql`create table t (x int)`);
      const failed = await db.execute(sql`do $$ begin raise exception 'could not extend file' using errcode = 'disk_full'; end $$`).catch((error: unknown) => error);
      expect(isStorageFull(failed)).toBe(true);
      expect(guard.status().state).toBe('full');
      expect(isStorageFull(await db.execute(sql`insert into t values (1)`).catch((error: unknown) => error))).toBe(true);
      free = 4 * MB;
      await pastCheck();
      await db.execute(sql`insert into t values (2)`);
      expect(guard.status().state).toBe('ok');
    } finally {
      free = 100 * MB; // room for the shutdown checkpoint: closed, not left for recovery
      await guard.close();
    }
  });

  it('tells storage errors from others', () => {
    expect(isStorageFull(new Error('boom', { cause: Object.assign(new Error('disk'), { code: '53100' }) }))).toBe(true);
    expect(isStorageFull(Object.assign(new Error('write'), { code: 'ENOSPC' }))).toBe(true);
    expect(isStorageFull(Object.assign(new Error('unique'), { code: '23505' }))).toBe(false);
    expect(isStorageFull('53100')).toBe(false);
  });

  it('refuses to open a data folder whose disk has less free than the reserve, saying how much is free', async () => {
    const refused = await openDatabase({ dataDir: join(dir, 'data'), reserveBytes: 2 ** 60 }).catch((error: unknown) => error); // more than any disk here
    expect(refused).toBeInstanceOf(DataDirFullError);
    expect((refused as Error).message).toMatch(/^The disk holding DATA_DIR is full \(\d+(\.\d+)? MB free; the embedded database needs \d+ MB free to start\)/);
  });
});
