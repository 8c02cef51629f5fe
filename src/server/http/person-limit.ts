/**
 * Rate limits that follow a person (a user id) rather than an address: @fastify/rate-limit counts per
 * address in each instance's memory, which a person with several addresses or several app instances
 * behind a balancer would multiply. Hits are counted in fixed windows in PostgreSQL
 * (`rate_limit_windows`), one statement per hit, so every instance sees the same count, and judged as a
 * sliding window (the current window's hits plus the previous one's, weighted by how much of it the last
 * `windowMs` still covers: shared-rate-limit.ts `sliding`), so twice the limit never passes across a
 * window boundary.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Conn } from '../db/client';
import { AppError } from '../errors';
import { sliding, slidingRetryMs } from './shared-rate-limit';

/** A limit: at most `max` hits per `windowMs` milliseconds. */
export interface PersonLimit {
  /** What is limited ('join'); the key is `<name>:<user id>`. */
  name: string;
  max: number;
  windowMs: number;
}

/** Joining groups (by invite code or from Discover): 10 attempts a minute per person. */
export const JOIN_LIMIT: PersonLimit = { name: 'join', max: 10, windowMs: 60_000 };

/**
 * Counts one hit of `limit` for `userId` at `now` (the server's clock) and forgets the key's older windows.
 * @returns whether the hit is within the limit, and the seconds until the window ends.
 */
export async function hitPersonLimit(db: Conn, limit: PersonLimit, userId: string, now: Date = new Date()): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const key = `${limit.name}:${userId}`;
  const start = new Date(Math.floor(now.getTime() / limit.windowMs) * limit.windowMs);
  const previousStart = new Date(start.getTime() - limit.windowMs);
  const [row] = rowsOf<{ hits: number; previous: number }>(await db.execute(sql`
    with forgotten as (
      delete from rate_limit_windows where key = ${key} and window_start < ${previousStart.toISOString()}::timestamptz
    ), counted as (
      insert into rate_limit_windows (key, window_start, hits) values (${key}, ${start.toISOString()}::timestamptz, 1)
      on conflict (key, window_start) do update set hits = rate_limit_windows.hits + 1
      returning hits
    )
    select counted.hits, coalesce((select hits from rate_limit_windows where key = ${key} and window_start = ${previousStart.toISOString()}::timestamptz), 0) as previous
      from counted`));
  const [hits, previous] = [row?.hits ?? 1, row?.previous ?? 0];
  const estimate = sliding(hits, previous, now.getTime(), start.getTime(), limit.windowMs);
  const retryAfterSeconds = Math.max(1, Math.ceil(slidingRetryMs(hits, previous, now.getTime(), start.getTime(), limit.windowMs, limit.max) / 1000));
  return { allowed: estimate <= limit.max, retryAfterSeconds };
}

/**
 * Counts a hit and refuses it over the limit; does nothing when `enabled` is false (RATE_LIMIT=false).
 * @throws AppError 429 rate_limited when `userId` went over `limit` in the current window.
 */
export async function enforcePersonLimit(db: Conn, limit: PersonLimit, userId: string, options: { enabled?: boolean; now?: Date } = {}): Promise<void> {
  if (options.enabled === false) return;
  const { allowed, retryAfterSeconds } = await hitPersonLimit(db, limit, userId, options.now);
  if (!allowed) throw new AppError(429, 'rate_limited', `Too many attempts; try again in ${retryAfterSeconds} s.`);
}
