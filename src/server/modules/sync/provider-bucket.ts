/**
 * A token bucket in PostgreSQL (table provider_buckets), shared by every app instance and the CLI, so
 * together they stay within a provider's request allowance (football-data.org's free tier: 10 requests a
 * minute). Taking a token is one UPDATE that refills by the time elapsed and takes one only when one is
 * there; otherwise the caller sleeps until the next token is due and tries again. After an HTTP 429 the
 * caller blocks the bucket until the provider's reset time.
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';

/** The limiter a provider's client calls before each request (the RateLimiter of providers/football-data/limiter.ts). */
export interface ProviderBucket {
  /** Resolves when a request may be sent (a token was taken). */
  acquire(): Promise<void>;
  /** Nobody sends a request for `ms` milliseconds (the provider answered 429). */
  blockFor(ms: number): Promise<void>;
  /** Nobody sends a request before `until` (the provider's reset time after a 429). */
  blockUntil(until: Date): Promise<void>;
}

/**
 * A bucket holding at most `burst` tokens, refilled at `requestsPerMinute` a minute: over any minute at
 * most requestsPerMinute + burst − 1 requests go out (burst 1: exactly the allowance, evenly spaced).
 * @param sleep waits (tests pass their own); at most `maxWaitMs` in all per acquire, then it throws.
 * @throws Error from acquire when no token came within maxWaitMs.
 */
export function createProviderBucket(
  db: Db, provider: string,
  options: { burst: number; requestsPerMinute: number; maxWaitMs?: number; sleep?: (ms: number) => Promise<void> },
): ProviderBucket {
  const { burst: capacity, maxWaitMs = 5 * 60_000, sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms)) } = options;
  const perSecond = options.requestsPerMinute / 60;
  const refilled = sql`least(${capacity}::float8, b.tokens + extract(epoch from (clock_timestamp() - b.refilled_at)) * ${perSecond}::float8)`;
  return {
    async acquire() {
      await db.execute(sql`
        insert into provider_buckets (provider, tokens, refilled_at) values (${provider}, ${capacity}, clock_timestamp())
        on conflict (provider) do nothing`);
      let waited = 0;
      for (;;) {
        const [taken] = rowsOf<{ ok: boolean }>(await db.execute(sql`
          update provider_buckets b set tokens = ${refilled} - 1, refilled_at = clock_timestamp()
           where b.provider = ${provider} and (b.blocked_until is null or b.blocked_until <= clock_timestamp()) and ${refilled} >= 1
          returning true as ok`));
        if (taken) return;
        const [state] = rowsOf<{ wait_ms: number }>(await db.execute(sql`
          select greatest(
                   coalesce(extract(epoch from (b.blocked_until - clock_timestamp())) * 1000, 0),
                   (1 - ${refilled}) / ${perSecond}::float8 * 1000,
                   10) as wait_ms
            from provider_buckets b where b.provider = ${provider}`));
        const wait = Math.ceil(Number(state?.wait_ms ?? 1_000));
        if (waited + wait > maxWaitMs) throw new Error(`${provider}: no request allowed within ${Math.round(maxWaitMs / 1000)} s (rate limit)`);
        waited += wait;
        await sleep(wait);
      }
    },
    async blockUntil(until) {
      await this.blockFor(Math.max(0, until.getTime() - Date.now()));
    },
    async blockFor(ms) {
      await db.execute(sql`
        insert into provider_buckets (provider, tokens, refilled_at, blocked_until)
        values (${provider}, 0, clock_timestamp(), clock_timestamp() + make_interval(secs => ${ms / 1000}))
        on conflict (provider) do update set tokens = 0, refilled_at = clock_timestamp(),
          blocked_until = greatest(coalesce(provider_buckets.blocked_until, clock_timestamp()), excluded.blocked_until)`);
    },
  };
}
