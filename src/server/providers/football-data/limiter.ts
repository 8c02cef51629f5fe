/**
 * Request limiting for football-data.org: the interface the client calls before every request, and an
 * in-memory token bucket for tests and the CLI. The app's instances share one PostgreSQL-backed bucket
 * instead (table provider_buckets), so that together they stay under the limit.
 *
 * Rule: registered clients may send 10 requests a minute on the free plan, 30 on Standard, 60 above
 * ("Request-Throttling", https://docs.football-data.org/general/v4/policies.html).
 */
import { setTimeout as delay } from 'node:timers/promises';

/** Requests a minute allowed by football-data.org's free plan. */
export const FREE_PLAN_REQUESTS_PER_MINUTE = 10;

/** What the client asks before each request to a rate-limited provider. */
export interface RateLimiter {
  /** Resolves when one more request may be sent (waiting as long as needed); rejects to abort it. */
  acquire(): Promise<void>;
  /**
   * Optional: told after a 429 that the provider takes no request before `until`, so that a shared
   * limiter holds back every instance, not only the one that was refused.
   */
  blockUntil?(until: Date): Promise<void> | void;
}

/** Options of createMemoryLimiter. */
export interface MemoryLimiterOptions {
  /** Requests allowed a minute, and the most that may go in a burst; default 10 (free plan). */
  requestsPerMinute?: number;
  /** The clock, in milliseconds since the epoch; default Date.now. */
  now?: () => number;
  /** Waits the given milliseconds; default a timer. Tests pass one that moves their clock. */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * A token bucket held in this process: full at start (`requestsPerMinute` tokens), refilled evenly
 * (one token every 60 000 / requestsPerMinute ms). Callers are served one at a time, in order.
 * @returns a RateLimiter whose blockUntil empties the bucket and holds every caller until that instant.
 * @throws RangeError when requestsPerMinute is not a positive number.
 */
export function createMemoryLimiter(options: MemoryLimiterOptions = {}): RateLimiter {
  const capacity = options.requestsPerMinute ?? FREE_PLAN_REQUESTS_PER_MINUTE;
  if (!(capacity > 0) || !Number.isFinite(capacity)) throw new RangeError('requestsPerMinute must be a positive number');
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => delay(ms));
  const refillMs = 60_000 / capacity;

  let tokens = capacity;
  let refilledAt = now();
  let blockedUntil = 0;
  let queue: Promise<void> = Promise.resolve();

  const refill = () => {
    const time = now();
    tokens = Math.min(capacity, tokens + Math.max(0, time - refilledAt) / refillMs);
    refilledAt = time;
  };

  const take = async () => {
    for (;;) {
      refill();
      const time = now();
      if (time < blockedUntil) {
        await sleep(blockedUntil - time);
        continue;
      }
      if (tokens >= 1) {
        tokens -= 1;
        return;
      }
      await sleep(Math.ceil((1 - tokens) * refillMs));
    }
  };

  return {
    acquire() {
      const turn = queue.then(take);
      queue = turn.catch(() => undefined);
      return turn;
    },
    blockUntil(until: Date) {
      refill();
      tokens = 0;
      blockedUntil = Math.max(blockedUntil, until.getTime());
    },
  };
}
