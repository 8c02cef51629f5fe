/**
 * A group's wall (src/contracts/wall.ts): its pages of posts (GET /api/groups/:groupId/wall, 30 a page
 * newest first; `matchId` for a match's thread, `before` for older ones), writing, editing, deleting,
 * reacting, reporting, and marking it seen. The cached pages live under ['groups', groupId, 'wall', …], so
 * the group's live events (a `wall` event, a resync) and the group-wide invalidations refetch them.
 */
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import type { WallPost, WallResponse } from '../../../../contracts/wall';
import type { WallReaction } from '../../../../domain/wall';
import { apiRequest } from '../../../lib/api-client';
import { GROUP_PAGE_FRESH_MS } from '../../groups/api/groups';

/** The cached pages of every wall query of a group (the wall itself and its match threads). */
export const wallKeyOf = (groupId: string) => ['groups', groupId, 'wall'] as const;
/** The wall's pages (`matchId` null), or one match's thread. */
const wallKey = (groupId: string, matchId: string | null) => ['groups', groupId, 'wall', matchId ?? 'all'] as const;

type WallPages = InfiniteData<WallResponse, string | null>;

/**
 * The wall's posts page by page (or a match's thread with `matchId`); the first page also says whether
 * the wall is on and how many posts are unread (the group page reads that for the tab's badge).
 */
export const useWall = (groupId: string, matchId: string | null = null, enabled = true) =>
  useInfiniteQuery({
    queryKey: wallKey(groupId, matchId),
    staleTime: GROUP_PAGE_FRESH_MS,
    enabled,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams();
      if (matchId) query.set('matchId', matchId);
      if (pageParam) query.set('before', pageParam);
      const search = query.toString();
      return apiRequest<WallResponse>(`/groups/${groupId}/wall${search ? `?${search}` : ''}`);
    },
    getNextPageParam: (last) => (last.more && last.posts.length > 0 ? last.posts[last.posts.length - 1]!.id : undefined),
  });

/** Puts `change` on every cached copy of a post in the group's wall queries (null: the post is gone). */
function updateCachedPost(client: QueryClient, groupId: string, postId: string, change: WallPost | null): void {
  client.setQueriesData<WallPages>({ queryKey: wallKeyOf(groupId) }, (data) => data && {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      posts: change ? page.posts.map((post) => (post.id === postId ? change : post)) : page.posts.filter((post) => post.id !== postId),
    })),
  });
}

/**
 * The wall's actions. Each rejects with an ApiError (validation_failed, wall_off, wall_limit,
 * wall_post_not_found, forbidden, group_inactive…); a post changed or reacted to is put in the cache as
 * the server answers it, a new one refetches the pages (it may belong at the top of several).
 */
export function useWallActions(groupId: string) {
  const client = useQueryClient();
  const base = `/groups/${groupId}/wall`;
  const refetch = () => client.invalidateQueries({ queryKey: wallKeyOf(groupId) });
  return {
    write: useMutation({
      mutationFn: async (input: { body: string; matchId?: string | null }) =>
        (await apiRequest<{ post: WallPost }>(base, { method: 'POST', body: input.matchId ? input : { body: input.body } })).post,
      onSuccess: refetch,
    }),
    edit: useMutation({
      mutationFn: async ({ postId, body }: { postId: string; body: string }) =>
        (await apiRequest<{ post: WallPost }>(`${base}/${postId}`, { method: 'PATCH', body: { body } })).post,
      onSuccess: (post) => updateCachedPost(client, groupId, post.id, post),
    }),
    remove: useMutation({
      mutationFn: (postId: string) => apiRequest<null>(`${base}/${postId}`, { method: 'DELETE' }),
      onSuccess: (_, postId) => updateCachedPost(client, groupId, postId, null),
      // Already gone (deleted elsewhere): the pages are behind.
      onError: refetch,
    }),
    react: useMutation({
      mutationFn: async ({ postId, reaction, on }: { postId: string; reaction: WallReaction; on: boolean }) =>
        (await apiRequest<{ post: WallPost }>(`${base}/${postId}/reactions/${reaction}`, { method: on ? 'PUT' : 'DELETE' })).post,
      onSuccess: (post) => updateCachedPost(client, groupId, post.id, post),
      onError: refetch,
    }),
    report: useMutation({
      mutationFn: (postId: string) => apiRequest<null>(`${base}/${postId}/report`, { method: 'POST' }),
    }),
  };
}

/**
 * Marks the wall seen (POST …/wall/seen): the unread count of the cached first pages becomes 0 at once,
 * without fetching the posts again.
 */
export function useMarkWallSeen(groupId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<null>(`/groups/${groupId}/wall/seen`, { method: 'POST' }),
    onSuccess: () => client.setQueriesData<WallPages>({ queryKey: wallKeyOf(groupId) }, (data) => data && {
      ...data,
      pages: data.pages.map((page) => ({ ...page, unread: 0 })),
    }),
  });
}
