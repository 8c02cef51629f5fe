/**
 * Deleting one's account (the Privacy page explains it): the profile, avatar, predictions and
 * memberships go; a group the person owns passes to its longest-standing admin, else its
 * longest-standing member, else (alone in it) is deleted. Then the Better Auth user goes with its
 * sessions and accounts (foreign keys cascade), so the session cookie stops working at once.
 *
 * The groups are left through the group administration services (transferOwnership, leaveGroup), so
 * member totals, round totals and the activity list stay exactly as when a member leaves; all of it is
 * one transaction (the services' own transactions become savepoints inside it).
 */
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Viewer } from '../../auth/viewer';
import type { Db } from '../../db/client';
import { groupMembers, memberRoundTotals, predictions, profiles, user, verification } from '../../db/schema';
import { errors } from '../../errors';
import { leaveGroup, transferOwnership } from '../groups/administration';
import type { AvatarStorage } from './avatar-storage';
import { requireOwnProfile } from './policy';
import { holdFolding } from '../scoring/fold';

/** What happened to the groups the person was in. */
export interface AccountDeletion {
  /** Groups left as a member or admin. */
  left: number;
  /** Groups handed to another member (the heir's user id). */
  transferred: { groupId: string; heirId: string }[];
  /** Groups deleted because the person was alone in them. */
  deleted: number;
}

/**
 * Deletes the viewer's account.
 * @param confirm the account's email, typed again (compared case-insensitively, spaces trimmed).
 * @throws AppError 403 forbidden (another person's account), 400 confirmation_mismatch.
 */
export async function deleteAccount(
  db: Db, storage: AvatarStorage, viewer: Viewer, userId: string, confirm: string,
  log?: { warn(object: object, message: string): void },
): Promise<AccountDeletion> {
  requireOwnProfile(viewer, userId);
  if (confirm.trim().toLowerCase() !== viewer.email.toLowerCase()) throw errors.confirmationMismatch('the account’s email');
  const outcome: AccountDeletion = { left: 0, transferred: [], deleted: 0 };
  const avatarKey = await db.transaction(async (tx) => {
    // The services take a database; a transaction is one (their transactions nest as savepoints).
    const conn: Db = tx;
    // Before any row is touched: no fold batch may write totals for this person while they go.
    await holdFolding(tx);
    // In group order: each departure locks its group, and saves lock groups in that order too (decision 011).
    const memberships = await tx.select({ groupId: groupMembers.groupId, role: groupMembers.role })
      .from(groupMembers).where(eq(groupMembers.userId, userId)).orderBy(asc(groupMembers.groupId));
    for (const { groupId, role } of memberships) {
      if (role === 'owner') {
        const [heir] = await tx.select({ userId: groupMembers.userId }).from(groupMembers)
          .where(and(eq(groupMembers.groupId, groupId), ne(groupMembers.userId, userId)))
          .orderBy(sql`case ${groupMembers.role} when 'admin' then 0 else 1 end`, asc(groupMembers.joinedAt), asc(groupMembers.userId))
          .limit(1);
        if (heir) {
          await transferOwnership(conn, viewer, groupId, heir.userId);
          outcome.transferred.push({ groupId, heirId: heir.userId });
        }
      }
      const { deleted } = await leaveGroup(conn, viewer, groupId);
      if (deleted) outcome.deleted += 1;
      else if (role !== 'owner') outcome.left += 1;
    }
    // Nothing should be left outside a membership; make sure no row outlives the person.
    await tx.delete(predictions).where(eq(predictions.userId, userId));
    await tx.delete(memberRoundTotals).where(eq(memberRoundTotals.userId, userId));
    const [profile] = await tx.select({ avatarKey: profiles.avatarKey }).from(profiles).where(eq(profiles.userId, userId));
    // Pending password-reset links point at the user id.
    await tx.delete(verification).where(eq(verification.value, userId));
    await tx.delete(profiles).where(eq(profiles.userId, userId));
    // Sessions and accounts (the password) cascade from the user row.
    await tx.delete(user).where(eq(user.id, userId));
    return profile?.avatarKey ?? null;
  });
  // After the commit: a failed transaction must not lose the image. A leftover file is only untidy.
  if (avatarKey) {
    await storage.delete(avatarKey).catch((error: unknown) => log?.warn({ err: error }, 'could not delete a deleted account’s avatar'));
  }
  return outcome;
}
