import { describe, expect, it } from 'vitest';
import { arePredictionsRevealed, isPredictionOpen, predictionDeadline, type MatchStatus } from './deadline';

const kickoff = new Date('2022-12-18T15:00:00Z');

describe('predictionDeadline', () => {
  it('is 15 minutes before kickoff', () => {
    expect(predictionDeadline(kickoff).toISOString()).toBe('2022-12-18T14:45:00.000Z');
  });
  it('rejects an invalid kickoff', () => {
    expect(() => predictionDeadline(new Date('nope'))).toThrow(RangeError);
  });
});

describe('isPredictionOpen', () => {
  it.each([
    ['a day before', '2022-12-17T15:00:00Z', true],
    ['one second before the deadline', '2022-12-18T14:44:59.000Z', true],
    ['one millisecond before the deadline', '2022-12-18T14:44:59.999Z', true],
    ['at the deadline', '2022-12-18T14:45:00.000Z', false],
    ['one millisecond after the deadline', '2022-12-18T14:45:00.001Z', false],
    ['one second after the deadline', '2022-12-18T14:45:01.000Z', false],
    ['at kickoff', '2022-12-18T15:00:00.000Z', false],
    ['between deadline and kickoff', '2022-12-18T14:50:00Z', false],
    ['after kickoff', '2022-12-18T16:00:00Z', false],
  ])('%s → %s for a scheduled match', (_label, now, open) => {
    expect(isPredictionOpen({ kickoff, status: 'scheduled' }, new Date(now))).toBe(open);
  });

  // The same edges as UTC instants in milliseconds: kickoff 2026-06-11T19:00:00Z is 1_781_204_400_000 ms,
  // so the deadline (kickoff − 15 × 60 × 1000 ms) is 1_781_203_500_000 ms. Strictly before it: open.
  it.each([
    ['1 s before the deadline', 1_781_203_499_000, true],
    ['1 ms before the deadline', 1_781_203_499_999, true],
    ['exactly at the deadline', 1_781_203_500_000, false],
    ['1 s after the deadline', 1_781_203_501_000, false],
  ])('%s (%d ms) → %s', (_label, nowMs, open) => {
    expect(isPredictionOpen({ kickoff: new Date(1_781_204_400_000), status: 'scheduled' }, new Date(nowMs))).toBe(open);
  });

  it.each<MatchStatus>(['live', 'finished', 'postponed', 'cancelled'])('is closed for a %s match', (status) => {
    expect(isPredictionOpen({ kickoff, status }, new Date('2022-12-01T00:00:00Z'))).toBe(false);
  });
});

describe('arePredictionsRevealed', () => {
  const kickoff = new Date('2026-06-11T19:00:00Z');
  const at = (iso: string) => new Date(iso);
  it('hides a scheduled match until its deadline and reveals it from the deadline on', () => {
    expect(arePredictionsRevealed({ kickoff, status: 'scheduled' }, at('2026-06-11T18:44:59.999Z'))).toBe(false);
    expect(arePredictionsRevealed({ kickoff, status: 'scheduled' }, at('2026-06-11T18:45:00Z'))).toBe(true);
    expect(arePredictionsRevealed({ kickoff, status: 'scheduled' }, at('2026-06-11T18:45:01Z'))).toBe(true);
  });
  it('reveals live and finished matches whatever the clock says', () => {
    expect(arePredictionsRevealed({ kickoff, status: 'live' }, at('2026-06-10T00:00:00Z'))).toBe(true);
    expect(arePredictionsRevealed({ kickoff, status: 'finished' }, at('2026-06-10T00:00:00Z'))).toBe(true);
  });
  it('never reveals a postponed or cancelled match (it may reopen)', () => {
    expect(arePredictionsRevealed({ kickoff, status: 'postponed' }, at('2026-07-01T00:00:00Z'))).toBe(false);
    expect(arePredictionsRevealed({ kickoff, status: 'cancelled' }, at('2026-07-01T00:00:00Z'))).toBe(false);
  });
});
