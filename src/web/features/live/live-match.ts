/**
 * Pure helpers of the live client: the reconnection backoff, and how a `match` event updates a group's
 * cached matches and whether they show it already (src/contracts/live.ts).
 */
import type { GroupMatch, GroupMatchesResponse } from '../../../contracts/groups';
import type { MatchGoal } from '../../../contracts/leagues';
import type { LiveMatchEvent, LiveReconnectEvent } from '../../../contracts/live';

/** Waits before reconnecting a dropped stream: 1, 2, 5, then 10 s for every later attempt (the specification's realtime client). */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const;

/** The wait before reconnection attempt `attempt` (0-based), in milliseconds. */
export function reconnectDelay(attempt: number): number {
  return RECONNECT_DELAYS_MS[Math.min(Math.max(0, Math.floor(attempt)), RECONNECT_DELAYS_MS.length - 1)]!;
}

/**
 * The wait a `reconnect` event asks for (the server is shutting down: src/contracts/live.ts), in ms, from
 * the event's data text; null when the data is not a valid hint (the usual backoff applies then).
 */
export function reconnectHint(data: string): number | null {
  try {
    // The contract's shape (liveReconnectEvent) checked by hand: zod stays off the pages that only listen.
    const retryMs = (JSON.parse(data) as Partial<LiveReconnectEvent> | null)?.retryMs;
    return typeof retryMs === 'number' && Number.isInteger(retryMs) && retryMs >= 0 ? Math.min(retryMs, RECONNECT_DELAYS_MS.at(-1)!) : null;
  } catch {
    return null;
  }
}

/**
 * The group's matches with one match's new live state (status, goals, kickoff; and the shoot-out, live
 * clock and scorers when the event carries them) applied; the same object when the match is not in the
 * list. Points of my prediction are the server's to compute: a result that gives points (finished,
 * postponed, cancelled) is refetched instead (`needsRefetch`).
 */
export function applyLiveMatch(data: GroupMatchesResponse | undefined, event: LiveMatchEvent): GroupMatchesResponse | undefined {
  if (!data || !data.matches.some((match) => match.id === event.matchId)) return data;
  return {
    ...data,
    matches: data.matches.map((match) => match.id !== event.matchId ? match : {
      ...match,
      status: event.status,
      homeGoals: event.homeGoals,
      awayGoals: event.awayGoals,
      homeGoalsExtraTime: event.homeGoalsExtraTime,
      awayGoalsExtraTime: event.awayGoalsExtraTime,
      // Events from before the shoot-out, clock and scorers were sent leave them as they were.
      ...(event.homePenalties !== undefined ? { homePenalties: event.homePenalties } : {}),
      ...(event.awayPenalties !== undefined ? { awayPenalties: event.awayPenalties } : {}),
      ...(event.live !== undefined ? { live: event.live } : {}),
      ...(event.goals !== undefined ? { goals: event.goals } : {}),
      kickoff: event.kickoff,
      // A match that started or ended takes no more predictions, whatever the page last heard.
      open: match.open && event.status === 'scheduled',
    }),
  };
}

/**
 * Whether the group's cached matches already show a match event's state: the match is listed with the
 * event's status, goals (full time, after extra time) and kickoff instant, and — when the event carries
 * them — its shoot-out, live clock (phase, minutes, instant, rate) and scorers. False for a match not listed.
 */
export function showsLiveMatch(data: GroupMatchesResponse | undefined, event: LiveMatchEvent): boolean {
  const match = data?.matches.find((candidate) => candidate.id === event.matchId);
  return match !== undefined && match.status === event.status && match.homeGoals === event.homeGoals && match.awayGoals === event.awayGoals
    && match.homeGoalsExtraTime === event.homeGoalsExtraTime && match.awayGoalsExtraTime === event.awayGoalsExtraTime
    && Date.parse(match.kickoff) === Date.parse(event.kickoff)
    && (event.homePenalties === undefined || match.homePenalties === event.homePenalties)
    && (event.awayPenalties === undefined || match.awayPenalties === event.awayPenalties)
    && (event.live === undefined || sameClock(match.live, event.live))
    && (event.goals === undefined || sameGoals(match.goals, event.goals));
}

/** Whether two live clocks are the same reading (instants compared as instants). */
function sameClock(a: GroupMatch['live'] | undefined, b: GroupMatch['live']): boolean {
  if (!a || !b) return (a ?? null) === b;
  return a.phase === b.phase && a.minutes === b.minutes && a.rate === b.rate && Date.parse(a.at) === Date.parse(b.at);
}

/** Whether two lists of goals are the same, goal by goal. */
function sameGoals(a: readonly MatchGoal[] | undefined, b: readonly MatchGoal[]): boolean {
  return a !== undefined && a.length === b.length && a.every((goal, index) => {
    const other = b[index]!;
    return goal.side === other.side && goal.minute === other.minute && goal.offset === other.offset && goal.scorer === other.scorer
      && goal.penalty === other.penalty && goal.ownGoal === other.ownGoal;
  });
}

/** Whether a refused stream's group answer means it will stay refused (signed out, not a member, no group). */
export function isRefusal(status: number): boolean {
  return status === 401 || status === 403 || status === 404;
}

/**
 * Whether a match event needs the group's matches refetched rather than patched: a result that gives
 * points (finished, postponed, cancelled: my prediction's points are the server's to compute), and a
 * scheduled match (a new kickoff, or a postponed match restored: whether it is open again is the server's
 * clock's to say). Not a goal of a live match.
 */
export function needsRefetch(event: LiveMatchEvent): boolean {
  return event.status === 'finished' || event.status === 'postponed' || event.status === 'cancelled' || event.status === 'scheduled';
}
