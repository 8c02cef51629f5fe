/**
 * The group page's event stream with a fake EventSource and a fake clock: what it refetches, how it
 * reconnects (1, 2, 5, 10 s, jitter, the server's hint, resuming after the last event) and when it stops;
 * opening from the number the page's matches were read at (no refetch), and the replayed events from
 * before that number (put on the page only when it does not show them yet).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveMatchEvent } from '../../../contracts/live';
import { REFETCH_DELAY_MS, startLiveConnection, type EventSourceLike, type LiveConnectionDeps } from './live-connection';

class FakeSource implements EventSourceLike {
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(readonly url: string) {}
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() { this.closed = true; }
  /** The server accepted the stream. */
  opens() { this.onopen?.(new Event('open')); }
  /** The server sent an event. */
  emits(type: string, data: string, lastEventId = '') {
    for (const listener of this.listeners.get(type) ?? []) listener({ data, lastEventId } as MessageEvent);
  }
  /** The stream dropped, or was refused before opening. */
  fails() { this.onerror?.(new Event('error')); }
}

const goal = (homeGoals: number, status: LiveMatchEvent['status'] = 'live'): LiveMatchEvent => ({
  matchId: 'm1', leagueId: 'l1', status, homeGoals, awayGoals: 0, homeGoalsExtraTime: null, awayGoalsExtraTime: null, kickoff: '2026-11-26T20:00:00.000Z',
});

