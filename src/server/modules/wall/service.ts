/**
 * A group's wall (src/domain/wall.ts): members post plain text on the wall or in a match's thread, change
 * or delete their own posts (the group's owner and admins delete any, recorded in the activity), react, and
 * see how many posts by others arrived since they last looked. Nothing here fills in a prediction: a
 * thread is only what members write. A page is one statement through (group, time); 10 posts a minute and
 * 200 a day per member (429 beyond), counted under a per-member advisory lock so two posts at once cannot
 * both pass. Every change is announced on the group's event stream ('wall' events: that group's streams only). Members only; a deactivated group's wall is read-only, a wall turned off shows and takes nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { WallPost, WallResponse } from '../../../contracts/wall';
import {
  WALL_PAGE_SIZE, WALL_POSTS_PER_DAY, WALL_POSTS_PER_MINUTE, WALL_REACTIONS, wallPostText, type WallReaction,
} from '../../../domain/wall';
import { rowsOf, type Conn, type Db } from '../../db/client';
import { groupActivity, groups, matches, wallPosts, wallReactions, wallReads } from '../../db/schema';
import { errors } from '../../errors';
import type { Viewer } from '../../auth/viewer';
import { avatarUrl } from '../profile/avatar-url';
import { requireActiveMember, requireMember, type GroupAccess } from '../groups/policy';
import { publishWallEvent } from '../live/publish';

/** Advisory lock namespace (first key) of a member's posting; the second key is hashtext(user id). */
export const WALL_LOCK_KEY = 7_240_615;
/** Unread posts are counted up to this many (the tab shows "99+"). */
export const WALL_UNREAD_CAP = 100;

/** A post's reactions as the statement gives them. */
type ReactionRows = { reaction: WallReaction; count: number; mine: boolean }[];

interface PostRow {
  id: string; author_id: string | null; username: string | null; avatar_url: string | null; member: boolean;
  match_id: string | null; body: string; created_at: string | Date; edited_at: string | Date | null;
  reactions: ReactionRows | string;
}

/**
 * The posts of a group (or one post) with their authors and reactions, newest first: one statement. The
 * page is picked first, through the (group, time) index (a match's thread: the (group, match, time) one),
 * then only its posts are joined to their authors and reactions.
 */
function postsSql(groupId: string, viewerId: string, filter: { matchId?: string; before?: string; postId?: string }, limit: number) {
  return sql`
    with page as (
      select * from wall_posts p
       where p.group_id = ${groupId}::uuid
         ${filter.postId ? sql`and p.id = ${filter.postId}::uuid` : sql``}
         ${filter.matchId ? sql`and p.match_id = ${filter.matchId}::uuid` : sql``}
         ${filter.before ? sql`and (p.created_at, p.id) < (select b.created_at, b.id from wall_posts b where b.id = ${filter.before}::uuid and b.group_id = ${groupId}::uuid)` : sql``}
       -- As the index orders them (a plain DESC would sort nulls first, and the index could not give the order).
       order by p.created_at desc nulls last, p.id desc nulls last
       limit ${limit}
    )
    select p.id, p.author_id, pr.username, pr.avatar_url, gm.user_id is not null as member, p.match_id, p.body, p.created_at, p.edited_at,
           coalesce((select json_agg(json_build_object('reaction', r.reaction, 'count', r.n, 'mine', r.mine))
                       from (select reaction, count(*)::int as n, bool_or(user_id = ${viewerId}) as mine
                               from wall_reactions where post_id = p.id group by reaction) r), '[]'::json) as reactions
      from page p
      left join profiles pr on pr.user_id = p.author_id
      left join group_members gm on gm.group_id = p.group_id and gm.user_id = p.author_id
     order by p.created_at desc nulls last, p.id desc nulls last`;
}

/** The statement of a wall's first page as the viewer reads it (exported for EXPLAIN in tests and benchmarks). */
export function wallPageQuery(groupId: string, viewerId: string) {
  return postsSql(groupId, viewerId, {}, WALL_PAGE_SIZE + 1);
}

/** A post row as the API sends it. */
function present(row: PostRow, viewer: Pick<Viewer, 'userId'>, access: GroupAccess): WallPost {
  const reactions: ReactionRows = typeof row.reactions === 'string' ? JSON.parse(row.reactions) as ReactionRows : row.reactions;
  const mine = row.author_id === viewer.userId;
  return {
    id: row.id,
    author: {
      userId: row.author_id, username: row.username,
      avatarUrl: row.author_id === null ? null : row.avatar_url ?? avatarUrl(row.author_id, null),
      member: row.member === true,
    },
    matchId: row.match_id,
    body: row.body,
    createdAt: new Date(row.created_at).toISOString(),
    editedAt: row.edited_at === null ? null : new Date(row.edited_at).toISOString(),
    reactions: [...reactions].sort((a, b) => WALL_REACTIONS.indexOf(a.reaction) - WALL_REACTIONS.indexOf(b.reaction))
      .map((r) => ({ reaction: r.reaction, count: Number(r.count), mine: r.mine === true })),
    mine,
    canDelete: mine || access.role !== 'member',
  };
}

