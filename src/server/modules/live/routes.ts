/**
 * GET /api/groups/:groupId/events (members of the group) and GET /api/events (the leagues of all my
 * groups): Server-Sent Events with @fastify/sse — a heartbeat comment every 30 s, `match` events as
 * results change, and on reconnection (Last-Event-ID, or ?lastEventId= from a new EventSource — on a group
 * page's first opening, the liveEventId its matches were read at) the events missed since, or `resync`
 * when they are gone. Authorised by the session cookie (its session read from the database, never the cookie cache), and
 * checked again while open (a stream whose session ended or whose member left hears `revoked` and ends);
 * the events carry only match states, which the league's public pages show anyway. When the instance shuts
 * down, every stream hears `reconnect` with an SSE `retry:` hint and ends (`SHUTDOWN_RETRY_MS`). An
 * account or a client address over its cap of open streams on this instance is refused with 429
 * `rate_limited` and Retry-After (stream-caps.ts); a stream's slot is freed when its response closes,
 * however it ends.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { groupParams } from '../../../contracts/groups';
import { liveEventsQuery } from '../../../contracts/live';
import type { AppContext } from '../../context';
import { requireStoredSessionUser } from '../../auth/viewer';
import { rowsOf, type Db } from '../../db/client';
import { requireMember } from '../groups/policy';
import type { EventHub } from './event-hub';
import { eventsAfter, type LiveEventRecord } from './publish';
import type { StreamAccess } from './stream-access';
import { createStreamCaps, STREAM_CAP_RETRY_AFTER_S, tooManyStreams, type StreamCaps } from './stream-caps';

/**
 * The answer as the OpenAPI document shows it: a `text/event-stream` (the events: src/contracts/live.ts).
 * Clients and tests tell a stream from a JSON operation by it; @fastify/sse writes the stream, so this
 * schema never serialises anything.
 */
const liveEventsResponse = {
  200: { description: 'Server-Sent Events: `match`, `resync`, `revoked`, `reconnect`; JSON data.', content: { 'text/event-stream': { schema: z.string() } } },
};

/** Registers the two event streams, with this instance's caps of open streams (env LIVE_STREAMS_PER_*). */
export async function liveRoutes(app: FastifyInstance, { db, auth, events, env }: AppContext) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const caps = createStreamCaps({ perAccount: env.LIVE_STREAMS_PER_ACCOUNT, perAddress: env.LIVE_STREAMS_PER_ADDRESS });
  api.get(
    '/groups/:groupId/events',
    { sse: 'only', schema: { tags: ['live'], params: groupParams, querystring: liveEventsQuery, response: liveEventsResponse } },
    async (request, reply) => {
      const viewer = await requireStoredSessionUser(request, reply, auth);
      const { groupId } = request.params;
      const access = await requireMember(db, viewer, groupId);
      await openStream(db, events, caps, reply, [access.leagueId], resumePoint(reply, request.query.lastEventId), { ...viewer, groupId });
    },
  );
  api.get(
    '/events',
    { sse: 'only', schema: { tags: ['live'], querystring: liveEventsQuery, response: liveEventsResponse } },
    async (request, reply) => {
      const viewer = await requireStoredSessionUser(request, reply, auth);
      const leagues = rowsOf<{ league_id: string }>(await db.execute(sql`
        select distinct g.league_id from group_members gm join groups g on g.id = gm.group_id where gm.user_id = ${viewer.userId}`));
      await openStream(db, events, caps, reply, leagues.map((row) => row.league_id), resumePoint(reply, request.query.lastEventId), { ...viewer, groupId: null });
    },
  );
}

/** Where to resume: the Last-Event-ID header (the browser's own reconnection), else the query's. */
function resumePoint(reply: FastifyReply, fromQuery: number | undefined): number | null {
  const header = reply.sse.lastEventId;
  if (header !== null && /^\d{1,15}$/.test(header)) return Number(header);
  return fromQuery ?? null;
}

/**
 * Events numbered this close before a resume point are replayed too: numbers are taken at insert and
 * transactions commit in any order, so an event numbered below one the page saw (or below the highest
 * its matches were read with) may have been committed (and sent) after it. Events of one match are
 * numbered in commit order (its row is locked by the write), and a page applies a match's state
 * idempotently (a group page skips the replayed states it shows: live-connection.ts), so replaying a few
 * again is harmless.
 */
const REPLAY_MARGIN = 256;
/** How many event numbers a stream remembers to send each event once. */
const SENT_MEMORY = 1_024;
/**
 * How long a client waits before reconnecting to a stream this instance ended because it is shutting
 * down, in ms: sent as the SSE `retry:` field (a plain EventSource's own reconnection delay) and as the
 * `reconnect` event's `retryMs` (our page's, src/web/features/live/use-live-events.ts). By then the load
 * balancer has stopped sending to this instance (it said "not ready" for SHUTDOWN_DELAY_MS before closing).
 */
