import { describe, expect, it } from 'vitest';
import { formatSpan, replayTimes } from './replay-speed';

describe('replayTimes', () => {
  it('divides match time by the speed: at 60 a match in 90 s, half time 15 s, kickoffs 30 s to 3 min apart', () => {
    expect(replayTimes(60)).toEqual({ match: 90_000, halfTime: 15_000, minGap: 30_000, maxGap: 180_000 });
    expect(replayTimes(600)).toEqual({ match: 9_000, halfTime: 1_500, minGap: 3_000, maxGap: 18_000 });
    expect(replayTimes(1).maxGap).toBe(3 * 3_600_000);
  });
});

describe('formatSpan', () => {
  it('writes a duration in the language, to the second (tenths under 10 s)', () => {
    expect(formatSpan(1_500, 'en')).toBe('1.5 sec');
    expect(formatSpan(15_000, 'en')).toBe('15 sec');
    expect(formatSpan(90_000, 'en')).toBe('1 min, 30 sec');
    expect(formatSpan(180_000, 'en')).toBe('3 min');
    expect(formatSpan(5_400_000, 'en')).toBe('1 hr, 30 min');
    expect(formatSpan(90_000, 'pt-BR')).toMatch(/^1 min.*30 s/);
  });
});
