import { describe, expect, it } from 'vitest';
import { liveClockMinute, matchStateAt, matchTimeline, replayElapsedMs, replayKickoffs, type SourceGoal, type SourceResult } from './replay';

const goal = (side: 'home' | 'away', minute: number, scorer: string, extra: Partial<SourceGoal> = {}): SourceGoal =>
  ({ side, minute, offset: null, scorer, penalty: false, ownGoal: false, ...extra });

/** The 2022 World Cup final as openfootball writes it: 2–2, 3–3 after extra time, 4–2 on penalties. */
const final: SourceResult = {
  fullTime: [2, 2], extraTime: [3, 3], penalties: [4, 2],
  goals: [
    goal('home', 23, 'Lionel Messi', { penalty: true }), goal('home', 108, 'Lionel Messi'), goal('home', 36, 'Ángel Di María'),
    goal('away', 80, 'Kylian Mbappé', { penalty: true }), goal('away', 81, 'Kylian Mbappé'), goal('away', 118, 'Kylian Mbappé', { penalty: true }),
  ],
};

describe('replayKickoffs', () => {
  const at = (iso: string) => new Date(iso);
  const start = at('2026-11-30T12:00:00Z');

  it('puts the first kickoff at the start and divides the gaps by the speed, keeping simultaneous kickoffs together', () => {
    const kickoffs = [at('2022-11-21T13:00:00Z'), at('2022-11-21T16:00:00Z'), at('2022-11-21T13:00:00Z'), at('2022-11-21T19:00:00Z')];
    const replayed = replayKickoffs(kickoffs, start, 60);
    // 3 hours ÷ 60 = 3 minutes.
    expect(replayed.map((d) => d.toISOString())).toEqual([
      '2026-11-30T12:00:00.000Z', '2026-11-30T12:03:00.000Z', '2026-11-30T12:00:00.000Z', '2026-11-30T12:06:00.000Z',
    ]);
  });

  it('holds a gap between 30 minutes and 3 hours of match time (an overnight gap, two kickoffs 10 minutes apart)', () => {
    const replayed = replayKickoffs([at('2022-11-21T19:00:00Z'), at('2022-11-22T10:00:00Z'), at('2022-11-22T10:10:00Z')], start, 60);
    expect(replayed.map((d) => (d.getTime() - start.getTime()) / 1000)).toEqual([0, 180, 210]);
    // At speed 1 a replay keeps real gaps up to 3 hours.
    const real = replayKickoffs([at('2022-11-21T10:00:00Z'), at('2022-11-21T12:00:00Z')], start, 1);
    expect(real[1]!.getTime() - start.getTime()).toBe(2 * 60 * 60_000);
  });

  it('keeps the order of a real tournament whatever the input order', () => {
    const kickoffs = Array.from({ length: 20 }, (_, i) => new Date(Date.UTC(2022, 10, 20) + ((i * 7919) % 20) * 5 * 60 * 60_000));
    const replayed = replayKickoffs(kickoffs, start, 45);
    for (let i = 0; i < kickoffs.length; i++) {
      for (let j = 0; j < kickoffs.length; j++) {
        expect(Math.sign(replayed[i]!.getTime() - replayed[j]!.getTime())).toBe(Math.sign(kickoffs[i]!.getTime() - kickoffs[j]!.getTime()));
      }
    }
  });

  it('refuses a speed out of range and an invalid instant', () => {
    expect(() => replayKickoffs([start], start, 0)).toThrow(RangeError);
    expect(() => replayKickoffs([start], start, 601)).toThrow(RangeError);
    expect(() => replayKickoffs([new Date('nope')], start, 60)).toThrow(RangeError);
  });
});

