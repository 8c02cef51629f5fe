import { describe, expect, it } from 'vitest';
import type { GroupMatchesResponse } from '../../../contracts/groups';
import { applyLiveMatch, isRefusal, needsRefetch, reconnectDelay, reconnectHint, showsLiveMatch } from './live-match';

const team = (name: string) => ({ id: name, name, code: null, crestUrl: null });
const match = (id: string, open: boolean) => ({
  id, roundName: 'Round 1', roundOrder: 1, stage: 'league' as const, groupName: null, kickoff: '2026-11-26T20:00:00.000Z',
  deadline: '2026-11-26T19:45:00.000Z', status: 'scheduled' as const, homeTeam: team('A'), awayTeam: team('B'),
  homeGoals: null, awayGoals: null, homeGoalsExtraTime: null, awayGoalsExtraTime: null, homePenalties: null, awayPenalties: null,
  open, myPrediction: null, predictionCount: 3,
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

  it('refetches when the match ends, is postponed, cancelled or scheduled again (a new kickoff) — not for a goal', () => {
    expect(needsRefetch(event)).toBe(false);
    expect(['finished', 'postponed', 'cancelled', 'scheduled'].every((status) => needsRefetch({ ...event, status: status as 'finished' }))).toBe(true);
  });
});
