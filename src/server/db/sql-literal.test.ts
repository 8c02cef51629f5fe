/** sqlLiteral on a real database: every value written as a literal reads back as it was, whatever it holds. */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TEST_DB_KIND, useTestDatabase } from '../../../tests/helpers/app';
import { rowsOf } from './client';
import { sqlLiteral } from './sql-literal';

describe(`sqlLiteral (${TEST_DB_KIND})`, () => {
  const database = useTestDatabase();

  it('reads back any text as written, under either setting of standard_conforming_strings', async () => {
    const { db } = database();
    const texts = ["it's", "''", 'back\\slash', "\\'; select 1; --", 'E\'x\'', '$$', 'ação ⚽', '', 'NULL', 'tab\there\nnewline'];
    const more = fc.sample(fc.string({ unit: 'binary', maxLength: 30 }).filter((text) => !text.includes('\u0000')), { numRuns: 200, seed: 20261126 });
    const all = [...texts, ...more];
    const select = sql.raw(`select ${all.map((text, i) => `${sqlLiteral(text)}::text as v${i}`).join(', ')}`);
    for (const setting of ['on', 'off']) {
      await db.execute(sql.raw(`set standard_conforming_strings = ${setting}`));
      const [row] = rowsOf<Record<string, string>>(await db.execute(select));
      expect(all.map((_, i) => row![`v${i}`])).toEqual(all);
    }
    await db.execute(sql`set standard_conforming_strings = on`);
  });

  it('quotes numbers, booleans and bigints, writes NULL, and refuses what has no literal here', async () => {
    const [row] = rowsOf<{ n: number; b: boolean; big: string; none: null }>(await database().db.execute(sql.raw(
      `select ${sqlLiteral(-2)}::int as n, ${sqlLiteral(true)}::boolean as b, ${sqlLiteral(2n ** 62n)}::bigint::text as big, ${sqlLiteral(null)}::int as none`)));
    expect(row).toEqual({ n: -2, b: true, big: String(2n ** 62n), none: null });
    for (const value of [new Date(), Buffer.from('x'), { a: 1 }, [1], Number.NaN, Infinity, 'nul\u0000inside']) expect(sqlLiteral(value)).toBeUndefined();
  });
});