/** Whether the group's wall is on. */
async function wallEnabled(db: Conn, groupId: string): Promise<boolean> {
  const [row] = await db.select({ enabled: groups.wallEnabled }).from(groups).where(eq(groups.id, groupId));
  return row?.enabled === true;
}

/**
 * A page of the group's wall (or of a match's thread), newest first, WALL_PAGE_SIZE posts before `before`,
 * and how many posts by others arrived since the viewer last saw the wall (up to WALL_UNREAD_CAP).
 * @throws AppError group_not_found, forbidden (requireMember).
 */
export async function wallPage(db: Conn, viewer: Pick<Viewer, 'userId'>, groupId: string, query: { matchId?: string; before?: string }): Promise<WallResponse> {
  const access = await requireMember(db, viewer, groupId);
  if (!(await wallEnabled(db, groupId))) return { enabled: false, posts: [], more: false, unread: 0 };
  const rows = rowsOf<PostRow>(await db.execute(postsSql(groupId, viewer.userId, query, WALL_PAGE_SIZE + 1)));
  const [unread] = rowsOf<{ n: number }>(await db.execute(sql`
    select count(*)::int as n from (
      select 1 from wall_posts p
       where p.group_id = ${groupId}::uuid and p.author_id is distinct from ${viewer.userId}
         and p.created_at > coalesce((select seen_at from wall_reads where group_id = ${groupId}::uuid and user_id = ${viewer.userId}), '-infinity')
       limit ${WALL_UNREAD_CAP}) u`));
  return {
    enabled: true,
    posts: rows.slice(0, WALL_PAGE_SIZE).map((row) => present(row, viewer, access)),
    more: rows.length > WALL_PAGE_SIZE,
    unread: Number(unread?.n ?? 0),
  };
}

/** One post of the group as the viewer sees it. @throws AppError wall_post_not_found. */
async function onePost(db: Conn, viewer: Pick<Viewer, 'userId'>, access: GroupAccess, postId: string): Promise<WallPost> {
  const [row] = rowsOf<PostRow>(await db.execute(postsSql(access.groupId, viewer.userId, { postId }, 1)));
  if (!row) throw errors.wallPostNotFound();
  return present(row, viewer, access);
}

/** The text of a post as stored. @throws AppError validation_failed (empty, too long). */
function checkedText(body: string): string {
  const checked = wallPostText(body);
  if ('error' in checked) throw errors.validation(checked.error === 'empty' ? 'Write something first.' : 'A post is at most 1,000 characters.');
  return checked.text;
}

/**
 * Writes a post on the group's wall, or in a match's thread when `matchId` is given.
 * @throws AppError group_not_found, forbidden, group_inactive, wall_off (409), match_not_found (not in the
 *   group's league), validation_failed (empty or too long), wall_limit (429: 10 a minute, 200 a day).
 */
export async function writePost(db: Db, viewer: Pick<Viewer, 'userId'>, groupId: string, input: { body: string; matchId?: string | null }): Promise<WallPost> {
  const text = checkedText(input.body);
  return db.transaction(async (tx) => {
    const access = await requireActiveMember(tx, viewer, groupId);
    if (!(await wallEnabled(tx, groupId))) throw errors.wallOff();
    if (input.matchId) {
      const [match] = await tx.select({ id: matches.id }).from(matches).where(and(eq(matches.id, input.matchId), eq(matches.leagueId, access.leagueId)));
      if (!match) throw errors.matchNotFound();
    }
    // One member's posts take turns: each counts the ones before it.
    await tx.execute(sql`select pg_advisory_xact_lock(${WALL_LOCK_KEY}, hashtext(${viewer.userId}))`);
    const [counts] = rowsOf<{ minute: number; day: number }>(await tx.execute(sql`
      select count(*) filter (where created_at > clock_timestamp() - interval '1 minute')::int as minute, count(*)::int as day
        from wall_posts where author_id = ${viewer.userId} and created_at > clock_timestamp() - interval '1 day'`));
    if (Number(counts?.minute ?? 0) >= WALL_POSTS_PER_MINUTE) throw errors.wallLimit(`You can write ${WALL_POSTS_PER_MINUTE} posts a minute: wait a moment.`);
    if (Number(counts?.day ?? 0) >= WALL_POSTS_PER_DAY) throw errors.wallLimit(`You can write ${WALL_POSTS_PER_DAY} posts a day: try again tomorrow.`);
    const [created] = await tx.insert(wallPosts)
      .values({ groupId, authorId: viewer.userId, matchId: input.matchId ?? null, body: text, createdAt: sql`clock_timestamp()` })
      .returning({ id: wallPosts.id });
    await publishWallEvent(tx, { groupId, postId: created!.id, action: 'posted' });
    return onePost(tx, viewer, access, created!.id);
  });
}