describe('the live connection of a group page', () => {
  let sources: FakeSource[];
  let refetched: string[];
  let applied: LiveMatchEvent[];
  let probes: string[];
  let probeStatus: number | Error;
  let random: number;
  let stop: () => void;

  const latest = () => sources.at(-1)!;
  /** Lets the probe's promise settle. */
  const settle = async () => { await Promise.resolve(); await Promise.resolve(); await Promise.resolve(); };
  const start = (resume: Pick<LiveConnectionDeps, 'resumeFrom' | 'shows'> = {}) => {
    stop = startLiveConnection({
      ...resume,
      streamPath: '/api/groups/g1/events',
      probePath: '/api/groups/g1',
      open: (url) => { const source = new FakeSource(url); sources.push(source); return source; },
      probe: async (url) => { probes.push(url); if (probeStatus instanceof Error) throw probeStatus; return probeStatus; },
      onMatch: (event) => applied.push(event),
      refetch: (part) => refetched.push(part),
      setTimeout: (run, ms) => setTimeout(run, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      random: () => random,
    });
  };

  beforeEach(() => {
    vi.useFakeTimers();
    sources = [];
    refetched = [];
    applied = [];
    probes = [];
    probeStatus = 200;
    random = 0;
  });
  afterEach(() => {
    stop?.();
    vi.useRealTimers();
  });

  it('refetches the live parts once on opening, applies a goal at once and gathers the refetches events ask for', () => {
    start();
    expect(latest().url).toBe('/api/groups/g1/events');
    latest().opens();
    vi.advanceTimersByTime(REFETCH_DELAY_MS);
    expect(refetched).toEqual(['matches', 'ranking']);
    refetched = [];
    latest().emits('match', JSON.stringify(goal(1)), '41');
    latest().emits('match', JSON.stringify(goal(2)), '42');
    expect(applied.map((event) => event.homeGoals)).toEqual([1, 2]); // at once
    expect(refetched).toEqual([]);
    vi.advanceTimersByTime(REFETCH_DELAY_MS);
    expect(refetched.sort()).toEqual(['ranking', 'stats']); // once each for both goals
    refetched = [];
    // The final whistle gives points: the matches (my points) too. A resync: the whole group, once.
    latest().emits('match', JSON.stringify(goal(2, 'finished')), '43');
    vi.advanceTimersByTime(REFETCH_DELAY_MS);
    expect(refetched.sort()).toEqual(['matches', 'ranking', 'stats']);
    refetched = [];
    latest().emits('resync', '');
    latest().emits('match', JSON.stringify(goal(3)), '44');
    vi.advanceTimersByTime(REFETCH_DELAY_MS);
    expect(refetched).toEqual(['']);
  });

  it("refetches the wall once for a burst of 'wall' events, and resumes after the last one", () => {
    start({ resumeFrom: 40, shows: () => false });
    latest().opens();
    const wall = (postId: string) => JSON.stringify({ groupId: 'g1', postId, action: 'posted' });
    latest().emits('wall', wall('p0'), '39'); // replayed from before the matches' read
    latest().emits('wall', wall('p1'), '45');
    latest().emits('wall', wall('p2'), '46');
    expect(refetched).toEqual([]);
    vi.advanceTimersByTime(REFETCH_DELAY_MS);
    expect(refetched).toEqual(['wall']);
    latest().fails();
    vi.advanceTimersByTime(1_000);
    expect(latest().url).toBe('/api/groups/g1/events?lastEventId=46');
  });

  it('without a number its matches were read at, opens without a resume point and refetches the live parts', () => {
    start({ resumeFrom: null });
    expect(latest().url).toBe('/api/groups/g1/events');
    latest().opens();
    vi.advanceTimersByTime(REFETCH_DELAY_MS);
    expect(refetched).toEqual(['matches', 'ranking']);
  });

  it('opens after the number its matches were read at and refetches nothing; a reopening resumes there too', () => {
    start({ resumeFrom: 40, shows: () => false });
    expect(latest().url).toBe('/api/groups/g1/events?lastEventId=40');
    latest().opens();
    vi.advanceTimersByTime(10 * REFETCH_DELAY_MS);
    expect(refetched).toEqual([]);
    latest().fails();
    vi.advanceTimersByTime(1_000);
    expect(latest().url).toBe('/api/groups/g1/events?lastEventId=40');
    latest().opens();
    vi.advanceTimersByTime(10 * REFETCH_DELAY_MS);
    expect(refetched).toEqual([]);
    // An event after the read: at once, as ever, and the next reopening resumes after it.
    latest().emits('match', JSON.stringify(goal(1)), '41');
    expect(applied.map((event) => event.homeGoals)).toEqual([1]);
    vi.advanceTimersByTime(REFETCH_DELAY_MS);
    expect(refetched.sort()).toEqual(['ranking', 'stats']);
    latest().fails();
    vi.advanceTimersByTime(1_000);
    expect(latest().url).toBe('/api/groups/g1/events?lastEventId=41');
  });

  it('puts a replayed event from before that number on the page only when the page does not show it, once per match', () => {
    // The page read m1 at 2–0 live and m2 finished 1–0; the server replays its margin before 40.
    const shown = new Set(['m1 live 2', 'm2 finished 1']);
    start({ resumeFrom: 40, shows: (event) => shown.has(`${event.matchId} ${event.status} ${event.homeGoals}`) });
    latest().opens();
    latest().emits('match', JSON.stringify(goal(1)), '30');
    latest().emits('match', JSON.stringify({ ...goal(1, 'finished'), matchId: 'm2' }), '33');
    latest().emits('match', JSON.stringify(goal(2)), '35');
    expect(applied).toEqual([]); // held until the refetches run: a later one of the match may follow
    vi.advanceTimersByTime(REFETCH_DELAY_MS);
    // Both shown already: no score put back, no matches refetched. The ranking was read apart from the
    // matches, maybe before these events: it is refetched.
    expect(applied).toEqual([]);
    expect(refetched.sort()).toEqual(['ranking', 'stats']);
    refetched = [];
    // One the read did not see (numbered before 40, committed after the read): put on the page, and its
    // final whistle refetches the matches (my points).
    latest().emits('match', JSON.stringify({ ...goal(1, 'finished'), matchId: 'm3' }), '39');
    vi.advanceTimersByTime(REFETCH_DELAY_MS);
    expect(applied.map((event) => event.matchId)).toEqual(['m3']);
    expect(refetched.sort()).toEqual(['matches', 'ranking', 'stats']);
    refetched = [];
    applied = [];
    // A held one is replaced by a later event of its match: only the newest state reaches the page.
    latest().emits('match', JSON.stringify(goal(3)), '38');
    latest().emits('match', JSON.stringify(goal(4)), '42');
    expect(applied.map((event) => event.homeGoals)).toEqual([4]);
    vi.advanceTimersByTime(REFETCH_DELAY_MS);
    expect(applied.map((event) => event.homeGoals)).toEqual([4]);
    expect(refetched.sort()).toEqual(['ranking', 'stats']);
    // The replayed ones do not move the resume point back.
    latest().fails();
    vi.advanceTimersByTime(1_000);
    expect(latest().url).toBe('/api/groups/g1/events?lastEventId=42');
  });

  it('reconnects after 1, 2, 5, then 10 s, resuming after the last event heard, and starts over once open', async () => {
    start();
    latest().opens();
    latest().emits('match', JSON.stringify(goal(1)), '7');
    latest().fails();
    expect(latest().closed).toBe(true);
    vi.advanceTimersByTime(999);
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(2);
    expect(latest().url).toBe('/api/groups/g1/events?lastEventId=7');
    // Refused before opening: the group is asked each time; it is still there, so the backoff goes on.
    for (const wait of [2_000, 5_000, 10_000, 10_000]) {
      latest().fails();
      await settle();
      expect(probes.at(-1)).toBe('/api/groups/g1');
      vi.advanceTimersByTime(wait - 1);
      const before = sources.length;
      vi.advanceTimersByTime(1);
      expect(sources.length, `after ${wait} ms`).toBe(before + 1);
    }
    // A network failure on the probe is no refusal either.
    probeStatus = new Error('offline');
    latest().fails();
    await settle();
    vi.advanceTimersByTime(10_000);
    expect(sources).toHaveLength(7);
    // Open again: the resumed stream brings what was missed, so nothing is refetched; the next drop waits 1 s.
    refetched = [];
    latest().opens();
    vi.advanceTimersByTime(REFETCH_DELAY_MS);
    expect(refetched).toEqual([]);
    latest().fails();
    vi.advanceTimersByTime(1_000);
    expect(sources).toHaveLength(8);
    expect(latest().url).toBe('/api/groups/g1/events?lastEventId=7');
  });

  it('refetches everything when it reopens without having heard an event', () => {
    start();
    latest().opens();
    vi.advanceTimersByTime(REFETCH_DELAY_MS);
    refetched = [];
    latest().fails();
    vi.advanceTimersByTime(1_000);
    expect(latest().url).toBe('/api/groups/g1/events');
    latest().opens();
    vi.advanceTimersByTime(REFETCH_DELAY_MS);
    expect(refetched).toEqual(['']);
  });

  it('adds up to a fifth at random, and waits what a shutting-down server asked instead of the backoff', () => {
    random = 0.99;
    start();
    latest().opens();
    latest().fails();
    vi.advanceTimersByTime(1_150);
    expect(sources).toHaveLength(1);
    vi.advanceTimersByTime(50);
    expect(sources).toHaveLength(2);
    random = 0;
    latest().opens();
    latest().emits('reconnect', JSON.stringify({ retryMs: 3_000 }));
    latest().fails();
    vi.advanceTimersByTime(2_999);
    expect(sources).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sources).toHaveLength(3);
  });

  it('stops for good when the server revokes the stream, and refetches the group to show why', () => {
    start();
    latest().opens();
    vi.advanceTimersByTime(REFETCH_DELAY_MS);
    refetched = [];
    latest().emits('revoked', '');
    expect(latest().closed).toBe(true);
    latest().fails();
    vi.advanceTimersByTime(60_000);
    expect(sources).toHaveLength(1);
    expect(refetched).toEqual(['']);
  });

  it.each([401, 403, 404])('stops for good when a stream is refused and the group answers %i', async (status) => {
    start();
    probeStatus = status;
    latest().fails();
    await settle();
    vi.advanceTimersByTime(60_000);
    expect(sources).toHaveLength(1);
    expect(refetched).toEqual(['']);
  });

  it('stop closes the stream and cancels the pending reconnection and refetch', () => {
    start();
    latest().opens();
    latest().fails();
    stop();
    vi.advanceTimersByTime(60_000);
    expect(sources).toHaveLength(1);
    expect(refetched).toEqual([]);
  });
});
