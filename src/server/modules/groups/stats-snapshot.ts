/**
 * The stored stats pages of large groups (table group_stats_snapshots): what an app instance serves, while
 * one refresh runs, when it has no stats page of the group in memory (ranking-cache.ts `stored`).
 *
 * A stored page must never name someone who is no longer a member (they left, were removed, or deleted
 * their account), whichever instance computed it and from whichever database (a replica may lag): the
 * write stores a page only if every member it lists is a member now, read after any member's removal in
 * flight has committed (those take the group's row lock first: forgetStatsSnapshot, which also deletes
 * the stored page).
 */
import { eq, sql } from 'drizzle-orm';
import { rowsOf, type Conn } from '../../db/client';
import { groupMembers, groupStatsSnapshots } from '../../db/schema';

/** The group's stored stats page (the JSON text of GET /api/groups/:groupId/stats), or undefined when none is stored. */
export async function readStatsSnapshot(db: Conn, groupId: string): Promise<string | undefined> {
  const [row] = await db.select({ stats: groupStatsSnapshots.stats }).from(groupStatsSnapshots).where(eq(groupStatsSnapshots.groupId, groupId));
  return row?.stats;
}

/**
 * Stores the group's stats page (its JSON text; `members[].userId` lists who it names), replacing the one
 * stored, unless someone it names is no longer a member, or the group is gone: then nothing is stored.
 * Waits for a member's removal or a reset in flight on the group (their row lock) before checking.
 * @returns whether the page was stored.
 * @throws SyntaxError when `stats` is not JSON; the database's error when the statement fails.
 */
export async function writeStatsSnapshot(db: Conn, groupId: string, stats: string): Promise<boolean> {
  const named = (JSON.parse(stats) as { members?: { userId: string }[] }).members?.map((member) => member.userId) ?? [];
  return db.transaction(async (tx) => {
    const group = rowsOf(await tx.execute(sql`select id from groups where id = ${groupId}::uuid for share`));
    if (group.length === 0) return false;
    const stored = rowsOf(await tx.execute(sql`
      insert into group_stats_snapshots (group_id, stats, computed_at)
      select ${groupId}::uuid, ${stats}, now()
       where not exists (
         select 1 from jsonb_array_elements_text(${JSON.stringify(named)}::jsonb) as page(user_id)
          where not exists (select 1 from group_members m where m.group_id = ${groupId}::uuid and m.user_id = page.user_id))
      on conflict (group_id) do update set stats = excluded.stats, computed_at = excluded.computed_at
      returning group_id`));
    return stored.length > 0;
  });
}

/**
 * Forgets the group's stored stats page, in the caller's transaction and before it removes a member (their
 * name and figures must not outlive them there) or resets the predictions: it takes the group's row lock
 * for the rest of that transaction, so a stored page being written meanwhile waits for it, then sees its
 * outcome (writeStatsSnapshot).
 */
export async function forgetStatsSnapshot(tx: Conn, groupId: string): Promise<void> {
  await tx.execute(sql`select id from groups where id = ${groupId}::uuid for no key update`);
  await tx.delete(groupStatsSnapshots).where(eq(groupStatsSnapshots.groupId, groupId));
}

/**
 * Forgets the stored stats pages of every group the person belongs to (their username changed: the old
 * one must not stay stored). In the caller's transaction.
 */
export async function forgetStatsSnapshotsOfMember(db: Conn, userId: string): Promise<void> {
  await db.delete(groupStatsSnapshots).where(sql`${groupStatsSnapshots.groupId} in (select ${groupMembers.groupId} from ${groupMembers} where ${groupMembers.userId} = ${userId})`);
}
