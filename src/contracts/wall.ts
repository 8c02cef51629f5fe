/**
 * A group's wall (src/domain/wall.ts): GET /api/groups/:groupId/wall (a page of posts, newest first; with
 * `matchId`, that match's thread), POST to write, PATCH and DELETE …/wall/:postId, PUT and DELETE
 * …/wall/:postId/reactions/:reaction, POST …/wall/seen. Members only.
 */
import { z } from 'zod';
import { WALL_REACTIONS } from '../domain/wall';
import { instant, uuidParam } from './common';

export const wallParams = z.object({ groupId: uuidParam, postId: uuidParam });
export const wallReactionParams = z.object({ groupId: uuidParam, postId: uuidParam, reaction: z.enum(WALL_REACTIONS) });
/** A page: the posts before `before` (a post's id; none: the newest), on the wall or in a match's thread. */
export const wallQuery = z.object({ matchId: uuidParam.optional(), before: uuidParam.optional() });
/** What a member writes (trimmed and checked by src/domain/wall.ts wallPostText); `matchId`: in that match's thread. */
export const wallPostRequest = z.object({ body: z.string().max(5_000), matchId: uuidParam.nullable().optional() });
export const wallEditRequest = z.object({ body: z.string().max(5_000) });

export const wallPost = z.object({
  id: z.uuid(),
  /** The author; `userId` null once their account is deleted; `member` false once they left or were removed. */
  author: z.object({ userId: z.string().nullable(), username: z.string().nullable(), avatarUrl: z.string().nullable(), member: z.boolean() }),
  matchId: z.uuid().nullable(),
  body: z.string(),
  createdAt: instant,
  /** When its author last changed it ("edited"); null if never. */
  editedAt: instant.nullable(),
  /** Each reaction given, with how many and whether mine is among them, in WALL_REACTIONS order. */
  reactions: z.array(z.object({ reaction: z.enum(WALL_REACTIONS), count: z.number().int(), mine: z.boolean() })),
  /** Whether I wrote it (I may change it); whether I may delete it (mine, or I am the group's owner or an admin). */
  mine: z.boolean(),
  canDelete: z.boolean(),
});
export type WallPost = z.infer<typeof wallPost>;

export const wallResponse = z.object({
  /** Whether the wall is on (off: no posts are shown or taken). */
  enabled: z.boolean(),
  posts: z.array(wallPost),
  /** Whether older posts exist (ask with `before` the last post's id). */
  more: z.boolean(),
  /** Posts by others on the wall (threads included) since I last saw it. */
  unread: z.number().int(),
});
export type WallResponse = z.infer<typeof wallResponse>;
export const wallPostResponse = z.object({ post: wallPost });

/** GET /api/admin/wall-reports: the open reports, oldest first (platform administrators). */
export const wallReport = z.object({
  id: z.uuid(),
  createdAt: instant,
  reporter: z.object({ userId: z.string(), username: z.string() }),
  post: z.object({
    id: z.uuid(), groupId: z.uuid(), groupName: z.string(), body: z.string(), createdAt: instant,
    author: z.object({ userId: z.string().nullable(), username: z.string().nullable() }),
  }),
});
export type WallReport = z.infer<typeof wallReport>;
export const wallReportsResponse = z.object({ reports: z.array(wallReport) });
export const wallReportParams = z.object({ reportId: uuidParam });