/**
 * Changes the text of the viewer's own post (marked edited).
 * @throws AppError group_not_found, forbidden (not the author), group_inactive, wall_off, wall_post_not_found, validation_failed.
 */
export async function editPost(db: Db, viewer: Pick<Viewer, 'userId'>, groupId: string, postId: string, body: string): Promise<WallPost> {
  const text = checkedText(body);
  return db.transaction(async (tx) => {
    const access = await requireActiveMember(tx, viewer, groupId);
    if (!(await wallEnabled(tx, groupId))) throw errors.wallOff();
    const [post] = await tx.select({ authorId: wallPosts.authorId }).from(wallPosts)
      .where(and(eq(wallPosts.id, postId), eq(wallPosts.groupId, groupId))).for('update');
    if (!post) throw errors.wallPostNotFound();
    if (post.authorId !== viewer.userId) throw errors.forbidden('Only its author can change a post.');
    await tx.update(wallPosts).set({ body: text, editedAt: sql`clock_timestamp()` }).where(eq(wallPosts.id, postId));
    await publishWallEvent(tx, { groupId, postId, action: 'edited' });
    return onePost(tx, viewer, access, postId);
  });
}

/**
 * Deletes a post: the viewer's own, or any as the group's owner or an admin (recorded in the activity,
 * without its text). A deactivated group's admins may still delete.
 * @throws AppError group_not_found, forbidden, wall_post_not_found.
 */
export async function deletePost(db: Db, viewer: Pick<Viewer, 'userId'>, groupId: string, postId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const access = await requireMember(tx, viewer, groupId);
    const [post] = await tx.select({ authorId: wallPosts.authorId }).from(wallPosts)
      .where(and(eq(wallPosts.id, postId), eq(wallPosts.groupId, groupId))).for('update');
    if (!post) throw errors.wallPostNotFound();
    const own = post.authorId === viewer.userId;
    if (!own && access.role === 'member') throw errors.forbidden('Only its author, or the group’s owner and admins, can delete a post.');
    await tx.delete(wallPosts).where(eq(wallPosts.id, postId));
    await publishWallEvent(tx, { groupId, postId, action: 'deleted' });
    if (!own) await tx.insert(groupActivity).values({ groupId, actorId: viewer.userId, action: 'wall_post_deleted', detail: { authorId: post.authorId } });
  });
}

/**
 * Gives (`on`) or takes back a reaction of the viewer's to a post of the group; giving one twice, or taking
 * back one not given, changes nothing.
 * @throws AppError group_not_found, forbidden, group_inactive, wall_off, wall_post_not_found.
 */
export async function react(db: Db, viewer: Pick<Viewer, 'userId'>, groupId: string, postId: string, reaction: WallReaction, on: boolean): Promise<WallPost> {
  return db.transaction(async (tx) => {
    const access = await requireActiveMember(tx, viewer, groupId);
    if (!(await wallEnabled(tx, groupId))) throw errors.wallOff();
    const [post] = await tx.select({ id: wallPosts.id }).from(wallPosts).where(and(eq(wallPosts.id, postId), eq(wallPosts.groupId, groupId))).for('key share');
    if (!post) throw errors.wallPostNotFound();
    if (on) await tx.insert(wallReactions).values({ postId, userId: viewer.userId, reaction }).onConflictDoNothing();
    else await tx.delete(wallReactions).where(and(eq(wallReactions.postId, postId), eq(wallReactions.userId, viewer.userId), eq(wallReactions.reaction, reaction)));
    await publishWallEvent(tx, { groupId, postId, action: 'reacted' });
    return onePost(tx, viewer, access, postId);
  });
}

/** Marks the group's wall seen by the viewer now (its posts so far are no longer unread). @throws AppError group_not_found, forbidden. */
export async function markWallSeen(db: Db, viewer: Pick<Viewer, 'userId'>, groupId: string): Promise<void> {
  await requireMember(db, viewer, groupId);
  await db.insert(wallReads).values({ groupId, userId: viewer.userId, seenAt: sql`clock_timestamp()` })
    .onConflictDoUpdate({ target: [wallReads.groupId, wallReads.userId], set: { seenAt: sql`clock_timestamp()` } });
}
