/**
 * The texts in which the ranking statement (ranking.ts) sends a group's members, read back: members apart
 * by RECORD_CHAR, and in each its user id, username, avatar address ('' for none) and NUMBERS
 * comma-separated integers apart by UNIT_CHAR; then what the few members with rows beside their season
 * and latest round add (addExtraRows). One text per group, not a row per member: at 10,000 members the
 * rows' output and parse cost more than the rest (docs/benchmarks.md).
 */
import { avatarUrl } from '../profile/avatar-url';

/** Between a member's fields (U+001F, unit separator; never in names and addresses: profiles_no_separators). */
export const UNIT_CHAR = '\u001f';
/** Between members (U+001E, record separator; never in names and addresses either). */
export const RECORD_CHAR = '\u001e';

/** The numbers each member's row carries, in the statement's order (rankingStatement). */
export const NUMBERS = 13;

/** One group's members as the statement sent them: ids and names, and their numbers in one array. */
export interface GroupRows { userIds: string[]; usernames: string[]; avatarUrls: string[]; numbers: Int32Array }

/**
 * Writes the comma-separated integers of `text` from `start` to `end` (exclusive) into `into` from `at`
 * (the statement's own output: digits with an optional minus sign), without cutting the text.
 * @returns how many it wrote; more than NUMBERS stop the parse there (the caller refuses them).
 * @throws Error on any other character (a fifth field, say).
 */
function parseNumbers(text: string, start: number, end: number, into: Int32Array, at: number): number {
  let value = 0;
  let negative = false;
  let count = 0;
  for (let i = start; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === 44) { // ','
      if (count === NUMBERS) return count + 1;
      into[at + count++] = negative ? -value : value;
      value = 0;
      negative = false;
    } else if (code === 45) negative = true; // '-'
    else if (code >= 48 && code <= 57) value = value * 10 + (code - 48);
    else throw new Error(`ranking text at ${i}: ${JSON.stringify(text[i])} among a member's numbers`);
  }
  if (count === NUMBERS) return count + 1;
  into[at + count++] = negative ? -value : value;
  return count;
}

/**
 * One group's `members` text (rankingStatement) as its members' columns.
 * @throws Error when a member has other than four fields or NUMBERS numbers (the statement and this parse disagree).
 */
export function groupRowsOf(text: string): GroupRows {
  // Members counted first: their numbers go into one array of the right size.
  let members = text.length === 0 ? 0 : 1;
  for (let at = text.indexOf(RECORD_CHAR); at >= 0; at = text.indexOf(RECORD_CHAR, at + 1)) members += 1;
  const group: GroupRows = { userIds: [], usernames: [], avatarUrls: [], numbers: new Int32Array(members * NUMBERS) };
  for (let at = 0, member = 0; at < text.length; member++) {
    let end = text.indexOf(RECORD_CHAR, at);
    if (end < 0) end = text.length;
    const a = text.indexOf(UNIT_CHAR, at);
    const b = a < 0 ? -1 : text.indexOf(UNIT_CHAR, a + 1);
    const c = b < 0 ? -1 : text.indexOf(UNIT_CHAR, b + 1);
    const userId = text.slice(at, a);
    if (c < 0 || c > end) throw new Error(`ranking text at ${at}: a member with fewer than four fields`);
    group.userIds.push(userId);
    group.usernames.push(text.slice(a + 1, b));
    group.avatarUrls.push(c === b + 1 ? avatarUrl(userId, null) : text.slice(b + 1, c));
    const count = parseNumbers(text, c + 1, end, group.numbers, member * NUMBERS);
    // A column missing (a null concat_ws skips) would put the numbers in the wrong columns.
    if (count !== NUMBERS) throw new Error(`ranking row of ${userId}: ${count > NUMBERS ? `more than ${NUMBERS}` : count} numbers, not ${NUMBERS}`);
    at = end + 1;
  }
  return group;
}

/**
 * Adds a group's `extra` text (rankingStatement: the few members whom matches in play, results queued for
 * folding, rounds past the season rows or jokers still open add to, each as their user id and NUMBERS
 * comma-separated integers apart by UNIT_CHAR, members apart by RECORD_CHAR) into `group`'s numbers, member
 * by member. An id not among the group's members is skipped (no longer a member: the members' rows alone
 * are ranked).
 * @throws Error when a record has no id field, or not NUMBERS numbers.
 */
export function addExtraRows(group: GroupRows, extra: string): void {
  if (extra.length === 0) return;
  const index = new Map<string, number>();
  for (let i = 0; i < group.userIds.length; i++) index.set(group.userIds[i]!, i);
  const numbers = new Int32Array(NUMBERS);
  for (let at = 0; at < extra.length;) {
    let end = extra.indexOf(RECORD_CHAR, at);
    if (end < 0) end = extra.length;
    const unit = extra.indexOf(UNIT_CHAR, at);
    if (unit < 0 || unit > end) throw new Error(`ranking extra text at ${at}: a record without its id`);
    const userId = extra.slice(at, unit);
    const count = parseNumbers(extra, unit + 1, end, numbers, 0);
    if (count !== NUMBERS) throw new Error(`ranking extra row of ${userId}: ${count > NUMBERS ? `more than ${NUMBERS}` : count} numbers, not ${NUMBERS}`);
    const member = index.get(userId);
    if (member !== undefined) {
      const base = member * NUMBERS;
      for (let k = 0; k < NUMBERS; k++) group.numbers[base + k] = group.numbers[base + k]! + numbers[k]!;
    }
    at = end + 1;
  }
}
