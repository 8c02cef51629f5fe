/**
 * Foreground use of the embedded database as the folder sees it: a request's statements and transactions
 * count while under way and for EMBEDDED_QUIET_MS after; background work does not; the fold's pace follows.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TEST_DB_KIND } from '../../../tests/helpers/app';
import { openDatabase, type Database } from './client';
import { foregroundIdleMs, inBackground } from './embedded-activity';
import { EMBEDDED_BUSY_BATCH, EMBEDDED_IDLE_BATCH, EMBEDDED_QUIET_MS, FOLD_BATCH_SIZE, foldPaceFor } from '../modules/scoring/fold';

// The embedded database's own behaviour: run once, with the embedded test suite.
describe.runIf(TEST_DB_KIND === 'pglite')('foreground activity on the embedded database', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ memory: true });
  });
  afterAll(async () => {
    await database.close();
  });

  it('counts statements and transactions under way as busy, background work not at all', async () => {
    const { db } = database;
    await db.execute(sql`select 1`);
    expect(foregroundIdleMs(db)).toBeLessThan(EMBEDDED_QUIET_MS);
    // While a transaction is open, the database is busy (0), whatever happens inside it.
    await db.transaction(async (tx) => {
      expect(foregroundIdleMs(db)).toBe(0);
      await tx.execute(sql`select 1`);
      expect(foregroundIdleMs(db)).toBe(0);
    });
    const now = performance.now();
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => now + 5_000);
    try {
      // Five seconds later: idle for about that long; background statements leave it so.
      expect(foregroundIdleMs(db)).toBeGreaterThanOrEqual(4_900);
      await inBackground(async () => {
        await db.execute(sql`select 1`);
        await db.transaction(async (tx) => tx.execute(sql`select 1`));
      });
      await inBackground(() => db.execute(sql`select 1`)); // a lazy query, sent when awaited
      expect(foregroundIdleMs(db)).toBeGreaterThanOrEqual(4_900);
      const pace = foldPaceFor('pglite', db);
      expect(typeof pace === 'function' && pace()).toBe(EMBEDDED_IDLE_BATCH);
      // A request's work: small batches while under way and for the quiet period after it.
      await db.transaction(async (tx) => {
        expect(typeof pace === 'function' && pace()).toBe(EMBEDDED_BUSY_BATCH);
        await tx.execute(sql`select 1`);
      });
      expect(typeof pace === 'function' && pace()).toBe(EMBEDDED_BUSY_BATCH);
      clock.mockImplementation(() => now + 10_000);
      expect(typeof pace === 'function' && pace()).toBe(EMBEDDED_IDLE_BATCH);
      await db.execute(sql`select 1`);
      expect(typeof pace === 'function' && pace()).toBe(EMBEDDED_BUSY_BATCH);
      clock.mockImplementation(() => now + 10_000 + EMBEDDED_QUIET_MS + 1);
      expect(typeof pace === 'function' && pace()).toBe(EMBEDDED_IDLE_BATCH);
    } finally {
      clock.mockRestore();
    }
  });

  it('is never busy for a handle that is not an embedded database, and PostgreSQL folds at a fixed pace', () => {
    expect(foregroundIdleMs({})).toBe(Number.POSITIVE_INFINITY);
    expect(foldPaceFor('postgres', database.db)).toBe(FOLD_BATCH_SIZE);
  });
});
