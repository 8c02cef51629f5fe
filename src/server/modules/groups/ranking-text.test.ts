import { describe, expect, it } from 'vitest';
import { addExtraRows, groupRowsOf, NUMBERS, RECORD_CHAR, UNIT_CHAR } from './ranking-text';

/** A member as the ranking statement writes one. */
const member = (id: string, name: string, avatar: string, numbers: number[]) => [id, name, avatar, numbers.join(',')].join(UNIT_CHAR);
const numbers = (first: number) => Array.from({ length: NUMBERS }, (_, i) => first + i);

describe('groupRowsOf', () => {
  it("reads each member's id, username, avatar address and numbers, negative ones included", () => {
    const text = [member('u1', 'ana', '/api/users/u1/avatar?v=3', numbers(10)), member('u2', 'bo', '', [-4, ...numbers(0).slice(1)])].join(RECORD_CHAR);
    const rows = groupRowsOf(text);
    expect(rows.userIds).toEqual(['u1', 'u2']);
    expect(rows.usernames).toEqual(['ana', 'bo']);
    // No address sent: the generated avatar's.
    expect(rows.avatarUrls).toEqual(['/api/users/u1/avatar?v=3', '/api/users/u2/avatar']);
    expect(Array.from(rows.numbers)).toEqual([...numbers(10), -4, ...numbers(0).slice(1)]);
  });

  it('reads an empty text as no members', () => {
    expect(groupRowsOf('')).toEqual({ userIds: [], usernames: [], avatarUrls: [], numbers: new Int32Array(0) });
  });

  it('refuses a member with a number missing or one too many, a field missing, or a fifth field', () => {
    const good = member('u1', 'ana', '', numbers(1));
    expect(() => groupRowsOf([good, member('u2', 'bo', '', numbers(1).slice(1))].join(RECORD_CHAR))).toThrow(new RegExp(`u2: ${NUMBERS - 1} numbers`));
    expect(() => groupRowsOf([good, member('u2', 'bo', '', [...numbers(1), 5])].join(RECORD_CHAR))).toThrow(new RegExp(`u2: more than ${NUMBERS} numbers`));
    expect(() => groupRowsOf([good, ['u2', 'bo', numbers(1).join(',')].join(UNIT_CHAR)].join(RECORD_CHAR))).toThrow(/fewer than four fields/);
    expect(() => groupRowsOf(`${good}${UNIT_CHAR}extra`)).toThrow(/among a member's numbers/);
    expect(() => groupRowsOf(member('u1', 'ana', '', [1, 2, 3]).replace('2', 'x') + ',4,5,6,7,8,9,10,11')).toThrow(/"x"/);
  });
});

describe('addExtraRows', () => {
  /** An extra record as the statement writes one: a user id and the numbers. */
  const extra = (id: string, values: number[]) => [id, values.join(',')].join(UNIT_CHAR);
  const group = () => groupRowsOf([member('u1', 'ana', '', numbers(10)), member('u2', 'bo', '', numbers(100))].join(RECORD_CHAR));

  it("adds each record's numbers to its member's, negative ones included, and skips ids not among the members", () => {
    const rows = group();
    addExtraRows(rows, [extra('u2', [-3, ...numbers(1).slice(1)]), extra('gone', numbers(1000)), extra('u2', numbers(0))].join(RECORD_CHAR));
    expect(Array.from(rows.numbers.subarray(0, NUMBERS))).toEqual(numbers(10));
    expect(Array.from(rows.numbers.subarray(NUMBERS))).toEqual(numbers(100).map((n, k) => n + (k === 0 ? -3 : k + 1) + k));
  });

  it('leaves the numbers as they are for no records', () => {
    const rows = group();
    addExtraRows(rows, '');
    expect(rows).toEqual(group());
  });

  it('refuses a record without its id or with a number missing or one too many', () => {
    expect(() => addExtraRows(group(), numbers(1).join(','))).toThrow(/without its id/);
    expect(() => addExtraRows(group(), extra('u1', numbers(1).slice(1)))).toThrow(new RegExp(`u1: ${NUMBERS - 1} numbers`));
    expect(() => addExtraRows(group(), extra('u1', [...numbers(1), 7]))).toThrow(new RegExp(`u1: more than ${NUMBERS} numbers`));
  });
});
