/**
 * A per-account limit on failed sign-ins, beside Better Auth's per-address one (auth.ts): guessing one
 * account's password from many addresses, or from behind a proxy wrongly trusted, is bounded too. At most
 * SIGN_IN_FAILURE_LIMIT.max failures in any SIGN_IN_FAILURE_LIMIT.windowMs (a sliding window: each failure
 * is a row of `sign_in_failures` with its instant, written before the password is checked); past that,
 * sign-ins to the address are refused with 429 until the oldest attempt leaves the window (refused
 * attempts count too: the hold lasts while the guessing does), and the owner is mailed at most once a
 * window, when the limit is reached. A successful sign-in or a new password clears the count. Addresses are keyed by an HMAC under the server secret (no
 * address is stored), and unknown addresses are counted alike, so the limit tells nothing about accounts.
 */
import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';

/** 10 failed sign-ins to one address in 15 minutes (OWASP's authentication cheat sheet: lock out per account, with a notice). */
export const SIGN_IN_FAILURE_LIMIT = { max: 10, windowMs: 15 * 60_000 } as const;

/** What an attempt found: its place among the window's attempts, and whether to tell the owner now. */
export interface SignInAttempt {
  /** Unconfirmed attempts in the window, this one included: over SIGN_IN_FAILURE_LIMIT.max, refuse it. */
  count: number;
  /** True once a window: the limit was just reached and no notice went out for this address within the window. */
  notify: boolean;
}

/** Failed sign-ins by account. */
export interface SignInThrottle {
  /**
   * Counts a sign-in attempt to `email` before its password is checked (so parallel guesses cannot all
   * pass a count read before any of them was written; attempts to one address are serialised by an
   * advisory lock on PostgreSQL). An attempt stays counted as a failure unless `succeeded` clears it.
   */
  attempt(email: string): Promise<SignInAttempt>;
  /** Forgets `email`'s failures (a successful sign-in, a new password). */
  succeeded(email: string): Promise<void>;
}

/** How often every account's expired rows are swept, at most, in ms (each attempt sweeps its own account's). */
const SWEEP_EVERY_MS = 60_000;

/** A throttle over `sign_in_failures`; `secret` keys the addresses, `now` is the clock (tests pass theirs). */
export function createSignInThrottle(db: Db, secret: string, now: () => Date = () => new Date()): SignInThrottle {
  const keyOf = (email: string) => createHmac('sha256', secret).update(`sign-in\n${email.trim().toLowerCase()}`).digest('base64url');
  let sweptAt = 0;
  return {
    async attempt(email) {
      const key = keyOf(email);
      const at = now();
      const cutoff = new Date(at.getTime() - SIGN_IN_FAILURE_LIMIT.windowMs).toISOString();
      const result = await db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
        const [row] = rowsOf<{ count: number; notified: boolean }>(await tx.execute(sql`
          with forgotten as (delete from sign_in_failures where account_key in (${key}, ${`${key}:notice`}) and failed_at <= ${cutoff}::timestamptz),
               added as (insert into sign_in_failures (account_key, failed_at) values (${key}, ${at.toISOString()}::timestamptz))
          select (select count(*)::int from sign_in_failures where account_key = ${key} and failed_at > ${cutoff}::timestamptz) + 1 as count,
                 exists (select 1 from sign_in_failures where account_key = ${`${key}:notice`} and failed_at > ${cutoff}::timestamptz) as notified`));
        const count = row?.count ?? 1;
        const notify = count === SIGN_IN_FAILURE_LIMIT.max && !row?.notified;
        if (notify) await tx.execute(sql`insert into sign_in_failures (account_key, failed_at) values (${`${key}:notice`}, ${at.toISOString()}::timestamptz)`);
        return { count, notify };
      });
      if (at.getTime() - sweptAt >= SWEEP_EVERY_MS) {
        sweptAt = at.getTime();
        await db.execute(sql`delete from sign_in_failures where failed_at <= ${cutoff}::timestamptz`);
      }
      return result;
    },
    async succeeded(email) {
      await db.execute(sql`delete from sign_in_failures where account_key = ${keyOf(email)}`);
    },
  };
}
