import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB_KIND, type TestApp } from '../../../../tests/helpers/app';
import { rowsOf } from '../../db/client';

/** The ranking statements prepared on the connection a query lands on, with how often each was planned. */
async function preparedRankings(t: TestApp) {
  return rowsOf<{ name: string; generic_plans: number; custom_plans: number; pid: number }>(await t.database.db.execute(sql`
    select name, generic_plans::int, custom_plans::int, pg_backend_pid() as pid from pg_prepared_statements
     where name like 'group\\_ranking%' order by name`));
}

describe('an app starting', () => {
  let warm: TestApp;
  let cold: TestApp;
  beforeAll(async () => {
    [warm, cold] = await Promise.all([createTestApp({}, { warmStatements: true }), createTestApp()]);
  });
  afterAll(async () => {
    await Promise.all([warm?.close(), cold?.close()]);
  });

  it('prepares and plans the ranking statements (one group, many groups) before it is ready, then on every connection, generic plans only', async () => {
    const { connections } = warm.database;
    if (TEST_DB_KIND === 'postgres') expect(connections).toBeGreaterThan(2);
    /** Each connection's ranking statements: as many queries side by side as the pool has connections land on every one. */
    const everyConnection = () => Promise.all(Array.from({ length: connections }, () => preparedRankings(warm)));
    const base = (name: string) => name.replace(/_[0-9a-f]{12}(_g)?$/, '');
    // Ready: two connections (one on the embedded database) hold both statements, planned once.
    const first = (await everyConnection()).filter((rows) => rows.length === 2);
    expect(first.length).toBeGreaterThanOrEqual(Math.min(2, connections));
    for (const rows of first) {
      expect(rows.map((row) => base(row.name))).toEqual(['group_ranking', 'group_rankings']);
      for (const row of rows) {
        expect(row.custom_plans).toBe(0);
        expect(row.generic_plans).toBeGreaterThanOrEqual(1); // the background warm-up may have run it again
      }
    }
    // Soon after, every connection holds the one-group statement, planned generically.
    await expect.poll(async () => {
      const seen = await everyConnection();
      return new Set(seen.filter((rows) => rows.some((row) => base(row.name) === 'group_ranking' && row.custom_plans === 0 && row.generic_plans >= 1))
        .map((rows) => rows[0]!.pid)).size;
    }, { timeout: 10_000 }).toBe(connections);
  });

  it('without warming (tests), prepares nothing before the first read', async () => {
    expect(await preparedRankings(cold)).toEqual([]);
  });
});
