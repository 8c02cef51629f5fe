/**
 * A store for @fastify/rate-limit whose counts are shared by every app instance through PostgreSQL
 * (`rate_limit_windows`), so a client spread over several instances behind a load balancer meets one
 * limit, not one per instance.
 *
 * Counting a request costs no query: each instance counts its hits in memory and, once a second, adds
 * them to the shared rows in one statement (`insert … on conflict do update set hits = hits + excluded.hits
 * returning hits`), which also tells it every other instance's hits. A request is judged on the shared
 * total last read plus this instance's hits not yet added. The limit is therefore exact within one
 * instance and, across N instances, may be passed by what the others received in the last flush interval
 * (at 600 requests a minute per address: a handful). Only counts with new hits are written: an instance
 * writes one row per address it heard from in the last second, once a second. Counts are kept in fixed
 * windows (a minute starting on the minute) and judged as a sliding window, as in ./person-limit.ts: the
 * current window's hits plus the previous window's, weighted by how much of it the last minute still
 * covers (the sliding window counter of Cloudflare's rate limiting), so a client cannot pass twice the
 * limit across a window boundary. Keys are HMACs of the limited key (an address) under the server secret: no IP
 * address is stored. If a flush fails, the hits stay pending and the limit keeps working per instance.
 */
import { createHmac } from 'node:crypto';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { sql } from 'drizzle-orm';
import { arrayLiteral } from '../db/array-literal';
import { rowsOf, type Db } from '../db/client';

/** The most counts one instance keeps in memory (a key is about 200 bytes: 10 MB at most). */
const MAX_ENTRIES = 50_000;

/** What @fastify/rate-limit's store callbacks receive: hits in the window and ms until it ends. */
interface Counted { current: number; ttl: number }

/** One key's count in one window, in this instance. */
interface Entry { key: string; windowStart: number; windowMs: number; shared: number; pending: number }

/** Options of createSharedRateLimitStore. */
export interface SharedRateLimitOptions {
  db: Db;
  /** Signs the stored keys (the auth secret): addresses are never stored as they are. */
  secret: string;
  /** How often hits are added to the shared counts (ms; default 1,000). */
  flushMs?: number;
  /** Reports a failed flush (the hits are retried at the next one). */
  onError?: (error: unknown) => void;
}

/** A store class for @fastify/rate-limit's `store` option, and the shared counter behind it. */
export interface SharedRateLimitStore {
  /** Pass as `store` to @fastify/rate-limit (it constructs it, and a child per route with its own limit). */
  Store: FastifyRateLimitStoreCtor;
  /** Adds pending hits to the shared counts now (tests; also run every flushMs). */
  flush(): Promise<void>;
  /** Stops the timer after a last flush. */
  close(): Promise<void>;
}

/** The store interface @fastify/rate-limit calls (`read` serves its `{ increment: false }` checks). */
interface RateLimitStore extends FastifyRateLimitStore {
  read(key: string, callback: (error: Error | null, result?: Counted) => void, timeWindow: number): void;
}

/** What @fastify/rate-limit passes to `child` at run time: the route's merged limit and the route itself. */
interface ChildOptions { routeInfo?: { method?: string | string[]; url?: string } }

/**
 * Creates the shared store over `rate_limit_windows`. Stored keys are `api:<hmac>` (the route's method
 * and URL are part of what is signed for routes with their own limit); rows of windows that started more
 * than 10 minutes ago are deleted by the flushes, at most once a minute. At most MAX_ENTRIES counts are
 * kept in memory: past that, counts are still made but the oldest windows are forgotten first.
 */
