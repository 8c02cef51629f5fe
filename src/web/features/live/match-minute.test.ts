import { describe, expect, it } from 'vitest';
import { clockRuns, minuteText, readClock } from './match-minute';

const at = '2026-06-11T18:00:00.000Z';
const t0 = Date.parse(at);

describe('minuteText', () => {
  it('writes a minute as a broadcast does, with its stoppage time', () => {
    expect(minuteText(23, null)).toBe("23'");
    expect(minuteText(45, 2)).toBe("45+2'");
    expect(minuteText(90, 0)).toBe("90'");
  });
});

describe('readClock', () => {
  it('runs the minute on from the instant it was read at, at its rate', () => {
    const clock = { phase: 'first_half' as const, minutes: 22.5, at, rate: 60 };
    expect(readClock(clock, t0)).toEqual({ phase: 'first_half', minute: "23'" });
    // 30 s at 60 times real time: 30 match minutes later.
    expect(readClock(clock, t0 + 30_000)).toEqual({ phase: 'first_half', minute: "45+8'" });
    expect(readClock({ ...clock, phase: 'second_half', minutes: 45 }, t0 + 1_000)).toEqual({ phase: 'second_half', minute: "47'" });
    expect(readClock({ ...clock, phase: 'extra_time', minutes: 97.2 }, t0)).toEqual({ phase: 'extra_time', minute: "98'" });
  });

  it('stands still when stopped (a paused replay), and shows no minute between phases', () => {
    expect(readClock({ phase: 'second_half', minutes: 60, at, rate: 0 }, t0 + 600_000).minute).toBe("61'");
    for (const phase of ['half_time', 'extra_time_break', 'penalties'] as const) {
      expect(readClock({ phase, minutes: null, at, rate: 60 }, t0 + 5_000)).toEqual({ phase, minute: null });
    }
  });
});

describe('clockRuns', () => {
  it('is true only for a clock with minutes and a rate', () => {
    expect(clockRuns({ phase: 'first_half', minutes: 3, at, rate: 1 })).toBe(true);
    expect(clockRuns({ phase: 'first_half', minutes: 3, at, rate: 0 })).toBe(false);
    expect(clockRuns({ phase: 'half_time', minutes: null, at, rate: 60 })).toBe(false);
  });
});
