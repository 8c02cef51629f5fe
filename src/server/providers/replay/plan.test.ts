import { describe, expect, it } from 'vitest';
import { readReplaySource } from './source';
import { planReplay, replayLengthMs, replaySnapshot, type ReplayClock } from './plan';
import type { ImportedCompetition } from '../fixture-source';

describe('the replay provider', async () => {
  const { competition } = await readReplaySource({ kind: 'bundled', name: 'worldcup-2022' });
  const start = new Date('2026-11-30T12:00:00.000Z');
  const running: ReplayClock = { startsAt: start, pausedMs: 0, pausedAt: null, stopped: false };
  const plan = planReplay(competition, 60);
  const at = (ms: number, clock = running) => replaySnapshot(plan, clock, new Date(start.getTime() + ms));

  it('reports the shipped World Cup: 64 matches in order, none started before the first kickoff', () => {
    const before = at(-1);
    expect(before.matches).toHaveLength(64);
    expect(before.matches.every((m) => m.status === 'scheduled' && m.fullTime === null && m.goals === null && m.live === null)).toBe(true);
    expect(before.matches[0]).toMatchObject({ home: { name: 'Qatar' }, away: { name: 'Ecuador' }, kickoff: start });
    // Kickoffs keep the tournament's order.
    const kickoffs = before.matches.map((m) => m.kickoff.getTime());
    expect([...kickoffs].sort((a, b) => a - b)).toEqual(kickoffs);
    // About three hours at speed 60, far less than the 29 days it took.
    expect(replayLengthMs(plan) / 3_600_000).toBeGreaterThan(2);
    expect(replayLengthMs(plan) / 3_600_000).toBeLessThan(4);
  });

  it('plays the opener live with its clock and scorer, then ends every match as the file has it', () => {
    const opener = at(20_000).matches[0]!;
    expect(opener).toMatchObject({ status: 'live', fullTime: [0, 1], live: { phase: 'first_half', minutes: 0, at: start.toISOString(), rate: 60 } });
    expect(opener.goals).toEqual([{ side: 'away', minute: 16, offset: null, scorer: 'Enner Valencia', penalty: true, ownGoal: false }]);
    const end = at(replayLengthMs(plan) + 1);
    for (const [index, match] of end.matches.entries()) {
      const source = competition.matches[index]!;
      expect({ status: match.status, fullTime: match.fullTime, extraTime: match.extraTime, penalties: match.penalties, live: match.live })
        .toEqual({ status: 'finished', fullTime: source.fullTime, extraTime: source.extraTime, penalties: source.penalties, live: null });
    }
  });

  it('stands still while paused, moves on by the pause after, and cancels what has not ended once stopped', () => {
    const pausedAt = new Date(start.getTime() + 20_000);
    const paused = at(600_000, { ...running, pausedAt });
    expect(paused.matches[0]).toMatchObject({ status: 'live', fullTime: [0, 1], live: { minutes: 20, rate: 0, at: pausedAt.toISOString() } });
    const resumed = at(20_000 + 60_000, { ...running, pausedMs: 60_000 });
    expect(resumed.matches[1]!.kickoff.getTime()).toBe(at(0).matches[1]!.kickoff.getTime() + 60_000);
    const stopped = at(20_000, { ...running, stopped: true });
    expect(stopped.matches.map((m) => m.status)).toEqual(Array(64).fill('cancelled'));
  });

  it('never invents a result: a match without one keeps the file\'s status, and a stop cancels it', () => {
    const unplayed: ImportedCompetition = {
      ...competition,
      matches: competition.matches.slice(-2).map((m, i) => (i === 1 ? { ...m, status: 'scheduled', fullTime: null, extraTime: null, penalties: null, goals: null } : m)),
    };
    const short = planReplay(unplayed, 600);
    const late = replaySnapshot(short, running, new Date(start.getTime() + 3_600_000));
    expect(late.matches.map((m) => [m.status, m.fullTime])).toEqual([['finished', [2, 1]], ['scheduled', null]]);
    expect(replaySnapshot(short, { ...running, stopped: true }, new Date(start.getTime() + 3_600_000)).matches[1]!.status).toBe('cancelled');
  });
});
