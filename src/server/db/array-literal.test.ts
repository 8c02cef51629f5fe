/** arrayLiteral on a real database: every value comes back from `unnest` as it was given. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_DB_KIND, useTestDatabase } from '../../../tests/helpers/app';
import { arrayLiteral } from './array-literal';
import { rowsOf } from './client';

describe(`arrayLiteral (${TEST_DB_KIND})`, () => {
  const database = useTestDatabase();

  it('keeps text with quotes, backslashes, commas, braces, NULL, spaces and emoji as one element each', async () => {
    const texts = ['plain', 'with "quotes"', 'back\\slash', 'a,b', '{braces}', 'NULL', '', ' spaced ', 'ação ⚽'];
    const rows = rowsOf<{ value: string }>(await database().db.execute(sql`select unnest(${arrayLiteral(texts)}::text[]) as value`));
    expect(rows.map((row) => row.value)).toEqual(texts);
  });

  it('passes numbers, booleans and uuids', async () => {
    const [row] = rowsOf<{ n: number[]; b: boolean[]; u: string[] }>(await database().db.execute(sql`
      select ${arrayLiteral([3, -2, 0])}::int[] as n, ${arrayLiteral([true, false])}::boolean[] as b,
             ${arrayLiteral(['00000000-0000-4000-8000-000000000000'])}::uuid[] as u`));
    expect(row).toEqual({ n: [3, -2, 0], b: [true, false], u: ['00000000-0000-4000-8000-000000000000'] });
    expect(arrayLiteral([])).toBe('{}');
  });
});
