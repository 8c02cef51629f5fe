/** Groups: list mine, read one, create, join (by code or public), ranking, Discover. */
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  discoverResponse, groupListResponse, groupResponse, rankingResponse, CreateGroupRequest, GroupPreviewResponse, JoinGroupResponse,
} from '../../../../contracts/groups';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/**
 * How long the answers a group page opens with count as fresh (ms): a focus of the window or a return to
 * the page within it does not ask for them all again. Changes reach an open page through its live events
 * and the mutations' invalidations, which refetch whatever the age.
 */
export const GROUP_PAGE_FRESH_MS = 5_000;

export const myGroupsQuery = queryOptions({
  queryKey: ['groups'],
  staleTime: GROUP_PAGE_FRESH_MS,
  queryFn: async () => (await apiRequest<z.infer<typeof groupListResponse>>('/groups')).groups,
});

/** Query options for one group (GET /api/groups/:groupId). */
export const groupQuery = (groupId: string) =>
  queryOptions({ queryKey: ['groups', groupId], staleTime: GROUP_PAGE_FRESH_MS, queryFn: async () => (await apiRequest<z.infer<typeof groupResponse>>(`/groups/${groupId}`)).group });

/** Query options for one page of a group's ranking (rows best first, plus my row and the last row on page 1). */
export const rankingQuery = (groupId: string, page = 1) =>
  queryOptions({ queryKey: ['groups', groupId, 'ranking', page], staleTime: GROUP_PAGE_FRESH_MS, queryFn: () => apiRequest<z.infer<typeof rankingResponse>>(`/groups/${groupId}/ranking?page=${page}`) });

/** The groups I belong to, newest first. */
export const useMyGroups = () => useQuery(myGroupsQuery);
/** One group I belong to; errors with group_not_found or forbidden otherwise. */
export const useGroup = (groupId: string, enabled = true) => useQuery({ ...groupQuery(groupId), enabled });
/** A page of a group's ranking (the previous page of the same group stays shown while the next loads). */
export const useRanking = (groupId: string, page = 1) =>
  useQuery({ ...rankingQuery(groupId, page), placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === groupId ? previous : undefined) });

/** Creates a group (I become its owner); resolves with the group, including its invite code. */
export function useCreateGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateGroupRequest) => (await apiRequest<z.infer<typeof groupResponse>>('/groups', { method: 'POST', body })).group,
    onSuccess: () => client.invalidateQueries({ queryKey: ['groups'] }),
  });
}

/**
 * Joins the group of an invite code: the group and whether I was already in it; rejects with
 * invalid_invite_code, group_inactive, group_full or rate_limited.
 */
export function useJoinGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (inviteCode: string) => apiRequest<JoinGroupResponse>('/groups/join', { method: 'POST', body: { inviteCode } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['groups'] }),
  });
}

/** Public groups for Discover, page by page (cursor), searched and filtered. */
export function useDiscover(q: string, leagueId: string) {
  return useInfiniteQuery({
    queryKey: ['groups', 'discover', q, leagueId],
    initialPageParam: '',
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams();
      if (q.trim()) params.set('q', q.trim());
      if (leagueId) params.set('leagueId', leagueId);
      if (pageParam) params.set('cursor', pageParam);
      return apiRequest<z.infer<typeof discoverResponse>>(`/groups/discover?${params.toString()}`);
    },
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/** A public group's card for someone not in it (GET /api/groups/:groupId/preview); errors with group_not_found otherwise. */
export const useGroupPreview = (groupId: string) =>
  useQuery({ queryKey: ['groups', groupId, 'preview'], queryFn: async () => (await apiRequest<GroupPreviewResponse>(`/groups/${groupId}/preview`)).group });

/** Joins a public group without a code. */
export function useJoinPublicGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (groupId: string) => (await apiRequest<JoinGroupResponse>(`/groups/${groupId}/join`, { method: 'POST' })).group,
    onSuccess: () => client.invalidateQueries({ queryKey: ['groups'] }),
  });
}
