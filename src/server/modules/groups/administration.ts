/**
 * Group administration: the owner and admins edit the group, (de)activate
 * it, regenerate the invite code, reset predictions, cap members, promote and remove members; the owner
 * transfers ownership and deletes the group; members leave. Each write is one transaction that also keeps
 * member_round_totals exact (a removed member's or reset group's totals go with their
 * predictions) and records who did what in group_activity.
 */
import { aliasedTable, and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { UpdateGroupRequest } from '../../../contracts/group-admin';
import { updateGroupRequest } from '../../../contracts/group-admin';
import type { Group } from '../../../contracts/groups';
import type { Conn, Db, Tx } from '../../db/client';
import { bonusAnswers, groupActivity, groupMembers, groups, memberBonusTotals, memberRoundTotals, predictions, profiles } from '../../db/schema';
import { errors } from '../../errors';
import type { Viewer } from '../../auth/viewer';
import { generateInviteCode } from './invite-code';
import { requireMember, type GroupAccess } from './policy';
import { getGroup } from './service';
import { forgetStatsSnapshot } from './stats-snapshot';
import { holdFolding } from '../scoring/fold';

/** The viewer's access when they are the group's owner or an admin. @throws forbidden for members. */
async function requireAdmin(tx: Conn, viewer: Viewer, groupId: string): Promise<GroupAccess> {
  const access = await requireMember(tx, viewer, groupId);
  if (access.role === 'member') throw errors.forbidden('Only the group’s owner and admins can do this.');
  return access;
}

/** The viewer's access when they own the group. @throws forbidden otherwise. */
async function requireOwner(tx: Conn, viewer: Viewer, groupId: string): Promise<GroupAccess> {
  const access = await requireMember(tx, viewer, groupId);
  if (access.role !== 'owner') throw errors.forbidden('Only the group’s owner can do this.');
  return access;
}

async function record(tx: Tx, groupId: string, actorId: string, action: string, detail: Record<string, unknown> = {}) {
  await tx.insert(groupActivity).values({ groupId, actorId, action, detail });
}

/**
 * Locks the group's row FOR UPDATE before a transaction deletes predictions of the group (a member's
 * removal or departure, a reset): a save under way in the group (it holds the row FOR KEY SHARE) commits
 * first and its predictions are deleted too; a save arriving later waits for this transaction, then finds
 * the membership gone (decision 011). Taken before any row lock, after the folding locks (holdFolding),
 * in the order every deleting transaction takes them, so none waits on another in a circle.
 */
async function lockGroupAgainstSaves(tx: Tx, groupId: string) {
  await tx.execute(sql`select 1 from groups where id = ${groupId}::uuid for update`);
}

/**
 * Removes a member's predictions, bonus answers and totals from a group (their points leave the ranking), and the group's
 * stored stats page, which names them. Locks the group against saves first.
 */
async function forgetMember(tx: Tx, groupId: string, userId: string) {
  await holdFolding(tx);
  await lockGroupAgainstSaves(tx, groupId);
  await forgetStatsSnapshot(tx, groupId);
  await tx.delete(predictions).where(and(eq(predictions.groupId, groupId), eq(predictions.userId, userId)));
  await tx.delete(memberRoundTotals).where(and(eq(memberRoundTotals.groupId, groupId), eq(memberRoundTotals.userId, userId)));
  // Their bonus answers and points: the membership locked first, so an answer being saved (it holds the
  // membership FOR KEY SHARE) is committed before, and deleted here, or finds the membership gone after.
  await tx.execute(sql`select 1 from group_members where group_id = ${groupId}::uuid and user_id = ${userId} for update`);
  await tx.delete(bonusAnswers).where(and(eq(bonusAnswers.groupId, groupId), eq(bonusAnswers.userId, userId)));
  await tx.delete(memberBonusTotals).where(and(eq(memberBonusTotals.groupId, groupId), eq(memberBonusTotals.userId, userId)));
}

/** Deletes a group: its totals (no foreign key) here, memberships by cascade, predictions by trigger (migration 0025). */
async function removeGroup(tx: Tx, groupId: string) {
  await holdFolding(tx);
  await tx.delete(memberRoundTotals).where(eq(memberRoundTotals.groupId, groupId));
  await tx.delete(groups).where(eq(groups.id, groupId));
}

async function newInviteCode(tx: Tx, groupId: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const code = generateInviteCode();
    const [taken] = await tx.select({ id: groups.id }).from(groups).where(eq(groups.inviteCode, code));
    if (taken) continue;
    await tx.update(groups).set({ inviteCode: code, updatedAt: new Date() }).where(eq(groups.id, groupId));
    return;
  }
  throw new Error('could not draw a free invite code');
}

