import { describe, expect, it } from 'vitest';
import { backoffMs, dueSync, inLiveWindow, MAX_BACKOFF_MS, type PastRun } from './sync-schedule';

const NOW = new Date('2026-06-11T18:00:00Z');
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);
const run = (kind: PastRun['kind'], status: PastRun['status'], minutesAgo: number): PastRun => ({ kind, status, startedAt: ago(minutesAgo) });

describe('inLiveWindow', () => {
  it('opens 5 minutes before kickoff and closes 6 hours after it', () => {
    const kickoff = new Date('2026-06-11T18:05:00Z');
    expect(inLiveWindow(kickoff, NOW)).toBe(true); // exactly kickoff − 5 min
    expect(inLiveWindow(kickoff, new Date(NOW.getTime() - 1_000))).toBe(false);
    expect(inLiveWindow(kickoff, new Date(kickoff.getTime() + 6 * 3_600_000))).toBe(true);
    expect(inLiveWindow(kickoff, new Date(kickoff.getTime() + 6 * 3_600_000 + 1))).toBe(false);
  });
});

describe('backoffMs', () => {
  it('is 0, then 1, 2, 4 … minutes, capped at an hour', () => {
    expect([0, 1, 2, 3, 4].map(backoffMs)).toEqual([0, 60_000, 120_000, 240_000, 480_000]);
    expect(backoffMs(7)).toBe(MAX_BACKOFF_MS);
    expect(backoffMs(500)).toBe(MAX_BACKOFF_MS);
  });
});

describe('dueSync', () => {
  it('runs the season first for a league never synced', () => {
    expect(dueSync({ runs: [], openKickoffs: [] }, NOW)).toBe('fixtures');
  });

  it('runs the season again a day after the last successful season run, not before', () => {
    expect(dueSync({ runs: [run('fixtures', 'succeeded', 24 * 60 - 1)], openKickoffs: [] }, NOW)).toBeNull();
    expect(dueSync({ runs: [run('fixtures', 'succeeded', 24 * 60)], openKickoffs: [] }, NOW)).toBe('fixtures');
    // Live runs in between do not count as season runs.
    expect(dueSync({ runs: [run('live', 'succeeded', 1), run('fixtures', 'succeeded', 25 * 60)], openKickoffs: [] }, NOW)).toBe('fixtures');
  });

  it('runs every minute while a match is in its live window', () => {
    const history = (minutesAgo: number) => ({ runs: [run('live', 'succeeded', minutesAgo), run('fixtures', 'succeeded', 60)], openKickoffs: [ago(-3)] });
    expect(dueSync(history(1), NOW)).toBe('live');
    expect(dueSync({ ...history(0.5) }, NOW)).toBeNull();
    expect(dueSync({ ...history(55 / 60) }, NOW)).toBe('live'); // a minute less the margin
    expect(dueSync({ ...history(54 / 60) }, NOW)).toBeNull();
    // Outside any window nothing is due.
    expect(dueSync({ runs: [run('fixtures', 'succeeded', 60)], openKickoffs: [ago(-30)] }, NOW)).toBeNull();
  });

  it('never starts a run while one is running (on any instance)', () => {
    expect(dueSync({ runs: [run('live', 'running', 0.1)], openKickoffs: [ago(0)] }, NOW)).toBeNull();
    expect(dueSync({ runs: [run('fixtures', 'running', 90)], openKickoffs: [] }, NOW)).toBeNull();
  });

  it('backs off after failures, then retries what failed', () => {
    const failed = (n: number, minutesAgo: number): PastRun[] => [
      ...Array.from({ length: n }, (_, i) => run('fixtures', 'failed', minutesAgo + i * 100)),
      run('fixtures', 'succeeded', 3 * 24 * 60),
    ];
    expect(dueSync({ runs: failed(1, 0.5), openKickoffs: [] }, NOW)).toBeNull(); // 1 min back-off
    expect(dueSync({ runs: failed(1, 1), openKickoffs: [] }, NOW)).toBe('fixtures');
    expect(dueSync({ runs: failed(3, 3), openKickoffs: [] }, NOW)).toBeNull(); // 4 min back-off
    expect(dueSync({ runs: failed(3, 4), openKickoffs: [] }, NOW)).toBe('fixtures');
    expect(dueSync({ runs: failed(9, 59), openKickoffs: [] }, NOW)).toBeNull(); // capped at 60 min
    expect(dueSync({ runs: failed(9, 60), openKickoffs: [] }, NOW)).toBe('fixtures');
  });

  it('retries a failed live run after its back-off even without a window any more', () => {
    const runs = [run('live', 'failed', 2), run('fixtures', 'succeeded', 60)];
    expect(dueSync({ runs, openKickoffs: [] }, NOW)).toBe('live');
  });
});
