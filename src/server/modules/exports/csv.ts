/**
 * A spreadsheet as CSV text (csv-stringify): RFC 4180 quoting and CRLF line ends, a UTF-8 byte-order mark
 * first so spreadsheet programs read accents right. Text cells that a spreadsheet would take for a formula
 * (starting with =, +, −, @, a tab or a carriage return: a team or player name from elsewhere) get a
 * leading apostrophe, as OWASP's "CSV injection" advice says; numbers stay numbers.
 */
import { stringify } from 'csv-stringify/sync';

/** A cell: text (escaped against formulas), a whole number, or empty. */
export type Cell = string | number | null;

/** A text cell a spreadsheet would evaluate, made plain text. */
function plain(cell: Cell): string | number {
  if (cell === null) return '';
  if (typeof cell === 'number') return cell;
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/**
 * The CSV text of a header row and data rows.
 * @returns text starting with U+FEFF, each record ending in CRLF.
 */
export function csvOf(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  return stringify([header.map(plain), ...rows.map((row) => row.map(plain))], { bom: true, record_delimiter: 'windows' });
}