describe('matchTimeline and matchStateAt', () => {
  const timeline = matchTimeline(final)!;
  const state = (minutes: number) => matchStateAt(timeline, minutes);

  it('plays the final: halves, half time, extra time, a shoot-out, then the source result', () => {
    expect(timeline.phases.map((p) => p.phase)).toEqual(['first_half', 'half_time', 'second_half', 'extra_time_break', 'extra_time', 'penalties']);
    expect(state(-1)).toMatchObject({ status: 'scheduled', fullTime: null });
    expect(state(22)).toMatchObject({ status: 'live', phase: 'first_half', fullTime: [0, 0], clockMinutes: 22 });
    expect(state(23)).toMatchObject({ fullTime: [1, 0] });
    expect(state(23).goals.at(-1)).toMatchObject({ scorer: 'Lionel Messi', minute: 23, penalty: true });
    expect(state(50)).toMatchObject({ phase: 'half_time', fullTime: [2, 0], clockMinutes: null });
    // The second half starts 47 + 15 minutes after kickoff: 80' is 62 + 34.5.
    expect(state(62 + 34)).toMatchObject({ phase: 'second_half', fullTime: [2, 0] });
    expect(state(62 + 35)).toMatchObject({ fullTime: [2, 1] });
    expect(state(62 + 36)).toMatchObject({ fullTime: [2, 2], extraTime: null });
    const extraStart = timeline.phases.find((p) => p.phase === 'extra_time')!.from;
    expect(state(extraStart - 1)).toMatchObject({ phase: 'extra_time_break', fullTime: [2, 2], extraTime: null });
    expect(state(extraStart + 18)).toMatchObject({ phase: 'extra_time', fullTime: [2, 2], extraTime: [3, 2], clockMinutes: 108 });
    expect(state(extraStart + 29)).toMatchObject({ extraTime: [3, 3] });
    expect(state(timeline.length - 1)).toMatchObject({ status: 'live', phase: 'penalties', penalties: null, extraTime: [3, 3] });
    expect(state(timeline.length)).toMatchObject({ status: 'finished', phase: null, fullTime: [2, 2], extraTime: [3, 3], penalties: [4, 2] });
    expect(state(timeline.length).goals.map((g) => `${g.scorer} ${g.minute}`)).toEqual([
      'Lionel Messi 23', 'Ángel Di María 36', 'Kylian Mbappé 80', 'Kylian Mbappé 81', 'Lionel Messi 108', 'Kylian Mbappé 118',
    ]);
  });

  it('lengthens a half for a stoppage-time goal and places it there (45+2, 90+13)', () => {
    const line = matchTimeline({ fullTime: [1, 1], extraTime: null, penalties: null, goals: [goal('home', 45, 'A', { offset: 2 }), goal('away', 90, 'B', { offset: 13 })] })!;
    expect(line.phases[0]).toMatchObject({ phase: 'first_half', to: 48 });
    expect(line.goals.map((g) => g.at)).toEqual([46.5, 48 + 15 + 45 + 12.5]);
    expect(line.phases.at(-1)).toMatchObject({ phase: 'second_half', to: 63 + 59 });
    expect(matchStateAt(line, line.length)).toMatchObject({ status: 'finished', fullTime: [1, 1], extraTime: null, penalties: null });
  });

  it('ends on the source score: unlisted goals are added without a scorer, goals beyond the score dropped', () => {
    const line = matchTimeline({ fullTime: [2, 0], extraTime: null, penalties: null, goals: [goal('home', 10, 'A'), goal('away', 30, 'Ghost')] })!;
    expect(line.goals.map((g) => [g.side, g.scorer])).toEqual([['home', 'A'], ['home', null]]);
    // The unnamed goal is never in the half-time interval and carries the minute the clock showed.
    const unnamed = line.goals[1]!;
    const halfTime = line.phases[1]!;
    expect(unnamed.at < halfTime.from || unnamed.at >= halfTime.to).toBe(true);
    expect(unnamed.minute).toBeGreaterThan(0);
    for (let minute = 0; minute <= line.length; minute += 0.5) {
      const now = matchStateAt(line, minute);
      if (now.fullTime) expect(now.fullTime[1]).toBe(0);
    }
  });

  it('counts a minute past 90 as stoppage time when the source has no extra time (92 for 90+2)', () => {
    const line = matchTimeline({ fullTime: [1, 2], extraTime: null, penalties: null, goals: [goal('away', 92, 'Late'), goal('home', 5, 'A'), goal('away', 50, 'B')] })!;
    expect(line.phases.map((p) => p.phase)).toEqual(['first_half', 'half_time', 'second_half']);
    expect(matchStateAt(line, line.length - 0.1)).toMatchObject({ status: 'live', fullTime: [1, 2] });
  });

  it('replays nothing for a match without a result', () => {
    expect(matchTimeline({ fullTime: null, extraTime: null, penalties: null, goals: [] })).toBeNull();
  });

  it('never lowers a score as the match goes on', () => {
    let previous = [0, 0];
    for (let minute = 0; minute <= timeline.length; minute += 0.25) {
      const now = state(minute);
      const score = now.extraTime ?? now.fullTime!;
      expect(score[0]).toBeGreaterThanOrEqual(previous[0]!);
      expect(score[1]).toBeGreaterThanOrEqual(previous[1]!);
      previous = score;
    }
  });
});

describe('liveClockMinute', () => {
  const at = '2026-11-30T12:00:00.000Z';
  const later = (seconds: number) => new Date(Date.parse(at) + seconds * 1000);

  it('runs the clock at the replay speed and shows stoppage time as 45+N', () => {
    const clock = { phase: 'first_half' as const, minutes: 0, at, rate: 60 };
    expect(liveClockMinute(clock, later(0))).toEqual({ minute: 1, added: 0 });
    expect(liveClockMinute(clock, later(22.5))).toEqual({ minute: 23, added: 0 });
    expect(liveClockMinute(clock, later(46.2))).toEqual({ minute: 45, added: 2 });
  });

  it('stands still while paused and shows nothing at half time', () => {
    expect(liveClockMinute({ phase: 'second_half', minutes: 61.5, at, rate: 0 }, later(3600))).toEqual({ minute: 62, added: 0 });
    expect(liveClockMinute({ phase: 'half_time', minutes: null, at, rate: 60 }, later(1))).toBeNull();
    expect(liveClockMinute({ phase: 'extra_time', minutes: 90, at, rate: 1 }, later(60 * 31))).toEqual({ minute: 120, added: 2 });
  });
});

describe('replayElapsedMs', () => {
  it('counts from the planned first kickoff, minus pauses, and stands still during a pause', () => {
    const startsAt = new Date('2026-11-30T12:00:00Z');
    const now = new Date('2026-11-30T12:10:00Z');
    expect(replayElapsedMs({ startsAt, pausedMs: 0, pausedAt: null }, now)).toBe(600_000);
    expect(replayElapsedMs({ startsAt, pausedMs: 120_000, pausedAt: null }, now)).toBe(480_000);
    expect(replayElapsedMs({ startsAt, pausedMs: 0, pausedAt: new Date('2026-11-30T12:05:00Z') }, now)).toBe(300_000);
    expect(replayElapsedMs({ startsAt, pausedMs: 0, pausedAt: null }, new Date('2026-11-30T11:59:00Z'))).toBe(-60_000);
  });
});
