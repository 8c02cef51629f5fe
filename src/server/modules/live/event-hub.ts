/**
 * One app instance's fan-out of live events: it listens on LIVE_CHANNEL (PostgreSQL LISTEN on a dedicated
 * connection, or PGlite's in-process LISTEN) and hands each event to the open streams of its league —
 * streams are indexed by league, so a goal costs one lookup and one write per interested stream. When the
 * feed itself was interrupted (the listening connection dropped), every stream is told to resynchronise.
 * It also prunes old events now and then (idempotent: several instances may), and checks every
 * `recheckMs` that each open stream is still allowed (stream-access.ts), ending those that are not.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { LIVE_CHANNEL, pruneLiveEvents, type LiveEventRecord } from './publish';
import { revokedStreams, type StreamAccess } from './stream-access';

/** An open event stream: the leagues it follows, and how to send it an event or a resync. */
export interface LiveSubscriber {
  leagueIds: readonly string[];
  send(event: LiveEventRecord): void;
  resync(): void;
  /**
   * Ends the stream because this instance is shutting down: the client hears `reconnect` with a retry
   * hint (routes.ts), so it comes back through the load balancer to another instance.
   */
  end(): void;
  /** Who opened it, checked again every recheck; none: never rechecked. */
  access?: StreamAccess;
  /** Tells the stream it is no longer allowed (signed out, left the group…) and ends it. */
  revoke?(): void;
}

/** The hub of one app instance. */
export interface EventHub {
  /** Adds a stream; returns the function that removes it. */
  subscribe(subscriber: LiveSubscriber): () => void;
  /** How many streams are open here. */
  readonly size: number;
  /**
   * Ends every open stream, each with a `reconnect` event and an SSE `retry:` hint (before the server
   * closes: open responses would keep it from closing).
   */
  endAll(): void;
  close(): Promise<void>;
}

const PRUNE_INTERVAL_MS = 10 * 60_000;

/**
 * Starts listening for live events.
 * @param options.onEvent called for every event before the streams hear it, on every instance: the
 *   caches of rankings and stats go then, so the refetch an event triggers reads the committed result
 *   (a result written elsewhere, or cached here between its scoring and its commit).
 * @param options.onReconnect called when the listening connection is back after a loss (events may have
 *   been missed: the caches go).
 * @param options.recheckMs how often open streams' access is checked again, in ms (default 60,000).
 * @throws when the first LISTEN fails (the database is unreachable).
 */
export async function createEventHub(
  database: Database, log: FastifyBaseLogger, options: { onEvent?: (event: LiveEventRecord) => void; onReconnect?: () => void; recheckMs?: number } = {},
): Promise<EventHub> {
  const byLeague = new Map<string, Set<LiveSubscriber>>();
  let size = 0;
  const everyone = () => new Set([...byLeague.values()].flatMap((set) => [...set]));
  const stop = await database.listen(LIVE_CHANNEL, (payload) => {
    let event: LiveEventRecord;
    try {
      event = JSON.parse(payload) as LiveEventRecord;
    } catch {
      log.warn('live event with an unreadable payload ignored');
      return;
    }
    options.onEvent?.(event);
    for (const subscriber of byLeague.get(event.leagueId) ?? []) subscriber.send(event);
  }, {
    onError: (error) => log.warn({ err: error }, 'live events: listening connection lost; reconnecting'),
    onReconnect: () => {
      log.info('live events: listening again; open streams resynchronise');
      options.onReconnect?.();
      for (const subscriber of everyone()) subscriber.resync();
    },
  });
  const prune = setInterval(() => {
    pruneLiveEvents(database.db).catch((error: unknown) => log.warn({ err: error }, 'live events: prune failed'));
  }, PRUNE_INTERVAL_MS);
  prune.unref();
  let checking = false;
  const recheck = setInterval(() => {
    if (checking) return; // the last check is still running (a slow database): skip this one
    const checked = [...everyone()].filter((subscriber) => subscriber.access);
    if (checked.length === 0) return;
    checking = true;
    revokedStreams(database.db, checked.map((subscriber) => subscriber.access!))
      .then((positions) => {
        for (const position of positions) checked[position]?.revoke?.();
        if (positions.length > 0) log.info({ streams: positions.length }, 'live events: streams no longer allowed were ended');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'live events: access check failed; streams stay open until the next'))
      .finally(() => { checking = false; });
  }, options.recheckMs ?? 60_000);
  recheck.unref();
  return {
    subscribe(subscriber) {
      const leagues = [...new Set(subscriber.leagueIds)];
      for (const leagueId of leagues) {
        let set = byLeague.get(leagueId);
        if (!set) byLeague.set(leagueId, (set = new Set()));
        set.add(subscriber);
      }
      size += 1;
      let removed = false;
      return () => {
        if (removed) return;
        removed = true;
        size -= 1;
        for (const leagueId of leagues) {
          const set = byLeague.get(leagueId);
          set?.delete(subscriber);
          if (set?.size === 0) byLeague.delete(leagueId);
        }
      };
    },
    get size() {
      return size;
    },
    endAll() {
      for (const subscriber of everyone()) subscriber.end();
    },
    async close() {
      clearInterval(prune);
      clearInterval(recheck);
      await stop();
    },
  };
}
