/**
 * ADMIN_EMAILS at start: accounts whose address is listed become Platform Administrators, also when
 * they signed up before the address was listed — only accounts whose address was confirmed, so signing
 * up first with a listed address gives nobody the role. Promotion only: removing an address from the
 * list does not demote anyone (an administrator may have been appointed otherwise).
 */
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../db/client';

/**
 * Promotes the confirmed accounts of `emails` (compared case-insensitively). Does nothing when
 * `requireEmailVerification` is off: then no address is ever proven (grant the role with
 * `npm run user:role` instead).
 * @returns how many profiles were promoted.
 */
export async function promoteAdmins(db: Db, emails: readonly string[], requireEmailVerification = true): Promise<number> {
  if (emails.length === 0 || !requireEmailVerification) return 0;
  const list = sql.join(emails.map((email) => sql`${email.toLowerCase()}`), sql`, `);
  const result = await db.execute(sql`
    with promoted as (
      update profiles set role = 'Platform Administrator', updated_at = now()
       where role <> 'Platform Administrator'
         and user_id in (select id from "user" where email_verified and lower(email) in (${list}))
      returning 1
    )
    select count(*)::int as count from promoted`);
  return Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
}
