import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rankMembers } from './ranking';
import { bestJokerCard, longestRun, longestStreaks, matchdayWinners, movement, movementFromStandings, oracleCard, podium, standingsByRound, statCards, sumTotals, withBonus, type RoundTotals, type ScoredPick } from './stats';

/** A round's totals built from outcome counts, so points always agree with the scoring rule. */
const round = (userId: string, roundOrder: number, exact = 0, goalDifference = 0, winner = 0, opposite = 0): RoundTotals => ({
  userId, roundOrder, exact, goalDifference, winner, opposite, points: exact * 10 + goalDifference * 5 + winner * 3 - opposite * 2,
});
const pick = (userId: string, kickoff: number, points: number): ScoredPick => ({ userId, kickoff, points });

// Three members over two rounds, computed by hand:
// ana: R1 exact+winner (13), R2 opposite (−2)          → 11 pts, 1 exact, 1 winner, 1 opposite
// bia: R1 goalDifference (5), R2 exact+gd (15)         → 20 pts, 1 exact, 2 gd
// caio: R1 winner+winner (6), R2 winner+opposite (1)  → 7 pts, 3 winners, 1 opposite
const ROUNDS = [
  round('ana', 1, 1, 0, 1, 0), round('bia', 1, 0, 1, 0, 0), round('caio', 1, 0, 0, 2, 0),
  round('ana', 2, 0, 0, 0, 1), round('bia', 2, 1, 1, 0, 0), round('caio', 2, 0, 0, 1, 1),
];
const MEMBERS = ['ana', 'bia', 'caio', 'davi'];

describe('sumTotals', () => {
  it('adds rounds per member and lists members without predictions with zeros', () => {
    const totals = Object.fromEntries(sumTotals(ROUNDS, MEMBERS).map((row) => [row.userId, row]));
    expect(totals.ana).toEqual({ userId: 'ana', points: 11, exact: 1, goalDifference: 0, winner: 1, opposite: 1 });
    expect(totals.bia?.points).toBe(20);
    expect(totals.caio).toMatchObject({ points: 7, winner: 3, opposite: 1 });
    expect(totals.davi).toEqual({ userId: 'davi', points: 0, exact: 0, goalDifference: 0, winner: 0, opposite: 0 });
  });
});

