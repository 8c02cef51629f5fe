import { describe, expect, it } from 'vitest';
import { rankMembers, tieBreakBetween, type RankingTotals } from './ranking';

const row = (userId: string, points: number, exact = 0, goalDifference = 0, winner = 0, opposite = 0): RankingTotals => ({
  userId, points, exact, goalDifference, winner, opposite,
});

describe('rankMembers', () => {
  it('ranks by points, best first', () => {
    const ranked = rankMembers([row('a', 3), row('b', 20), row('c', 10)]);
    expect(ranked.map((r) => [r.userId, r.rank])).toEqual([['b', 1], ['c', 2], ['a', 3]]);
  });

  it('breaks ties by exact scores, then goal differences, then winners', () => {
    const ranked = rankMembers([
      row('w', 20, 1, 1, 2), // 10+5+3+3 = 21 in reality, but totals are what they are
      row('x', 20, 2, 0, 0),
      row('y', 20, 1, 2, 0),
      row('z', 20, 1, 1, 3),
    ]);
    expect(ranked.map((r) => r.userId)).toEqual(['x', 'y', 'z', 'w']);
    expect(ranked.map((r) => r.rank)).toEqual([1, 2, 3, 4]);
  });

  it('then ranks fewer opposite results (−2) above more', () => {
    const ranked = rankMembers([row('a', 10, 1, 0, 1, 2), row('b', 10, 1, 0, 1, 1), row('c', 10, 1, 0, 1, 1)]);
    expect(ranked.map((r) => [r.userId, r.rank])).toEqual([['b', 1], ['c', 1], ['a', 3]]);
  });

  it('gives equal members the same rank and skips the next (1, 1, 3)', () => {
    const ranked = rankMembers([row('b', 10, 1), row('a', 10, 1), row('c', 5)]);
    expect(ranked.map((r) => [r.userId, r.rank])).toEqual([['a', 1], ['b', 1], ['c', 3]]);
  });

  it('handles negative totals and an empty group', () => {
    expect(rankMembers([row('a', -2), row('b', 0)]).map((r) => r.userId)).toEqual(['b', 'a']);
    expect(rankMembers([])).toEqual([]);
  });
});

describe('tieBreakBetween', () => {
  const row = (points: number, exact: number, goalDifference: number, winner: number, opposite: number) => ({ userId: 'x', points, exact, goalDifference, winner, opposite });
  it('names the first figure that separates members level on points', () => {
    expect(tieBreakBetween(row(20, 2, 0, 0, 0), row(20, 1, 2, 0, 0))).toBe('exact');
    expect(tieBreakBetween(row(20, 1, 2, 0, 0), row(20, 1, 1, 2, 0))).toBe('goalDifference');
    expect(tieBreakBetween(row(9, 0, 0, 3, 0), row(9, 0, 0, 2, 0))).toBe('winner');
    expect(tieBreakBetween(row(8, 1, 0, 0, 1), row(8, 1, 0, 0, 2))).toBe('opposite');
  });
  it('has nothing to say when points differ or everything is equal (a shared place)', () => {
    expect(tieBreakBetween(row(21, 2, 0, 0, 0), row(20, 2, 0, 0, 0))).toBeNull();
    expect(tieBreakBetween(row(20, 2, 0, 0, 0), row(20, 2, 0, 0, 0))).toBeNull();
  });
  it('agrees with the ranking: members it separates get different places', () => {
    const [a, b] = [{ ...row(20, 2, 0, 0, 0), userId: 'a' }, { ...row(20, 1, 2, 0, 0), userId: 'b' }];
    expect(rankMembers([b, a]).map((r) => [r.userId, r.rank])).toEqual([['a', 1], ['b', 2]]);
  });
});