async function memberCount(tx: Tx, groupId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(groupMembers).where(eq(groupMembers.groupId, groupId));
  return row?.n ?? 0;
}

/**
 * Edits name, description, colour, visibility, member cap or status (deactivated: read-only).
 * @throws AppError forbidden, group_not_found, validation_failed (a cap below the member count).
 */
export async function updateGroup(db: Db, viewer: Viewer, groupId: string, input: UpdateGroupRequest): Promise<Group> {
  const body = updateGroupRequest.parse(input);
  await db.transaction(async (tx) => {
    await requireAdmin(tx, viewer, groupId);
    if (body.memberCap != null && body.memberCap < (await memberCount(tx, groupId))) {
      throw errors.validation('The member cap cannot be below the current number of members.');
    }
    await tx.update(groups).set({ ...body, updatedAt: new Date() }).where(eq(groups.id, groupId));
    const action = body.status === 'deactivated' ? 'group_deactivated' : body.status === 'active' ? 'group_reactivated' : 'group_updated';
    await record(tx, groupId, viewer.userId, action, { fields: Object.keys(body) });
  });
  return getGroup(db, viewer, groupId);
}

/** Draws a new invite code; the old one stops working at once. @throws forbidden, group_not_found. */
export async function regenerateInviteCode(db: Db, viewer: Viewer, groupId: string): Promise<Group> {
  await db.transaction(async (tx) => {
    await requireAdmin(tx, viewer, groupId);
    await newInviteCode(tx, groupId);
    await record(tx, groupId, viewer.userId, 'invite_code_regenerated');
  });
  return getGroup(db, viewer, groupId);
}

/**
 * Deletes every prediction of the group and its totals (the ranking starts again).
 * @param confirm must equal the group's name.
 * @throws AppError forbidden, group_not_found, confirmation_mismatch.
 */
export async function resetPredictions(db: Db, viewer: Viewer, groupId: string, confirm: string): Promise<void> {
  await db.transaction(async (tx) => {
    await requireAdmin(tx, viewer, groupId);
    const [group] = await tx.select({ name: groups.name }).from(groups).where(eq(groups.id, groupId));
    if (!group || group.name !== confirm.trim()) throw errors.confirmationMismatch('the group’s name');
    await holdFolding(tx);
    await lockGroupAgainstSaves(tx, groupId);
    await forgetStatsSnapshot(tx, groupId);
    await tx.delete(predictions).where(eq(predictions.groupId, groupId));
    await tx.delete(memberRoundTotals).where(eq(memberRoundTotals.groupId, groupId));
    await record(tx, groupId, viewer.userId, 'predictions_reset');
  });
}

/** The group's members, owner first, then admins, then by joining date. @throws group_not_found, forbidden. */
export async function listMembers(db: Db, viewer: Viewer, groupId: string) {
  await requireMember(db, viewer, groupId);
  const rows = await db
    .select({ userId: groupMembers.userId, username: profiles.username, role: groupMembers.role, joinedAt: groupMembers.joinedAt })
    .from(groupMembers)
    .innerJoin(profiles, eq(profiles.userId, groupMembers.userId))
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(sql`case ${groupMembers.role} when 'owner' then 0 when 'admin' then 1 else 2 end`, asc(groupMembers.joinedAt));
  return rows.map((row) => ({ ...row, joinedAt: row.joinedAt.toISOString() }));
}

/**
 * Promotes a member to admin or demotes an admin (owner only; the owner's own role changes by transfer).
 * @throws AppError forbidden, not_found (no such member).
 */
export async function setMemberRole(db: Db, viewer: Viewer, groupId: string, userId: string, role: 'admin' | 'member'): Promise<void> {
  await db.transaction(async (tx) => {
    await requireOwner(tx, viewer, groupId);
    const [target] = await tx.select({ role: groupMembers.role }).from(groupMembers).where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
    if (!target) throw errors.notFound('Member');
    if (target.role === 'owner') throw errors.forbidden('The owner’s role changes only by transferring the group.');
    await tx.update(groupMembers).set({ role }).where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
    await record(tx, groupId, viewer.userId, role === 'admin' ? 'member_promoted' : 'member_demoted', { userId });
  });
}

