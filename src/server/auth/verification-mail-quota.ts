/**
 * How many verification mails one address may receive: at most VERIFICATION_MAIL_LIMIT.max in any
 * VERIFICATION_MAIL_LIMIT.windowMs (the resend limit). A sign-in attempt on an unconfirmed account sends
 * a new link only when none went out in that window, so repeated sign-in attempts never flood an inbox.
 *
 * Counted per address — whether or not an account has it, so the limit answers a stranger's address
 * exactly as it answers an unconfirmed account's (no enumeration through the 429) — as rows of Better
 * Auth's `verification` table (identifier `verification-mail:<sha-256 of the address>`, expiring when
 * they leave the window), shared by every app instance. A reservation counts and records in one
 * transaction under an advisory lock on the address, so parallel requests never exceed the limit and
 * never answer "sent" for a mail that was not.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { verification } from '../db/schema';

/** At most 3 verification mails per address in 15 minutes. */
export const VERIFICATION_MAIL_LIMIT = { max: 3, windowMs: 15 * 60_000 } as const;

/** Why a mail would go out: a resend request (up to the limit), a sign-in attempt (only if none lately), a sign-up. */
export type VerificationMailCause = 'resend' | 'sign-in' | 'sign-up';

const key = (email: string) => `verification-mail:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;

/**
 * Reserves a verification mail to `email` at `now` when the rule for `cause` allows it, recording it.
 * @returns whether the mail may go out.
 */
export async function reserveVerificationMail(db: Db, email: string, now: Date, cause: VerificationMailCause): Promise<boolean> {
  const identifier = key(email);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${identifier}))`);
    await tx.delete(verification).where(and(eq(verification.identifier, identifier), lte(verification.expiresAt, now)));
    const [row] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(verification)
      .where(and(eq(verification.identifier, identifier), gt(verification.expiresAt, now)));
    const sent = Number(row?.count ?? 0);
    if (sent >= VERIFICATION_MAIL_LIMIT.max || (cause === 'sign-in' && sent > 0)) return false;
    await tx.insert(verification).values({
      id: randomUUID(),
      identifier,
      value: now.toISOString(),
      expiresAt: new Date(now.getTime() + VERIFICATION_MAIL_LIMIT.windowMs),
    });
    return true;
  });
}