describe('statCards', () => {
  it('names the leader of each card with the figure', () => {
    const picks = [pick('ana', 1, 10), pick('ana', 2, 3), pick('ana', 3, -2), pick('bia', 1, 5), pick('bia', 2, 10), pick('bia', 3, 5)];
    const cards = Object.fromEntries(statCards(ROUNDS, picks).map((card) => [card.kind, card]));
    expect(cards.sharpshooter).toEqual({ kind: 'sharpshooter', userIds: ['ana', 'bia'], value: 1 }); // tie: both listed
    expect(cards.mathematician).toEqual({ kind: 'mathematician', userIds: ['bia'], value: 2 });
    expect(cards.victor).toEqual({ kind: 'victor', userIds: ['caio'], value: 3 });
    expect(cards.unlucky).toEqual({ kind: 'unlucky', userIds: ['ana', 'caio'], value: 1 });
    expect(cards.topScorer).toEqual({ kind: 'topScorer', userIds: ['bia'], value: 15, roundOrders: [2] });
    expect(cards.hotStreak).toEqual({ kind: 'hotStreak', userIds: ['bia'], value: 3 });
  });

  it('lists nobody on a card whose best figure is 0, and returns the cards in display order', () => {
    const cards = statCards([round('ana', 1, 0, 0, 1), round('bia', 1)], [pick('ana', 1, 3), pick('bia', 1, 0)]);
    expect(cards.map((card) => card.kind)).toEqual(['sharpshooter', 'mathematician', 'victor', 'unlucky', 'topScorer', 'hotStreak']);
    expect(cards[0]).toEqual({ kind: 'sharpshooter', userIds: [], value: 0 });
    expect(cards[3]).toEqual({ kind: 'unlucky', userIds: [], value: 0 });
    expect(cards[2]).toEqual({ kind: 'victor', userIds: ['ana'], value: 1 });
  });

  it('has no leaders at all for a group without scored predictions', () => {
    expect(statCards([], []).every((card) => card.userIds.length === 0 && card.value === 0)).toBe(true);
  });

  it('lists every member tied for most right goal differences (Mathematician), sorted by userId', () => {
    // By hand: zeca 1 + 1 = 2 goal differences, bia 2 (one round), ana 1 (and 1 exact, 3 winners).
    const rounds = [round('zeca', 1, 0, 1), round('ana', 1, 1, 1), round('bia', 2, 0, 2), round('zeca', 2, 0, 1, 1), round('ana', 2, 0, 0, 3)];
    const cards = Object.fromEntries(statCards(rounds, []).map((card) => [card.kind, card]));
    expect(cards.mathematician).toEqual({ kind: 'mathematician', userIds: ['bia', 'zeca'], value: 2 });
  });

  it('lists every member tied for most right winners (Victor), sorted by userId', () => {
    // By hand: vera 2 + 1 = 3 winners, caio 1 + 2 = 3, ana 1 + 1 = 2 (and 1 opposite).
    const rounds = [
      round('vera', 1, 0, 0, 2), round('caio', 1, 0, 0, 1), round('ana', 1, 0, 0, 1, 1),
      round('caio', 2, 0, 0, 2), round('vera', 2, 0, 0, 1), round('ana', 2, 0, 0, 1),
    ];
    const cards = Object.fromEntries(statCards(rounds, []).map((card) => [card.kind, card]));
    expect(cards.victor).toEqual({ kind: 'victor', userIds: ['caio', 'vera'], value: 3 });
  });

  it('lists every member tied for the longest hot streak, from picks in any order or from a streak map', () => {
    // By kickoff: rui 3, 5, 10, −2, 3 → runs 3 and 1; lia 0, 3, 3, 3, 0 → run 3 (given out of kickoff
    // order: in input order its hits are 0, 1, 1, 0, 1, a run of 2); ana 10, 10, 0, 10, 10 → runs 2 and 2
    // (4 hits, but no run longer than 2).
    const picks = [
      pick('rui', 1, 3), pick('rui', 2, 5), pick('rui', 3, 10), pick('rui', 4, -2), pick('rui', 5, 3),
      pick('lia', 5, 0), pick('lia', 2, 3), pick('lia', 4, 3), pick('lia', 1, 0), pick('lia', 3, 3),
      pick('ana', 1, 10), pick('ana', 2, 10), pick('ana', 3, 0), pick('ana', 4, 10), pick('ana', 5, 10),
    ];
    expect(statCards([], picks)[5]).toEqual({ kind: 'hotStreak', userIds: ['lia', 'rui'], value: 3 });
    const streaks = new Map([['rui', 3], ['ana', 2], ['lia', 3]]);
    expect(statCards([], streaks)[5]).toEqual({ kind: 'hotStreak', userIds: ['lia', 'rui'], value: 3 });
  });

  it('lists nobody as Mathematician, Victor or Hot streak when nobody has a right goal difference, winner or pick above 0', () => {
    // ana: one opposite result (−2); bia: one prediction that scored 0.
    const rounds = [round('ana', 1, 0, 0, 0, 1), round('bia', 1)];
    const cards = Object.fromEntries(statCards(rounds, [pick('ana', 1, -2), pick('bia', 1, 0)]).map((card) => [card.kind, card]));
    expect(cards.mathematician).toEqual({ kind: 'mathematician', userIds: [], value: 0 });
    expect(cards.victor).toEqual({ kind: 'victor', userIds: [], value: 0 });
    expect(cards.hotStreak).toEqual({ kind: 'hotStreak', userIds: [], value: 0 });
    expect(cards.unlucky).toEqual({ kind: 'unlucky', userIds: ['ana'], value: 1 }); // the data is not empty
    expect(statCards(rounds, new Map([['ana', 0], ['bia', 0]]))[5]).toEqual({ kind: 'hotStreak', userIds: [], value: 0 });
  });

  it('gives the top scorer the first round in which they reached their best', () => {
    const cards = statCards([round('ana', 3, 1), round('ana', 1, 1), round('bia', 2, 1)], []);
    expect(cards[4]).toEqual({ kind: 'topScorer', userIds: ['ana', 'bia'], value: 10, roundOrders: [1, 2] });
  });
});

describe('longestStreaks', () => {
  it('counts consecutive picks above 0 in kickoff order, whatever the input order', () => {
    const streaks = longestStreaks([pick('a', 5, 3), pick('a', 1, 10), pick('a', 2, 0), pick('a', 3, 5), pick('a', 4, 3), pick('a', 6, -2)]);
    // by kickoff: 10, 0, 5, 3, 3, −2 → runs 1 and 3
    expect(streaks.get('a')).toBe(3);
  });

  it('treats a −2 and a 0 as the end of a streak, and gives 0 to a member who never scored', () => {
    const streaks = longestStreaks([pick('b', 1, 3), pick('b', 2, -2), pick('b', 3, 3), pick('c', 1, 0), pick('c', 2, -2)]);
    expect(streaks.get('b')).toBe(1);
    expect(streaks.get('c')).toBe(0);
  });
});

