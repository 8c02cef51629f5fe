/**
 * A per-account limit on failed sign-ins, beside Better Auth's per-address one (auth.ts): guessing one
 * account's password from many addresses, or from behind a proxy wrongly trusted, is bounded too. At most
 * SIGN_IN_FAILURE_LIMIT.max failures in any SIGN_IN_FAILURE_LIMIT.windowMs (a sliding window: each failure
 * is a row of `sign_in_failures` with its instant); past that, sign-ins to the address are refused with
 * 429 until the oldest failure leaves the window, and the owner is mailed once, when the limit is reached.
 * A successful sign-in clears the count. Addresses are keyed by an HMAC under the server secret (no
 * address is stored), and unknown addresses are counted alike, so the limit tells nothing about accounts.
 */
import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';

/** 10 failed sign-ins to one address in 15 minutes (OWASP's authentication cheat sheet: lock out per account, with a notice). */
export const SIGN_IN_FAILURE_LIMIT = { max: 10, windowMs: 15 * 60_000 } as const;

/** Failed sign-ins by account. */
export interface SignInThrottle {
  /** Whether sign-ins to `email` are held (the limit reached within the window), as of now. */
  held(email: string): Promise<boolean>;
  /**
   * Records a failed sign-in to `email`. @returns the failures in the window, this one included; exactly
   * SIGN_IN_FAILURE_LIMIT.max once, when the limit is reached (the caller then tells the owner).
   */
  failed(email: string): Promise<number>;
  /** Forgets `email`'s failures (a successful sign-in). */
  succeeded(email: string): Promise<void>;
}

/** A throttle over `sign_in_failures`; `secret` keys the addresses, `now` is the clock (tests pass theirs). */
export function createSignInThrottle(db: Db, secret: string, now: () => Date = () => new Date()): SignInThrottle {
  const keyOf = (email: string) => createHmac('sha256', secret).update(`sign-in\n${email.trim().toLowerCase()}`).digest('base64url');
  const since = () => new Date(now().getTime() - SIGN_IN_FAILURE_LIMIT.windowMs).toISOString();
  return {
    async held(email) {
      const [row] = rowsOf<{ failures: number }>(await db.execute(sql`
        select count(*)::int as failures from sign_in_failures where account_key = ${keyOf(email)} and failed_at > ${since()}::timestamptz`));
      return (row?.failures ?? 0) >= SIGN_IN_FAILURE_LIMIT.max;
    },
    async failed(email) {
      const key = keyOf(email);
      const cutoff = since();
      // One statement: the failure is added, failures older than the window (every account's) go, and the
      // count is read from the snapshot before the insert, plus this one.
      const [row] = rowsOf<{ failures: number }>(await db.execute(sql`
        with added as (insert into sign_in_failures (account_key, failed_at) values (${key}, ${now().toISOString()}::timestamptz) returning 1),
             forgotten as (delete from sign_in_failures where failed_at <= ${cutoff}::timestamptz returning 1)
        select count(*)::int + 1 as failures from sign_in_failures where account_key = ${key} and failed_at > ${cutoff}::timestamptz`));
      return row?.failures ?? 1;
    },
    async succeeded(email) {
      await db.execute(sql`delete from sign_in_failures where account_key = ${keyOf(email)}`);
    },
  };
}
