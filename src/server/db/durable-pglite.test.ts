/**
 * The embedded database flushes every commit to the disk (decision 010): PostgreSQL runs with fsync on
 * and its flushes reach the host's fsync; a data folder reopens with what was committed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDurablePGlite } from './durable-pglite';

describe('the embedded database on disk', () => {
  const dir = mkdtempSync(join(tmpdir(), 'palpite-durable-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('runs with fsync on and flushes the WAL at each commit, autocommit or in a transaction', async () => {
    const { client, syncCalls } = await openDurablePGlite(join(dir, 'pglite'));
    try {
      expect((await client.query<{ fsync: string }>('show fsync')).rows[0]?.fsync).toBe('on');
      await client.exec('create table t (x int)');
      for (let i = 0; i < 5; i++) {
        const before = syncCalls();
        await client.query('insert into t values ($1)', [i]);
        expect(syncCalls(), `autocommit insert ${i}`).toBeGreaterThan(before);
      }
      const before = syncCalls();
      await client.transaction(async (tx) => {
        await tx.query('insert into t values (100)');
        await tx.query('insert into t values (101)');
      });
      expect(syncCalls()).toBeGreaterThan(before);
      // A read commits nothing and flushes nothing.
      const beforeRead = syncCalls();
      await client.query('select count(*) from t');
      expect(syncCalls()).toBe(beforeRead);
    } finally {
      await client.close();
    }
    const reopened = await openDurablePGlite(join(dir, 'pglite'));
    try {
      expect((await reopened.client.query<{ n: number }>('select count(*)::int as n from t')).rows[0]?.n).toBe(7);
    } finally {
      await reopened.client.close();
    }
  });
});