describe('longestRun', () => {
  it('is the longest run of 1s, 0 for none, and agrees with longestStreaks on the same picks', () => {
    expect(longestRun('')).toBe(0);
    expect(longestRun('000')).toBe(0);
    expect(longestRun('1101110')).toBe(3);
    expect(longestRun('0111')).toBe(3);
    const points = [10, 0, 5, 3, 3, -2, 3, 3, 3, 3, 0];
    const picks = points.map((p, i) => pick('a', i, p));
    expect(longestRun(points.map((p) => (p > 0 ? '1' : '0')).join(''))).toBe(longestStreaks(picks).get('a'));
  });

  it('reads the same picks given as numbers 1 and 0', () => {
    expect(longestRun(new Uint8Array([1, 1, 0, 1, 1, 1, 0]))).toBe(3);
    expect(longestRun([0, 0])).toBe(0);
    expect(longestRun(new Uint8Array([1, 1, 1, 1]).subarray(1, 3))).toBe(2);
  });
});

describe('standingsByRound', () => {
  it('ranks cumulative totals after each round, including members without predictions', () => {
    const standings = standingsByRound(ROUNDS, MEMBERS);
    expect(standings.roundOrders).toEqual([1, 2]);
    const after = (i: number) => Object.fromEntries(standings.members.map((s) => [s.userId, [s.ranks[i], s.cumulativePoints[i]]]));
    expect(after(0)).toEqual({ ana: [1, 13], caio: [2, 6], bia: [3, 5], davi: [4, 0] });
    expect(after(1)).toEqual({ bia: [1, 20], ana: [2, 11], caio: [3, 7], davi: [4, 0] });
    // Ordered by the rank after the last round.
    expect(standings.members.map((s) => s.userId)).toEqual(['bia', 'ana', 'caio', 'davi']);
  });

  it('gives tied members the same rank and the next member the rank after them (1, 1, 3)', () => {
    const tied = standingsByRound([
      { userId: 'x', roundOrder: 3, points: 5, exact: 0, goalDifference: 1, winner: 0, opposite: 0 },
      { userId: 'y', roundOrder: 3, points: 5, exact: 0, goalDifference: 1, winner: 0, opposite: 0 },
      { userId: 'z', roundOrder: 3, points: 3, exact: 0, goalDifference: 0, winner: 1, opposite: 0 },
    ], ['z', 'y', 'x']);
    expect(tied.members.map((s) => [s.userId, s.ranks])).toEqual([['x', [1]], ['y', [1]], ['z', [3]]]);
  });

  it('is empty without rounds', () => {
    expect(standingsByRound([], MEMBERS)).toEqual({ roundOrders: [], members: [] });
  });

  it('equals rankMembers of the cumulative totals after every round, for small, huge and fractional figures', () => {
    // Small figures are ranked by packed numbers; figures whose spans multiply past 2^53, or that are not
    // integers, by the comparator: both must agree with the ranking rule itself. (Fractions are quarters
    // and every sum stays below 2^53, so adding in another order gives the same figures.)
    const seasons = fc.record({
      members: fc.uniqueArray(fc.string({ minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 12 }),
      // Points per outcome (exact, goal difference, winner, opposite): the presets, where equal points and
      // counts leave the number of opposite results to break ties when the opposite result costs nothing.
      scoring: fc.constantFrom<number[]>([10, 5, 3, -2], [3, 1, 1, 0], [4, 3, 2, 0], [1, 1, 1, 0]),
      rows: fc.array(fc.record({
        member: fc.nat(), roundOrder: fc.integer({ min: -2, max: 6 }),
        // Small counts, so that members often tie on some figures and differ on the next.
        exact: fc.nat(1), goalDifference: fc.nat(1), winner: fc.oneof({ arbitrary: fc.nat(1), weight: 9 }, { arbitrary: fc.constant(2 ** 40), weight: 1 }), opposite: fc.nat(2),
        // Now and then points that no rule gives: huge, or a fraction.
        points: fc.option(fc.oneof(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: -20, max: 20 }).map((quarters) => quarters / 4)), { freq: 8 }),
      }), { maxLength: 60 }),
    });
    fc.assert(fc.property(seasons, ({ members, scoring: [e, g, w, o], rows }) => {
      const rounds: RoundTotals[] = rows.map(({ member, points, ...counts }) => ({
        userId: members[member % members.length]!, ...counts,
        points: points ?? counts.exact * e! + counts.goalDifference * g! + counts.winner * w! + counts.opposite * o!,
      }));
      const standings = standingsByRound(rounds, members);
      const orders = [...new Set(rounds.map((r) => r.roundOrder))].sort((a, b) => a - b);
      expect(standings.roundOrders).toEqual(orders);
      orders.forEach((roundOrder, r) => {
        const expected = rankMembers(sumTotals(rounds.filter((row) => row.roundOrder <= roundOrder), members));
        const shown = Object.fromEntries(standings.members.map((s) => [s.userId, [s.ranks[r], s.cumulativePoints[r]]]));
        expect(shown).toEqual(Object.fromEntries(expected.map((row) => [row.userId, [row.rank, row.points]])));
      });
      if (orders.length > 0) {
        // Ordered by the rank after the last round, ties by userId.
        const last = rankMembers(sumTotals(rounds, members));
        expect(standings.members.map((s) => s.userId)).toEqual(last.map((row) => row.userId));
      }
    }), { numRuns: 1_000 });
  });
});

