/**
 * The profile that goes with every Better Auth user: created at sign-up (or repaired on first use),
 * with a unique username (case-insensitive).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { usernameFromEmail } from '../../contracts/auth';

export { usernameFromEmail };

/** Whether another profile (than `exceptUserId`'s) already has this username, case-insensitively. */
export async function usernameTaken(db: Db, username: string, exceptUserId?: string): Promise<boolean> {
  const rows = await db
    .select({ userId: schema.profiles.userId })
    .from(schema.profiles)
    .where(and(
      eq(sql`lower(${schema.profiles.username})`, username.toLowerCase()),
      exceptUserId ? ne(schema.profiles.userId, exceptUserId) : undefined,
    ))
    .limit(1);
  return rows.length > 0;
}


/**
 * Creates a profile, adding a numeric suffix when the username is taken (a race between two
 * sign-ups choosing the same name, or a name derived from an email).
 * @throws Error when no free username is found in 20 attempts.
 */
export async function createProfile(
  db: Db,
  profile: { userId: string; username: string; fullName: string; role: 'Regular User' | 'Platform Administrator'; phone?: string | null; language?: string | null },
): Promise<void> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const username = attempt === 0 ? profile.username : `${profile.username.slice(0, 24)}${attempt + 1}`;
    const inserted = await db
      .insert(schema.profiles)
      .values({ ...profile, username })
      .onConflictDoNothing()
      .returning({ userId: schema.profiles.userId });
    if (inserted.length > 0) return;
    const existing = await db.select().from(schema.profiles).where(eq(schema.profiles.userId, profile.userId));
    if (existing.length > 0) return;
  }
  throw new Error('could not find a free username');
}
