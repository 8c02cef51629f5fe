/**
 * PostgreSQL array literals, to pass a whole column of values as one parameter (`${literal}::int[]`,
 * `::uuid[]`, `::text[]`, `::timestamptz[]`, read with `unnest`): the statement's text stays the same
 * whatever the number of values, so it is prepared once.
 */

/**
 * The array literal of `values`: numbers and booleans as they are, strings double-quoted with `"` and
 * `\` escaped (so any text, including commas, braces and NULL, stays one element as written).
 * @returns e.g. `{1,2}` or `{"a","b\"c"}`; `{}` for no values.
 */
export function arrayLiteral(values: readonly (string | number | boolean)[]): string {
  return `{${values.map((value) => (typeof value === 'string' ? `"${value.replace(/["\\]/g, '\\$&')}"` : String(value))).join(',')}}`;
}
