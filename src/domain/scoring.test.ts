import { describe, expect, it } from 'vitest';
import { classifyPrediction, OUTCOME_POINTS, scorePrediction, type Outcome } from './scoring';

type Row = [predicted: string, actual: string, outcome: Outcome, points: number];

const s = (text: string) => {
  const [home, away] = text.split('-').map(Number);
  return { home: home as number, away: away as number };
};

describe('scorePrediction', () => {
  const table: Row[] = [
    // exact score
    ['2-1', '2-1', 'exact', 10],
    ['0-0', '0-0', 'exact', 10],
    ['1-1', '1-1', 'exact', 10],
    ['0-3', '0-3', 'exact', 10],
    ['9-7', '9-7', 'exact', 10],
    ['99-0', '99-0', 'exact', 10],
    // right goal difference, not exact
    ['3-2', '2-1', 'goal_difference', 5],
    ['1-0', '4-3', 'goal_difference', 5],
    ['0-2', '1-3', 'goal_difference', 5],
    ['0-0', '2-2', 'goal_difference', 5], // a predicted draw and a different draw
    ['3-3', '0-0', 'goal_difference', 5],
    ['1-1', '5-5', 'goal_difference', 5],
    ['10-2', '8-0', 'goal_difference', 5],
    // right winner only
    ['2-0', '1-0', 'winner', 3],
    ['1-0', '7-1', 'winner', 3],
    ['0-1', '0-4', 'winner', 3],
    ['2-3', '0-5', 'winner', 3],
    ['99-0', '1-0', 'winner', 3],
    // the opposite winner
    ['2-1', '1-2', 'opposite', -2],
    ['1-0', '0-1', 'opposite', -2],
    ['0-3', '4-0', 'opposite', -2],
    ['5-4', '0-6', 'opposite', -2],
    // draw against a win either way, and a win against a draw
    ['1-1', '2-1', 'miss', 0],
    ['0-0', '0-1', 'miss', 0],
    ['2-2', '0-5', 'miss', 0],
    ['1-0', '0-0', 'miss', 0],
    ['0-2', '3-3', 'miss', 0],
    ['4-1', '2-2', 'miss', 0],
  ];

  it.each(table)('predicted %s, actual %s → %s (%i)', (predicted, actual, outcome, points) => {
    expect(scorePrediction(s(predicted), s(actual))).toEqual({ outcome, points });
  });

  it('agrees with the rule stated in words on every score up to 6-6', () => {
    for (let ph = 0; ph <= 6; ph++)
      for (let pa = 0; pa <= 6; pa++)
        for (let ah = 0; ah <= 6; ah++)
          for (let aa = 0; aa <= 6; aa++) {
            const { points } = scorePrediction({ home: ph, away: pa }, { home: ah, away: aa });
            const winner = (h: number, a: number) => (h > a ? 'home' : h < a ? 'away' : 'draw');
            let expected = 0;
            if (ph === ah && pa === aa) expected = 10;
            else if (ph - pa === ah - aa) expected = 5;
            else if (winner(ph, pa) === winner(ah, aa)) expected = 3;
            else if (winner(ph, pa) !== 'draw' && winner(ah, aa) !== 'draw') expected = -2;
            expect(points, `${ph}-${pa} vs ${ah}-${aa}`).toBe(expected);
          }
  });

  it('gives the points of OUTCOME_POINTS', () => {
    expect(OUTCOME_POINTS).toEqual({ exact: 10, goal_difference: 5, winner: 3, opposite: -2, miss: 0 });
  });

  it.each([
    [{ home: -1, away: 0 }, { home: 1, away: 0 }],
    [{ home: 1.5, away: 0 }, { home: 1, away: 0 }],
    [{ home: 1, away: 0 }, { home: Number.NaN, away: 0 }],
  ])('rejects scores that are not whole goals ≥ 0 (%j vs %j)', (predicted, actual) => {
    expect(() => classifyPrediction(predicted, actual)).toThrow(RangeError);
  });
});
