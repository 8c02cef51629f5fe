/** Scoring presets, custom points and the knockout basis. */
import { beforeAll, describe, expect, it } from 'vitest';
import { hasOpenfootballData, readOpenfootball } from '../../tests/openfootball-data';
import {
  countedScore, DEFAULT_SCORING_RULES, pointsFor, presetOf, SCORING_PRESETS, scorePrediction, type MatchGoals,
} from './scoring';

const score = (home: number, away: number) => ({ home, away });

describe('scoring presets', () => {
  it('keeps the specification’s 10/5/3/−2 as the default', () => {
    expect(DEFAULT_SCORING_RULES).toEqual({ exact: 10, goalDifference: 5, winner: 3, opposite: -2, knockoutBasis: 'full_time' });
    expect(scorePrediction(score(2, 1), score(2, 1)).points).toBe(10);
    expect(scorePrediction(score(3, 2), score(2, 1)).points).toBe(5);
    expect(scorePrediction(score(1, 0), score(3, 1)).points).toBe(3);
    expect(scorePrediction(score(0, 1), score(2, 1)).points).toBe(-2);
  });

  it('scores Classic 3/1/0: exact 3, right result 1 (goal difference or winner), otherwise 0', () => {
    const classic = SCORING_PRESETS.classic;
    expect(scorePrediction(score(2, 1), score(2, 1), classic).points).toBe(3);
    expect(scorePrediction(score(1, 1), score(2, 2), classic).points).toBe(1); // a draw for a draw
    expect(scorePrediction(score(1, 0), score(3, 1), classic).points).toBe(1);
    expect(scorePrediction(score(0, 1), score(2, 1), classic).points).toBe(0);
    expect(scorePrediction(score(1, 1), score(2, 1), classic).points).toBe(0);
  });

  it('scores Kicktipp 4/3/2: exact 4, goal difference 3, winner 2, otherwise 0', () => {
    const kicktipp = SCORING_PRESETS.kicktipp;
    expect(scorePrediction(score(2, 1), score(2, 1), kicktipp).points).toBe(4);
    expect(scorePrediction(score(3, 2), score(2, 1), kicktipp).points).toBe(3);
    expect(scorePrediction(score(1, 0), score(3, 1), kicktipp).points).toBe(2);
    expect(scorePrediction(score(0, 1), score(2, 1), kicktipp).points).toBe(0);
  });

  it('scores custom points and names presets back', () => {
    const custom = { exact: 7, goalDifference: 4, winner: 2, opposite: -1 };
    expect(['exact', 'goal_difference', 'winner', 'opposite', 'miss'].map((o) => pointsFor(o as never, custom))).toEqual([7, 4, 2, -1, 0]);
    expect(presetOf(custom)).toBe('custom');
    expect(presetOf({ exact: 4, goalDifference: 3, winner: 2, opposite: 0 })).toBe('kicktipp');
    expect(presetOf(SCORING_PRESETS.palpite)).toBe('palpite');
  });
});

describe('countedScore (knockout basis)', () => {
  const final: MatchGoals = { stage: 'knockout', home: 2, away: 2, homeExtraTime: 3, awayExtraTime: 3 };
  it('counts the 90 minutes by default, and after extra time when the group says so', () => {
    expect(countedScore(final, 'full_time')).toEqual(score(2, 2));
    expect(countedScore(final, 'extra_time')).toEqual(score(3, 3));
  });
  it('ignores the basis for matches without extra time and for group or league matches', () => {
    expect(countedScore({ stage: 'knockout', home: 1, away: 0 }, 'extra_time')).toEqual(score(1, 0));
    expect(countedScore({ stage: 'group', home: 1, away: 1, homeExtraTime: 2, awayExtraTime: 1 }, 'extra_time')).toEqual(score(1, 1));
  });
});

describe.runIf(hasOpenfootballData())('the World Cup 2022 final from the shared data', () => {
  interface FileMatch { round: string; team1: string; team2: string; score: { ft: [number, number]; et?: [number, number]; p?: [number, number] } }
  // Read when the tests run, not when they are collected: a skipped suite is still collected, and a
  // clone without ../shared must skip here, not fail.
  let raw: FileMatch;
  let final: MatchGoals;
  beforeAll(() => {
    const data = readOpenfootball('worldcup.json/2022/worldcup.json') as { matches: FileMatch[] };
    raw = data.matches.find((m) => m.round === 'Final')!;
    final = { stage: 'knockout', home: raw.score.ft[0], away: raw.score.ft[1], homeExtraTime: raw.score.et?.[0], awayExtraTime: raw.score.et?.[1] };
  });

  it('is Argentina–France, 2-2 after 90 minutes, 3-3 after extra time, decided on penalties', () => {
    expect([raw.team1, raw.team2]).toEqual(['Argentina', 'France']);
    expect(raw.score.p).toEqual([4, 2]);
  });

  it('scores a 2-2 pick exact on the 90-minute basis and a right goal difference after extra time', () => {
    expect(scorePrediction(score(2, 2), countedScore(final, 'full_time'))).toEqual({ outcome: 'exact', points: 10 });
    expect(scorePrediction(score(2, 2), countedScore(final, 'extra_time'))).toEqual({ outcome: 'goal_difference', points: 5 });
    expect(scorePrediction(score(3, 3), countedScore(final, 'extra_time'))).toEqual({ outcome: 'exact', points: 10 });
  });

  it('never counts the shoot-out: an Argentina win pick is no winner on either basis', () => {
    expect(scorePrediction(score(1, 0), countedScore(final, 'full_time')).outcome).toBe('miss');
    expect(scorePrediction(score(4, 2), countedScore(final, 'extra_time')).outcome).toBe('miss');
  });
});
