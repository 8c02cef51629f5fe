import { describe, expect, it } from 'vitest';
import { competitionRanksOf, rankedOrder, rankMembers, tieBreakBetween, type RankingTotals } from './ranking';

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

describe('competitionRanksOf and rankedOrder', () => {
  /** A seeded generator (mulberry32): the same rows on every run. */
  const random = (seed: number) => () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  /** `n` members with keys drawn from [min, min + spread): small spreads make many ties. */
  const members = (n: number, spread: number, seed: number, min = 0) => {
    const next = random(seed);
    const draw = () => min + Math.floor(next() * spread);
    return Array.from({ length: n }, (_, i) => ({ ...row(`u${i}`, draw(), Math.abs(draw()), Math.abs(draw()), Math.abs(draw()), Math.abs(draw())), name: `m${(i * 7919) % n}` }));
  };
  /** What rankMembers says: [userId, rank] best first, equal members by name. */
  const expected = (rows: ReturnType<typeof members>) => rankMembers(rows, (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map((r) => [r.userId, r.rank]);
  const actual = (rows: ReturnType<typeof members>) => {
    const ranks = competitionRanksOf({
      points: rows.map((r) => r.points), exact: rows.map((r) => r.exact), goalDifference: rows.map((r) => r.goalDifference),
      winner: rows.map((r) => r.winner), opposite: rows.map((r) => r.opposite),
    }, rows.length);
    return [...rankedOrder(ranks, rows.map((r) => r.name))].map((i) => [rows[i]!.userId, ranks[i]]);
  };

  it('agree with rankMembers on many ties, few ties, negative points, and nobody', () => {
    for (const [n, spread, min] of [[500, 3, 0], [500, 40, 0], [2_000, 2_000, 0], [300, 30, -20], [1, 5, 0], [0, 5, 0]] as const) {
      const rows = members(n, spread, n + spread);
      const shifted = rows.map((r) => ({ ...r, points: r.points + min }));
      expect(actual(shifted)).toEqual(expected(shifted));
    }
  });

  it('agree when the keys need more than a float64 holds (compared one by one)', () => {
    const rows = members(400, 6, 9).map((r, i) => ({ ...r, points: r.points * 2 ** 40, exact: i % 3 === 0 ? 2 ** 20 : r.exact }));
    expect(actual(rows)).toEqual(expected(rows));
  });

  it('orders long runs of a shared rank by name, equal names in their order (everyone level before the first result)', () => {
    const level = Array.from({ length: 300 }, (_, i) => ({ ...row(`u${i}`, i % 100 === 0 ? 9 : 0), name: `m${(i * 37) % 300}` }));
    expect(actual(level)).toEqual(expected(level));
    const sameNames = level.map((r, i) => ({ ...r, name: `m${i % 7}` }));
    expect(actual(sameNames)).toEqual(expected(sameNames));
  });

  it('orders runs of a shared rank either side of the insertion sort\'s length, one at the very end, and one or no member', () => {
    for (const length of [31, 32, 33]) {
      // A run at the top, one in the middle and one at the very end, names in reverse index order.
      const rows = Array.from({ length: 3 * length + 2 }, (_, i) => ({ ...row(`u${i}`, i < length ? 9 : i < 2 * length ? 5 : i === 2 * length ? 4 : 1), name: `m${1_000 - i}` }));
      expect(actual(rows)).toEqual(expected(rows));
      const repeated = rows.map((r, i) => ({ ...r, name: `m${i % 3}` }));
      expect(actual(repeated)).toEqual(expected(repeated));
    }
    expect(actual([{ ...row('a', 3), name: 'a' }])).toEqual([['a', 1]]);
    expect(actual([])).toEqual([]);
  });

  it('orders members sharing a rank by name, and keeps equal names in their order', () => {
    const rows = [{ ...row('a', 5), name: 'zed' }, { ...row('b', 5), name: 'amy' }, { ...row('c', 9), name: 'bob' }];
    expect(actual(rows)).toEqual([['c', 1], ['b', 2], ['a', 2]]);
    const same = [{ ...row('a', 5), name: 'x' }, { ...row('b', 7), name: 'x' }, { ...row('c', 5), name: 'x' }];
    expect(actual(same)).toEqual([['b', 1], ['a', 2], ['c', 2]]);
  });
});
