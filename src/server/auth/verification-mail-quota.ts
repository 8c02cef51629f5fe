/**
 * How many verification mails one address may receive: at most VERIFICATION_MAIL_LIMIT.max in any
 * VERIFICATION_MAIL_LIMIT.windowMs (the resend limit). A sign-in attempt on an unconfirmed account sends
 * a new link only when none went out in that window, so repeated sign-in attempts never flood an inbox.
 * Each mail sent is a row of Better Auth's `verification` table (identifier `verification-mail:<user
 * id>`, expiring when it leaves the window), shared by every app instance.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { verification } from '../db/schema';

/** At most 3 verification mails per address in 15 minutes. */
export const VERIFICATION_MAIL_LIMIT = { max: 3, windowMs: 15 * 60_000 } as const;

const key = (userId: string) => `verification-mail:${userId}`;

/** How many verification mails went to the user in the current window, as of `now`. */
export async function recentVerificationMails(db: Db, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(verification)
    .where(and(eq(verification.identifier, key(userId)), gt(verification.expiresAt, now)));
  return Number(row?.count ?? 0);
}

/**
 * Records a verification mail sent to the user at `now`, and forgets the ones that left the window.
 */
export async function recordVerificationMail(db: Db, userId: string, now: Date): Promise<void> {
  await db.delete(verification).where(and(eq(verification.identifier, key(userId)), lte(verification.expiresAt, now)));
  await db.insert(verification).values({
    id: randomUUID(),
    identifier: key(userId),
    value: now.toISOString(),
    expiresAt: new Date(now.getTime() + VERIFICATION_MAIL_LIMIT.windowMs),
  });
}
