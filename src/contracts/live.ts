/**
 * Live events sent over Server-Sent Events (GET /api/groups/:groupId/events and GET /api/events):
 * each SSE message has an `id` (the event's number, for Last-Event-ID), an `event` name and JSON `data`.
 * - `match`: a match's score or status changed (a live goal, the final whistle, a postponement).
 * - `resync`: events were missed (the stream fell too far behind, or the server lost its feed); the page
 *   refetches what it shows.
 * - `revoked`: the stream is no longer allowed (signed out, account disabled, no longer a member); the
 *   server ends it and the page must not reconnect.
 * - `reconnect`: this instance is shutting down and ends the stream; the page reconnects after `retryMs`
 *   (the same value goes in the message's SSE `retry:` field, which a plain EventSource follows), through
 *   the load balancer to another instance, resuming after the last event id it heard.
 * Heartbeat comments every 30 s keep proxies from closing an idle stream.
 */
import { z } from 'zod';
import { MATCH_STATUSES } from '../domain/deadline';
import { liveClock, matchGoal } from './leagues';

/** Data of a `match` event: the match's state after the change (goals: full time, then after extra time). */
export const liveMatchEvent = z.object({
  matchId: z.string(),
  leagueId: z.string(),
  status: z.enum(MATCH_STATUSES),
  homeGoals: z.number().int().nullable(),
  awayGoals: z.number().int().nullable(),
  homeGoalsExtraTime: z.number().int().nullable(),
  awayGoalsExtraTime: z.number().int().nullable(),
  homePenalties: z.number().int().nullable().optional(),
  awayPenalties: z.number().int().nullable().optional(),
  /** The clock while live (contracts/leagues.ts liveClock), and the goals so far with their scorers. */
  live: liveClock.nullable().optional(),
  goals: z.array(matchGoal).optional(),
  /** Kickoff as an ISO 8601 UTC instant (a postponed match may get a new one). */
  kickoff: z.string(),
});
export type LiveMatchEvent = z.infer<typeof liveMatchEvent>;

/** Query of the event routes: where to resume when the browser cannot send Last-Event-ID (a new EventSource). */
export const liveEventsQuery = z.object({ lastEventId: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional() });

/** Data of a `reconnect` event: how long to wait before reconnecting, in ms. */
export const liveReconnectEvent = z.object({ retryMs: z.number().int().min(0) });
export type LiveReconnectEvent = z.infer<typeof liveReconnectEvent>;

/** Names of the events a stream may carry. */
export const LIVE_EVENT_KINDS = ['match', 'resync', 'revoked', 'reconnect'] as const;
