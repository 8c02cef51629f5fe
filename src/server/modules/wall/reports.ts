/**
 * Reports of wall posts: a member reports a post of their group (once; again changes nothing), and the
 * platform administrators see the open reports, oldest first, then delete the post (its reports go with it)
 * or dismiss the report — each recorded in the audit log in the same transaction.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { WallReport } from '../../../contracts/wall';
import { rowsOf, type Conn, type Db } from '../../db/client';
import { wallPosts, wallReports } from '../../db/schema';
import { errors } from '../../errors';
import type { Viewer } from '../../auth/viewer';
import { recordAudit } from '../admin/audit';
import { requireMember } from '../groups/policy';
import { publishWallEvent } from '../live/publish';

/** Open reports listed at most. */
export const WALL_REPORTS_LISTED = 200;

/**
 * Reports a post of the group (the viewer's own included: they may want it looked at).
 * @throws AppError group_not_found, forbidden (requireMember), wall_post_not_found.
 */
export async function reportPost(db: Db, viewer: Pick<Viewer, 'userId'>, groupId: string, postId: string): Promise<void> {
  await requireMember(db, viewer, groupId);
  const [post] = await db.select({ id: wallPosts.id }).from(wallPosts).where(and(eq(wallPosts.id, postId), eq(wallPosts.groupId, groupId)));
  if (!post) throw errors.wallPostNotFound();
  await db.insert(wallReports).values({ postId, reporterId: viewer.userId }).onConflictDoNothing();
}

/** The open reports, oldest first, with the post, its group and author, and who reported it. */
export async function openWallReports(db: Conn): Promise<WallReport[]> {
  const rows = rowsOf<{
    id: string; created_at: string | Date; reporter_id: string; reporter: string;
    post_id: string; group_id: string; group_name: string; body: string; post_created_at: string | Date; author_id: string | null; author: string | null;
  }>(await db.execute(sql`
    select r.id, r.created_at, r.reporter_id, rp.username as reporter,
           p.id as post_id, p.group_id, g.name as group_name, p.body, p.created_at as post_created_at, p.author_id, ap.username as author
      from wall_reports r
      join wall_posts p on p.id = r.post_id
      join groups g on g.id = p.group_id
      join profiles rp on rp.user_id = r.reporter_id
      left join profiles ap on ap.user_id = p.author_id
     where r.dismissed_at is null
     order by r.created_at, r.id
     limit ${WALL_REPORTS_LISTED}`));
  return rows.map((row) => ({
    id: row.id,
    createdAt: new Date(row.created_at).toISOString(),
    reporter: { userId: row.reporter_id, username: row.reporter },
    post: {
      id: row.post_id, groupId: row.group_id, groupName: row.group_name, body: row.body, createdAt: new Date(row.post_created_at).toISOString(),
      author: { userId: row.author_id, username: row.author },
    },
  }));
}

/** The open report `reportId` with its post, locked. @throws AppError not_found. */
async function openReport(tx: Conn, reportId: string) {
  const [row] = rowsOf<{ post_id: string; group_id: string; body: string; author_id: string | null }>(await tx.execute(sql`
    select r.post_id, p.group_id, p.body, p.author_id from wall_reports r join wall_posts p on p.id = r.post_id
     where r.id = ${reportId}::uuid and r.dismissed_at is null for update of r, p`));
  if (!row) throw errors.notFound('Report');
  return row;
}

/**
 * Deletes the reported post (its other reports go with it), recorded in the audit log with its text.
 * @returns the post's group (for the live event). @throws AppError not_found (no such open report).
 */
export async function deleteReportedPost(db: Db, admin: Pick<Viewer, 'userId' | 'username'>, reportId: string): Promise<{ groupId: string; postId: string }> {
  return db.transaction(async (tx) => {
    const report = await openReport(tx, reportId);
    await tx.delete(wallPosts).where(eq(wallPosts.id, report.post_id));
    await publishWallEvent(tx, { groupId: report.group_id, postId: report.post_id, action: 'deleted' });
    await recordAudit(tx, admin, {
      action: 'wall_post.delete', subjectType: 'wall_post', subjectId: report.post_id, subjectLabel: report.body.slice(0, 80),
      before: { groupId: report.group_id, authorId: report.author_id, body: report.body }, reason: 'reported',
    });
    return { groupId: report.group_id, postId: report.post_id };
  });
}

/** Dismisses a report (the post stays), recorded in the audit log. @throws AppError not_found. */
export async function dismissReport(db: Db, admin: Pick<Viewer, 'userId' | 'username'>, reportId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const report = await openReport(tx, reportId);
    await tx.update(wallReports).set({ dismissedAt: sql`clock_timestamp()` }).where(eq(wallReports.id, reportId));
    await recordAudit(tx, admin, {
      action: 'wall_report.dismiss', subjectType: 'wall_post', subjectId: report.post_id, subjectLabel: report.body.slice(0, 80),
    });
  });
}
