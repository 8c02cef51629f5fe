import { describe, expect, it } from 'vitest';
import { isUnusualScore, UNUSUAL_GOALS } from './unusual-score';

describe('isUnusualScore', () => {
  it('asks about a side with ten goals or more', () => {
    expect(UNUSUAL_GOALS).toBe(10);
    expect(isUnusualScore(99, 12)).toBe(true);
    expect(isUnusualScore(10, 1)).toBe(true);
    expect(isUnusualScore(0, 11)).toBe(true);
  });

  it('takes big but real results as they are', () => {
    expect(isUnusualScore(7, 1)).toBe(false); // Brazil–Germany, 2014
    expect(isUnusualScore(9, 0)).toBe(false);
    expect(isUnusualScore(0, 0)).toBe(false);
    expect(isUnusualScore(9, 9)).toBe(false);
  });
});
