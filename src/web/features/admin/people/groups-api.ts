/** The administrators' groups: the list, one group with its members, deactivating/reactivating and deleting. */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AdminGroup, AdminGroupDetailResponse, AdminGroupsResponse } from '../../../../contracts/admin';
import { apiRequest } from '../../../lib/api-client';
import { apiParams, type ListQuery } from '../lib/list-address';

/** The sorts GET /api/admin/groups takes. */
export const GROUP_SORTS = ['name', 'members', 'createdAt'] as const;
/** A sort of the groups list. */
export type GroupSort = (typeof GROUP_SORTS)[number];
/** The API's default: newest first. */
export const GROUP_DEFAULT_SORT = { sort: 'createdAt', order: 'desc' } as const;

const groupKey = (groupId: string) => ['admin', 'group', groupId] as const;

/**
 * Every admin query, and the members' own group views (a status or a deletion shows there too), refetched;
 * but `except`'s own detail (a deleted group, whose page is being left).
 */
function refreshGroups(client: QueryClient, except?: string) {
  return Promise.all([
    client.invalidateQueries({ queryKey: ['admin'], predicate: (q) => except === undefined || q.queryKey[1] !== 'group' || q.queryKey[2] !== except }),
    client.invalidateQueries({ queryKey: ['groups'] }),
  ]);
}

/** One page of groups (the previous page stays shown while the next loads). */
export function useAdminGroups(query: ListQuery<GroupSort>) {
  return useQuery({
    queryKey: ['admin', 'groups', query],
    queryFn: () => apiRequest<AdminGroupsResponse>(`/admin/groups?${apiParams(query)}`),
    placeholderData: keepPreviousData,
  });
}

/** One group with its members; not asked while `enabled` is false (an id that is no UUID). */
export function useAdminGroup(groupId: string, enabled = true) {
  return useQuery({
    queryKey: groupKey(groupId),
    queryFn: () => apiRequest<AdminGroupDetailResponse>(`/admin/groups/${groupId}`),
    enabled,
  });
}

/** Deactivates or reactivates a group; resolves with it. */
export function useSetGroupStatus(groupId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (status: AdminGroup['status']) => apiRequest<AdminGroupDetailResponse>(`/admin/groups/${groupId}`, { method: 'PATCH', body: { status } }),
    onSuccess: (data) => {
      client.setQueryData(groupKey(groupId), data);
      return refreshGroups(client);
    },
  });
}

/**
 * Deletes a group for good (memberships, predictions and totals with it). Its detail is not asked again
 * (it would only answer "not found" while the page is left); `forget` drops it once the page is gone.
 */
export function useDeleteGroup(groupId: string) {
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: () => apiRequest<null>(`/admin/groups/${groupId}`, { method: 'DELETE' }),
    onSuccess: () => refreshGroups(client, groupId),
  });
  return { ...mutation, forget: () => client.removeQueries({ queryKey: groupKey(groupId) }) };
}