export const SHUTDOWN_RETRY_MS = 1_000;
/** A stream ended at shutdown whose client reads nothing is cut off after this long (it would hold the close). */
const SHUTDOWN_END_GRACE_MS = 2_000;

/**
 * Opens the stream: takes a slot of the caps (429 when the account or the address has none left),
 * subscribes (holding live events back), replays what was missed after `resumeFrom` (with REPLAY_MARGIN),
 * then lets live events through — each event once. The hub checks `access` again now and then; when it no
 * longer holds, the stream hears `revoked` and ends.
 * @throws AppError 429 `rate_limited` over a cap (nothing sent yet, so the error handler answers it).
 */
async function openStream(
  db: Db, hub: EventHub, caps: StreamCaps, reply: FastifyReply, leagueIds: readonly string[], resumeFrom: number | null, access: StreamAccess,
) {
  // Taken after the session and membership checks (a refused request never holds a slot) and with no
  // await before the subscription, so requests racing in cannot all pass a cap with one slot left.
  const slot = caps.take(access.userId, reply.request.ip);
  if (!slot.ok) {
    reply.header('retry-after', String(STREAM_CAP_RETRY_AFTER_S));
    reply.request.log.info({ cap: slot.cap }, 'live events: stream refused, too many open');
    throw tooManyStreams(slot.cap);
  }
  // The response's close is the one end of every stream: the client gone, `revoked`, shutdown, an error.
  reply.raw.once('close', slot.release);
  reply.sse.keepAlive();
  let replaying = resumeFrom !== null;
  const held: LiveEventRecord[] = [];
  const sent = new Set<number>();
  // One write at a time, in order: a burst (a replay's resume moves 64 kickoffs at once) would otherwise
  // start dozens of writes together, each waiting on the response with listeners of its own.
  let writing: Promise<unknown> = Promise.resolve();
  const send = (event: LiveEventRecord) => {
    // A group's wall event reaches that group's streams only (never /api/events, never another group's).
    if (event.groupId && event.groupId !== access.groupId) return;
    if (sent.has(event.id)) return;
    sent.add(event.id);
    if (sent.size > SENT_MEMORY) sent.delete(sent.values().next().value!);
    writing = writing.then(() => reply.sse.send({ id: String(event.id), event: event.kind, data: event.payload })).catch(() => {});
  };
  const resync = () => {
    reply.sse.send({ event: 'resync', data: {} }).catch(() => {});
  };
  const unsubscribe = hub.subscribe({
    leagueIds,
    send: (event) => (replaying ? held.push(event) : send(event)),
    resync,
    end: () => {
      unsubscribe();
      if (!reply.sse.isConnected) return;
      // Written at once (send writes before its first await), then the response ends after it.
      reply.sse.send({ event: 'reconnect', data: { retryMs: SHUTDOWN_RETRY_MS }, retry: SHUTDOWN_RETRY_MS }).catch(() => {});
      reply.sse.close();
      setTimeout(() => {
        if (!reply.raw.writableFinished) reply.raw.destroy();
      }, SHUTDOWN_END_GRACE_MS).unref();
    },
    access,
    revoke: () => {
      // Out of the hub first, whatever the client does with the last message; closed within 5 s even
      // when it does not read.
      unsubscribe();
      const close = setTimeout(() => reply.sse.close(), 5_000);
      reply.sse.send({ event: 'revoked', data: {} }).catch(() => {}).finally(() => {
        clearTimeout(close);
        reply.sse.close();
      });
    },
  });
  reply.sse.onClose(unsubscribe);
  // Gone while the session and membership were being checked: its close has already been heard.
  if (!reply.sse.isConnected || reply.raw.destroyed) {
    unsubscribe();
    slot.release();
    return;
  }
  // The response starts now (headers flushed: Node holds them until the first body write otherwise), so
  // the browser's EventSource opens before any event or heartbeat.
  reply.sse.sendHeaders();
  reply.raw.flushHeaders();
  if (resumeFrom === null) return;
  try {
    const missed = await eventsAfter(db, leagueIds, Math.max(0, resumeFrom - REPLAY_MARGIN), resumeFrom);
    if (missed.gap) resync();
    for (const event of missed.events) send(event);
  } catch {
    // The replay failed (the database is unreachable): the page refetches instead of missing events.
    resync();
  } finally {
    replaying = false;
    for (const event of held.splice(0)) send(event);
  }
}
