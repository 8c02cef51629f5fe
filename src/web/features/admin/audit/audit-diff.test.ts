import { describe, expect, it } from 'vitest';
import { diffOf, sameJson } from './audit-diff';

describe('diffOf', () => {
  it('compares two objects field by field', () => {
    expect(diffOf({ status: 'finished', homeGoals: 2, kickoff: 'k' }, { status: 'postponed', homeGoals: null, kickoff: 'k' })).toEqual({
      kind: 'fields',
      fields: [
        { field: 'status', before: 'finished', after: 'postponed', changed: true },
        { field: 'homeGoals', before: 2, after: null, changed: true },
        { field: 'kickoff', before: 'k', after: 'k', changed: false },
      ],
    });
  });

  it('marks every field of a side that is absent as changed', () => {
    expect(diffOf(null, { rescored: 3 })).toEqual({ kind: 'fields', fields: [{ field: 'rescored', before: undefined, after: 3, changed: true }] });
    expect(diffOf({ aliases: ['USA'] }, undefined)).toEqual({ kind: 'fields', fields: [{ field: 'aliases', before: ['USA'], after: undefined, changed: true }] });
  });

  it('keeps other values whole, and says when there is nothing', () => {
    expect(diffOf([1], [1, 2])).toEqual({ kind: 'values', before: [1], after: [1, 2] });
    expect(diffOf(null, null)).toEqual({ kind: 'none' });
  });
});

describe('sameJson', () => {
  it('ignores key order and compares nested values', () => {
    expect(sameJson({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(sameJson([1, 2], [2, 1])).toBe(false);
  });
});
