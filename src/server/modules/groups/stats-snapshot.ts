/**
 * The stored stats pages of large groups (table group_stats_snapshots): what an app instance serves, while
 * one refresh runs, when it has no stats page of the group in memory (ranking-cache.ts `stored`).
 */
import { eq, sql } from 'drizzle-orm';
import type { Conn } from '../../db/client';
import { groupStatsSnapshots } from '../../db/schema';

/** The group's stored stats page (the JSON text of GET /api/groups/:groupId/stats), or undefined when none is stored. */
export async function readStatsSnapshot(db: Conn, groupId: string): Promise<string | undefined> {
  const [row] = await db.select({ stats: groupStatsSnapshots.stats }).from(groupStatsSnapshots).where(eq(groupStatsSnapshots.groupId, groupId));
  return row?.stats;
}

/**
 * Stores the group's stats page, replacing the one stored. A group deleted meanwhile stores nothing (no error).
 */
export async function writeStatsSnapshot(db: Conn, groupId: string, stats: string): Promise<void> {
  await db.execute(sql`
    insert into group_stats_snapshots (group_id, stats, computed_at)
    select id, ${stats}, now() from groups where id = ${groupId}::uuid
    on conflict (group_id) do update set stats = excluded.stats, computed_at = excluded.computed_at`);
}

/**
 * Forgets the group's stored stats page: a member left or was removed (their name and figures must not
 * outlive them there), or the predictions were reset. In the caller's transaction.
 */
export async function forgetStatsSnapshot(db: Conn, groupId: string): Promise<void> {
  await db.delete(groupStatsSnapshots).where(eq(groupStatsSnapshots.groupId, groupId));
}