describe('movement', () => {
  it('compares the latest round with the ranking before it', () => {
    const moves = movement(ROUNDS, MEMBERS);
    expect(Object.fromEntries(moves)).toEqual({ bia: 2, ana: -1, caio: -1, davi: 0 });
  });

  it('is 0 for everyone after the first round (no earlier ranking)', () => {
    const moves = movement(ROUNDS.filter((r) => r.roundOrder === 1), MEMBERS);
    expect(Object.fromEntries(moves)).toEqual({ ana: 0, bia: 0, caio: 0, davi: 0 });
  });

  it('is 0 for everyone without rounds', () => {
    expect(Object.fromEntries(movement([], ['a', 'b']))).toEqual({ a: 0, b: 0 });
  });
});

describe('matchdayWinners', () => {
  it('lists the member(s) with most points per round, ties shared, rounds without points skipped', () => {
    const winners = matchdayWinners([...ROUNDS, round('ana', 3), round('bia', 3), round('ana', 4, 0, 0, 1), round('bia', 4, 0, 0, 1)]);
    expect(winners).toEqual([
      { roundOrder: 1, userIds: ['ana'], points: 13 },
      { roundOrder: 2, userIds: ['bia'], points: 15 },
      { roundOrder: 4, userIds: ['ana', 'bia'], points: 3 },
    ]);
  });
});

describe('podium', () => {
  it('holds every member ranked 1 to 3, ties shared', () => {
    const totals = sumTotals([round('a', 1, 1), round('b', 1, 1), round('c', 1, 0, 1), round('d', 1, 0, 1), round('e', 1, 0, 0, 1)]);
    expect(podium(totals).map((row) => [row.userId, row.rank])).toEqual([['a', 1], ['b', 1], ['c', 3], ['d', 3]]);
  });

  it('is empty before anything is scored', () => {
    expect(podium(sumTotals([], ['a', 'b']))).toEqual([]);
  });
});

describe('movementFromStandings', () => {
  it('equals movement on the same rounds, on hand-made and on 200 random seasons (ties included)', () => {
    const same = (rounds: RoundTotals[], members: string[]) =>
      expect(Object.fromEntries(movementFromStandings(standingsByRound(rounds, members), members))).toEqual(Object.fromEntries(movement(rounds, members)));
    same(ROUNDS, MEMBERS);
    same(ROUNDS.filter((r) => r.roundOrder === 1), MEMBERS);
    same([], ['a', 'b']);
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    for (let season = 0; season < 200; season++) {
      const members = Array.from({ length: 1 + next(12) }, (_, i) => `m${i}`);
      const rounds: RoundTotals[] = [];
      for (let round = 1; round <= next(5); round++) {
        for (const userId of members) {
          if (next(4) === 0) continue; // did not predict that round
          rounds.push({ userId, roundOrder: round * 2, points: next(4) * 3 - 2, exact: next(2), goalDifference: next(2), winner: next(3), opposite: next(2) });
        }
      }
      same(rounds, members);
    }
  });
});

describe('bonus points in the stats', () => {
  it('gives the Oracle card to the most bonus points (ties share it), none when nobody has any', () => {
    expect(oracleCard(new Map())).toBeNull();
    expect(oracleCard(new Map([['a', 0]]))).toBeNull();
    expect(oracleCard(new Map([['b', 20], ['a', 20], ['c', 5]]))).toEqual({ kind: 'oracle', userIds: ['a', 'b'], value: 20 });
  });

  it('gives the Best joker card to the most points from one joker (ties share it), none without a joker above 0', () => {
    expect(bestJokerCard(new Map())).toBeNull();
    expect(bestJokerCard(new Map([['a', 0], ['b', -4]]))).toBeNull();
    expect(bestJokerCard(new Map([['c', 20], ['a', 20], ['b', 6]]))).toEqual({ kind: 'bestJoker', userIds: ['a', 'c'], value: 20 });
  });

  it('adds bonus points to the totals the podium ranks', () => {
    const totals = [
      { userId: 'a', points: 30, exact: 3, goalDifference: 0, winner: 0, opposite: 0 },
      { userId: 'b', points: 20, exact: 2, goalDifference: 0, winner: 0, opposite: 0 },
    ];
    const withPoints = withBonus(totals, new Map([['b', 15]]));
    expect(withPoints.map((row) => [row.userId, row.points])).toEqual([['a', 30], ['b', 35]]);
    expect(podium(withPoints).map((row) => [row.userId, row.rank])).toEqual([['b', 1], ['a', 2]]);
  });
});
