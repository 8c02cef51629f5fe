/**
 * SQL literals, for the few statements whose values travel inside the statement's text: `EXECUTE name(…)`
 * of a statement prepared with SQL (client.ts executePrepared: on the embedded database, and for a generic
 * plan on PostgreSQL), which takes no bind parameters.
 */

/**
 * The SQL literal of one parameter value, as node-postgres's escapeLiteral writes strings: quotes
 * doubled, and when there is a backslash, backslashes doubled under the E'' form (right whatever
 * standard_conforming_strings says). Numbers, booleans and bigints are quoted too, so PostgreSQL reads
 * every literal as the type the statement gives its parameter.
 * @returns e.g. `'it''s'`, ` E'a\\b'`, `'42'`, `NULL`; undefined for values with no literal here
 *   (dates, buffers, objects, non-finite numbers, text holding NUL): their statement must be sent with
 *   bind parameters.
 */
export function sqlLiteral(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number') return Number.isFinite(value) ? `'${value}'` : undefined;
  if (typeof value === 'boolean' || typeof value === 'bigint') return `'${value}'`;
  // A NUL would end the statement's text inside the literal: such text goes as a parameter, refused there.
  if (typeof value !== 'string' || value.includes('\u0000')) return undefined;
  const quoted = `'${value.replace(/'/g, "''")}'`;
  return value.includes('\\') ? ` E${quoted.replace(/\\/g, '\\\\')}` : quoted;
}
