import { describe, expect, it } from 'vitest';
import type { GroupMatchesResponse } from '../../../contracts/groups';
import { applyLiveMatch, isRefusal, needsRefetch, reconnectDelay, reconnectHint, showsLiveMatch } from './live-match';

const team = (name: string) => ({ id: name, name, code: null, crestUrl: null });
const match = (id: string, open: boolean) => ({
  id, roundName: 'Round 1', roundOrder: 1, stage: 'league' as const, groupName: null, kickoff: '2026-11-26T20:00:00.000Z',
  deadline: '2026-11-26T19:45:00.000Z', status: 'scheduled' as const, homeTeam: team('A'), awayTeam: team('B'),
  homeGoals: null, awayGoals: null, homeGoalsExtraTime: null, awayGoalsExtraTime: null, homePenalties: null, awayPenalties: null,
  live: null, goals: [], open, myPrediction: null, predictionCount: 3,
});

describe('reconnectDelay', () => {
  it('waits 1, 2, 5, then 10 s for every later attempt', () => {
    expect([0, 1, 2, 3, 4, 9].map(reconnectDelay)).toEqual([1_000, 2_000, 5_000, 10_000, 10_000, 10_000]);
    expect(reconnectDelay(-1)).toBe(1_000);
  });
});

describe('reconnectHint', () => {
  it('reads the wait of a reconnect event (at most the longest backoff); anything else is no hint', () => {
    expect(reconnectHint('{"retryMs":1000}')).toBe(1_000);
    expect(reconnectHint('{"retryMs":0}')).toBe(0);
    expect(reconnectHint('{"retryMs":3600000}')).toBe(10_000);
    expect(['', 'nope', '{}', '{"retryMs":-1}', '{"retryMs":"1000"}', 'null'].map(reconnectHint)).toEqual([null, null, null, null, null, null]);
  });
});

describe('isRefusal', () => {
  it('gives up on signed out, forbidden and gone; retries on server errors and rate limits', () => {
    expect([401, 403, 404].every(isRefusal)).toBe(true);
    expect([200, 429, 500, 502, 503].some(isRefusal)).toBe(false);
  });
});

describe('applyLiveMatch', () => {
  const data = { serverTime: '2026-11-26T19:00:00.000Z', matches: [match('m1', true), match('m2', true)] } as unknown as GroupMatchesResponse;
  const event = {
    matchId: 'm1', leagueId: 'l', status: 'live' as const, homeGoals: 1, awayGoals: 0, homeGoalsExtraTime: null, awayGoalsExtraTime: null,
    kickoff: '2026-11-26T20:00:00.000Z',
  };

  it('puts the live score on the match, closes it, and leaves the others as they were', () => {
    const next = applyLiveMatch(data, event)!;
    expect(next.matches[0]).toMatchObject({ status: 'live', homeGoals: 1, awayGoals: 0, open: false, predictionCount: 3 });
    expect(next.matches[1]).toBe(data.matches[1]);
    expect(data.matches[0]!.homeGoals).toBeNull(); // the cached object is not changed in place
  });

  it('returns the same data for a match it does not list, and nothing for nothing', () => {
    expect(applyLiveMatch(data, { ...event, matchId: 'other' })).toBe(data);
    expect(applyLiveMatch(undefined, event)).toBeUndefined();
  });

  it('tells whether the cached matches show an event already: status, goals and kickoff instant', () => {
    const shown = applyLiveMatch(data, event);
    expect(showsLiveMatch(shown, event)).toBe(true);
    expect(showsLiveMatch(shown, { ...event, kickoff: '2026-11-26T20:00:00Z' })).toBe(true); // the same instant
    expect(showsLiveMatch(data, event)).toBe(false);
    for (const change of [{ status: 'finished' as const }, { awayGoals: 1 }, { homeGoalsExtraTime: 1 }, { awayGoalsExtraTime: 0 }, { kickoff: '2026-11-27T20:00:00.000Z' }]) {
      expect(showsLiveMatch(shown, { ...event, ...change }), JSON.stringify(change)).toBe(false);
    }
    expect(showsLiveMatch(shown, { ...event, matchId: 'other' })).toBe(false);
    expect(showsLiveMatch(undefined, event)).toBe(false);
  });

  it('applies the shoot-out, live clock and scorers when the event carries them, and keeps them when it does not', () => {
    const clock = { phase: 'first_half' as const, minutes: 22.5, at: '2026-11-26T20:00:22.500Z', rate: 60 };
    const goals = [{ side: 'home' as const, minute: 23, offset: null, scorer: 'Lionel Messi', penalty: true, ownGoal: false }];
    const withClock = { ...event, homePenalties: null, awayPenalties: null, live: clock, goals };
    const next = applyLiveMatch(data, withClock)!;
    expect(next.matches[0]).toMatchObject({ live: clock, goals, homePenalties: null, awayPenalties: null });
    // An event without them (an older server) leaves what the page has.
    expect(applyLiveMatch(next, event)!.matches[0]).toMatchObject({ live: clock, goals });
    const shootOut = applyLiveMatch(next, { ...withClock, status: 'finished', live: null, homePenalties: 4, awayPenalties: 2 })!;
    expect(shootOut.matches[0]).toMatchObject({ status: 'finished', live: null, homePenalties: 4, awayPenalties: 2, goals });
  });

  it('does not take a new phase, clock reading, scorer or shoot-out for one already shown', () => {
    const clock = { phase: 'first_half' as const, minutes: 22.5, at: '2026-11-26T20:00:22.500Z', rate: 60 };
    const goals = [{ side: 'home' as const, minute: 23, offset: null, scorer: 'Lionel Messi', penalty: true, ownGoal: false }];
    const full = { ...event, homePenalties: null, awayPenalties: null, live: clock, goals };
    const shown = applyLiveMatch(data, full);
    expect(showsLiveMatch(shown, full)).toBe(true);
    expect(showsLiveMatch(shown, { ...full, live: { ...clock, at: '2026-11-26T20:00:22.5Z' } })).toBe(true); // the same instant
    expect(showsLiveMatch(shown, event)).toBe(true); // nothing more to compare
    const changes = [
      { live: { ...clock, phase: 'half_time' as const, minutes: null } }, { live: { ...clock, rate: 0 } }, { live: { ...clock, minutes: 30 } },
      { live: { ...clock, at: '2026-11-26T20:00:30.000Z' } }, { live: null },
      { goals: [] }, { goals: [...goals, { ...goals[0]!, minute: 108, penalty: false }] }, { goals: [{ ...goals[0]!, scorer: 'Ángel Di María' }] },
      { goals: [{ ...goals[0]!, ownGoal: true }] }, { goals: [{ ...goals[0]!, offset: 2 }] }, { goals: [{ ...goals[0]!, side: 'away' as const }] },
      { homePenalties: 4 }, { awayPenalties: 2 },
    ];
    for (const change of changes) expect(showsLiveMatch(shown, { ...full, ...change }), JSON.stringify(change)).toBe(false);
    // A page that has no clock yet for a match does not show one that has it.
    expect(showsLiveMatch(applyLiveMatch(data, event), full)).toBe(false);
  });

  it('refetches when the match ends, is postponed, cancelled or scheduled again (a new kickoff) — not for a goal', () => {
    expect(needsRefetch(event)).toBe(false);
    expect(['finished', 'postponed', 'cancelled', 'scheduled'].every((status) => needsRefetch({ ...event, status: status as 'finished' }))).toBe(true);
  });
});