export function createSharedRateLimitStore(options: SharedRateLimitOptions): SharedRateLimitStore {
  const flushMs = options.flushMs ?? 1_000;
  const entries = new Map<string, Entry>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;
  let prunedAt = 0;

  const storedKey = (namespace: string, key: string) =>
    `api:${createHmac('sha256', options.secret).update(`${namespace}\n${key}`).digest('base64url').slice(0, 32)}`;

  const schedule = () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, flushMs);
    timer.unref();
  };

  const flushOnce = async () => {
    const now = Date.now();
    // A window's count is still read during the next one (the sliding estimate).
    for (const [id, entry] of entries) if (entry.windowStart + 2 * entry.windowMs <= now) entries.delete(id);
    // Only counts with new hits are written (an idle key costs nothing); the answer brings the other
    // instances' hits for them. Sorted by key, so two instances' statements lock rows in one order (no deadlock).
    const due = [...entries.entries()].filter(([, entry]) => entry.pending > 0)
      .sort(([, a], [, b]) => (a.key === b.key ? a.windowStart - b.windowStart : a.key < b.key ? -1 : 1));
    if (due.length === 0) return;
    const sent = due.map(([, entry]) => entry.pending);
    const rows = rowsOf<{ key: string; start_ms: number | string; hits: number }>(await options.db.execute(sql`
      insert into rate_limit_windows (key, window_start, hits)
      select key, window_start, hits
        from unnest(${arrayLiteral(due.map(([, e]) => e.key))}::text[],
                    ${arrayLiteral(due.map(([, e]) => new Date(e.windowStart).toISOString()))}::timestamptz[],
                    ${arrayLiteral(sent)}::int[]) as added(key, window_start, hits)
      on conflict (key, window_start) do update set hits = rate_limit_windows.hits + excluded.hits
      returning key, (extract(epoch from window_start) * 1000)::float8 as start_ms, hits`));
    const totals = new Map(rows.map((row) => [`${row.key}@${Number(row.start_ms)}`, Number(row.hits)]));
    due.forEach(([, entry], index) => {
      entry.pending -= sent[index]!;
      entry.shared = totals.get(`${entry.key}@${entry.windowStart}`) ?? entry.shared + sent[index]!;
    });
    if (now - prunedAt >= 60_000) {
      prunedAt = now;
      await options.db.execute(sql`delete from rate_limit_windows where window_start < now() - interval '10 minutes'`);
    }
  };

  const flush = async (): Promise<void> => {
    if (flushing) return flushing.then(flush);
    flushing = flushOnce().catch((error: unknown) => options.onError?.(error)).finally(() => { flushing = undefined; });
    await flushing;
    if ([...entries.values()].some((entry) => entry.pending > 0)) schedule();
  };

  /** The key's hits in the window before the one starting at `windowStart`, as this instance last knew them. */
  const previousHits = (namespace: string, key: string, windowStart: number, windowMs: number) => {
    const previous = entries.get(`${namespace}\n${key}\n${windowStart - windowMs}`);
    return previous ? previous.shared + previous.pending : 0;
  };

  const storeFor = (namespace: string): RateLimitStore => ({
    incr(key, callback, timeWindow, max) {
      const now = Date.now();
      const windowStart = Math.floor(now / timeWindow) * timeWindow;
      const id = `${namespace}\n${key}\n${windowStart}`;
      let entry = entries.get(id);
      if (!entry && entries.size >= MAX_ENTRIES) {
        // A flood of new addresses: forget the oldest counts without new hits (a Map keeps insertion order).
        for (const [old, stale] of entries) {
          if (entries.size < MAX_ENTRIES) break;
          if (stale.pending === 0 || stale.windowStart + 2 * stale.windowMs <= now) entries.delete(old);
        }
      }
      if (!entry) {
        entry = { key: storedKey(namespace, key), windowStart, windowMs: timeWindow, shared: 0, pending: 0 };
        entries.set(id, entry);
      }
      entry.pending += 1;
      schedule();
      const [current, previous] = [entry.shared + entry.pending, previousHits(namespace, key, windowStart, timeWindow)];
      // ttl is what @fastify/rate-limit sends as Retry-After: when the sliding estimate is back within the limit.
      callback(null, { current: sliding(current, previous, now, windowStart, timeWindow), ttl: slidingRetryMs(current, previous, now, windowStart, timeWindow, max) });
    },
    read(key, callback, timeWindow) {
      const now = Date.now();
      const windowStart = Math.floor(now / timeWindow) * timeWindow;
      const entry = entries.get(`${namespace}\n${key}\n${windowStart}`);
      const previous = previousHits(namespace, key, windowStart, timeWindow);
      callback(null, { current: sliding(entry ? entry.shared + entry.pending : 0, previous, now, windowStart, timeWindow), ttl: entry || previous > 0 ? windowStart + timeWindow - now : 0 });
    },
    child(routeOptions) {
      const route = (routeOptions as unknown as ChildOptions).routeInfo;
      return storeFor(route?.url ? `${[route.method].flat().join(',')} ${route.url}` : `${namespace}+`);
    },
  });

  class Store {
    constructor() {
      return storeFor('');
    }
  }

  return {
    Store: Store as unknown as FastifyRateLimitStoreCtor,
    flush,
    async close() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      await flush();
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}

/**
 * The sliding-window estimate of the hits in the last `windowMs` at `now`: the current window's hits plus
 * the previous window's, weighted by the part of the previous window the last `windowMs` still covers
 * (rounded up, so a whole number of hits, never fewer than the last `windowMs` may have held: refused once
 * the estimate passes the limit, as @fastify/rate-limit compares).
 */
export function sliding(current: number, previous: number, now: number, windowStart: number, windowMs: number): number {
  return current + Math.ceil(previous * Math.max(0, 1 - (now - windowStart) / windowMs));
}

/**
 * How long, in ms from `now`, until one more hit would be within `max` by the estimate of `sliding`:
 * within the current window when its own hits leave room (the previous window's weight shrinks), else in
 * the next one (where the current window's hits become the previous and shrink in turn). The end of the
 * current window when a hit would be within `max` already.
 */
export function slidingRetryMs(current: number, previous: number, now: number, windowStart: number, windowMs: number, max: number): number {
  const elapsed = now - windowStart;
  if (sliding(current + 1, previous, now, windowStart, windowMs) <= max) return windowStart + windowMs - now;
  if (current + 1 <= max) return Math.max(1, Math.ceil((windowMs * (previous - (max - current - 1))) / previous - elapsed));
  return Math.ceil(windowMs - elapsed + (windowMs * Math.max(0, current - (max - 1))) / current);
}