/**
 * Removes a member: their predictions leave the ranking, and the invite code changes so they can rejoin
 * only with a new one. Admins remove members; only the owner removes admins; nobody removes the owner.
 * @throws AppError forbidden, not_found.
 */
export async function removeMember(db: Db, viewer: Viewer, groupId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const access = await requireAdmin(tx, viewer, groupId);
    const [target] = await tx.select({ role: groupMembers.role }).from(groupMembers).where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
    if (!target) throw errors.notFound('Member');
    if (target.role === 'owner') throw errors.forbidden('The owner cannot be removed.');
    if (target.role === 'admin' && access.role !== 'owner') throw errors.forbidden('Only the owner can remove an admin.');
    await forgetMember(tx, groupId, userId);
    await tx.delete(groupMembers).where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
    await newInviteCode(tx, groupId);
    await record(tx, groupId, viewer.userId, 'member_removed', { userId });
  });
}

/**
 * Makes another member the owner; the previous owner stays as an admin.
 * @throws AppError forbidden (not the owner), not_found (not a member).
 */
export async function transferOwnership(db: Db, viewer: Viewer, groupId: string, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await requireOwner(tx, viewer, groupId);
    if (userId === viewer.userId) throw errors.validation('You already own this group.');
    const [target] = await tx.select({ role: groupMembers.role }).from(groupMembers).where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
    if (!target) throw errors.notFound('Member');
    await tx.update(groupMembers).set({ role: 'admin' }).where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, viewer.userId)));
    await tx.update(groupMembers).set({ role: 'owner' }).where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId)));
    await tx.update(groups).set({ ownerId: userId, updatedAt: new Date() }).where(eq(groups.id, groupId));
    await record(tx, groupId, viewer.userId, 'ownership_transferred', { userId });
  });
}

/**
 * Leaves a group (predictions and totals go). The owner must transfer first, unless alone: then the
 * group is deleted. @returns whether the group was deleted. @throws AppError owner_must_transfer.
 */
export async function leaveGroup(db: Db, viewer: Viewer, groupId: string): Promise<{ deleted: boolean }> {
  return db.transaction(async (tx) => {
    const access = await requireMember(tx, viewer, groupId);
    if (access.role === 'owner') {
      if ((await memberCount(tx, groupId)) > 1) throw errors.ownerMustTransfer();
      await removeGroup(tx, groupId);
      return { deleted: true };
    }
    await forgetMember(tx, groupId, viewer.userId);
    await tx.delete(groupMembers).where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, viewer.userId)));
    await record(tx, groupId, viewer.userId, 'member_left');
    return { deleted: false };
  });
}

/**
 * Deletes the group with everything in it (owner only).
 * @param confirm must equal the group's name. @throws AppError forbidden, confirmation_mismatch.
 */
export async function deleteGroup(db: Db, viewer: Viewer, groupId: string, confirm: string): Promise<void> {
  await db.transaction(async (tx) => {
    await requireOwner(tx, viewer, groupId);
    const [group] = await tx.select({ name: groups.name }).from(groups).where(eq(groups.id, groupId));
    if (!group || group.name !== confirm.trim()) throw errors.confirmationMismatch('the group’s name');
    await removeGroup(tx, groupId);
  });
}

/** The group's last 50 administrative actions, newest first (owner and admins). */
export async function groupActivityLog(db: Db, viewer: Viewer, groupId: string) {
  await requireAdmin(db, viewer, groupId);
  const subject = aliasedTable(profiles, 'subject');
  const rows = await db
    .select({ action: groupActivity.action, actor: profiles.username, subject: subject.username, detail: groupActivity.detail, createdAt: groupActivity.createdAt })
    .from(groupActivity)
    .leftJoin(profiles, eq(profiles.userId, groupActivity.actorId))
    // The member an action concerned (removed, promoted, new owner), by the id kept in its detail.
    .leftJoin(subject, eq(subject.userId, sql`${groupActivity.detail}->>'userId'`))
    .where(eq(groupActivity.groupId, groupId))
    .orderBy(desc(groupActivity.createdAt))
    .limit(50);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
