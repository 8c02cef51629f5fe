/** Jokers (jokers.ts): the points they give in both modes, and where a member may put or move one. */
import { describe, expect, it } from 'vitest';
import { checkJokerSettings, JokerError, jokerPoints, jokersLeft, planJoker, type JokerMatch, type JokerSettings } from './jokers';
import { OUTCOME_POINTS } from './scoring';

const now = new Date('2026-06-20T12:00:00Z');
/** A match of round `round` kicking off `hours` after now (negative: before). */
const match = (id: string, round: number, hours: number, status: JokerMatch['status'] = 'scheduled'): JokerMatch =>
  ({ id, roundOrder: round, kickoff: new Date(now.getTime() + hours * 3_600_000), status });
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof JokerError) return error.refusal;
    throw error;
  }
  return null;
};

describe('jokerPoints', () => {
  it('doubles every outcome in the "double" mode, the opposite result\'s −2 too', () => {
    expect(Object.values(OUTCOME_POINTS).map((points) => jokerPoints(points, 'double'))).toEqual([20, 10, 6, -4, 0]);
  });

  it('doubles only points above 0 in the "double_positive" mode', () => {
    expect(Object.values(OUTCOME_POINTS).map((points) => jokerPoints(points, 'double_positive'))).toEqual([20, 10, 6, -2, 0]);
  });
});

describe('planJoker with jokers for the season', () => {
  const settings: JokerSettings = { mode: 'double', perSeason: 2 };

  it('places one on an open match while the season has one left, and none after', () => {
    expect(planJoker(settings, [], match('a', 1, 5), null, now)).toEqual({ add: 'a', remove: null });
    expect(planJoker(settings, [match('a', 1, 5)], match('b', 1, 6), null, now)).toEqual({ add: 'b', remove: null });
    expect(refusal(() => planJoker(settings, [match('a', 1, 5), match('x', 0, -30, 'finished')], match('b', 1, 6), null, now))).toBe('no_joker_left');
    expect(jokersLeft(settings, [match('a', 1, 5)])).toBe(1);
    expect(jokersLeft(settings, [match('a', 1, 5), match('b', 1, 6), match('c', 2, 50)])).toBe(0);
  });

  it('moves one between open matches, never from a closed one, and never onto a closed one', () => {
    const placed = [match('a', 1, 5), match('x', 0, -30, 'finished')];
    expect(planJoker(settings, placed, match('b', 2, 50), match('a', 1, 5), now)).toEqual({ add: 'b', remove: 'a' });
    expect(refusal(() => planJoker(settings, placed, match('b', 2, 50), match('x', 0, -30, 'finished'), now))).toBe('joker_closed');
    // Closed 15 minutes before kickoff, by the server's clock: 10 minutes before is too late.
    expect(refusal(() => planJoker(settings, [], match('c', 1, 10 / 60), null, now))).toBe('match_closed');
    expect(refusal(() => planJoker(settings, placed, match('b', 2, 50), match('z', 2, 60), now))).toBe('not_placed');
  });

  it('lets a joker leave a postponed match, whose points are void', () => {
    expect(planJoker(settings, [match('p', 1, -2, 'postponed'), match('a', 1, 5)], match('b', 2, 50), match('p', 1, -2, 'postponed'), now)).toEqual({ add: 'b', remove: 'p' });
  });

  it('changes nothing when the joker is already on the match', () => {
    expect(planJoker(settings, [match('a', 1, 5)], match('a', 1, 5), null, now)).toEqual({ add: 'a', remove: 'a' });
  });

  it('refuses every joker in a group that plays without them', () => {
    expect(refusal(() => planJoker(null, [], match('a', 1, 5), null, now))).toBe('jokers_off');
  });
});

describe('planJoker with one joker per round', () => {
  const settings: JokerSettings = { mode: 'double_positive', perSeason: null };

  it('places the round\'s joker, moves it within the round by itself, and keeps it where it is once closed', () => {
    expect(planJoker(settings, [match('r2', 2, 50)], match('a', 1, 5), null, now)).toEqual({ add: 'a', remove: null });
    expect(planJoker(settings, [match('a', 1, 5)], match('b', 1, 6), null, now)).toEqual({ add: 'b', remove: 'a' });
    expect(refusal(() => planJoker(settings, [match('a', 1, -1, 'live')], match('b', 1, 6), null, now))).toBe('joker_closed');
    expect(refusal(() => planJoker(settings, [match('a', 1, 5)], match('c', 2, 50), match('a', 1, 5), now))).toBe('no_joker_left');
    expect(jokersLeft(settings, [match('a', 1, 5)], 1)).toBe(0);
    expect(jokersLeft(settings, [match('a', 1, 5)], 2)).toBe(1);
  });
});

describe('checkJokerSettings', () => {
  it('accepts 1 to 10 jokers for the season or one per round, in a known mode', () => {
    expect(checkJokerSettings({ mode: 'double', perSeason: 10 })).toEqual({ mode: 'double', perSeason: 10 });
    expect(checkJokerSettings({ mode: 'double_positive', perSeason: null })).toEqual({ mode: 'double_positive', perSeason: null });
    expect(() => checkJokerSettings({ mode: 'double', perSeason: 0 })).toThrow(RangeError);
    expect(() => checkJokerSettings({ mode: 'double', perSeason: 11 })).toThrow(RangeError);
    expect(() => checkJokerSettings({ mode: 'double', perSeason: 1.5 })).toThrow(RangeError);
    expect(() => checkJokerSettings({ mode: 'triple' as never, perSeason: 1 })).toThrow(RangeError);
  });
});
