/** Groups: list mine, read one, create, join, ranking. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  groupListResponse, groupResponse, rankingResponse, type CreateGroupRequest,
} from '../../../../contracts/groups';
import { apiRequest } from '../../../lib/api-client';

export const myGroupsQuery = queryOptions({
  queryKey: ['groups'],
  queryFn: async () => (await apiRequest('/groups', groupListResponse)).groups,
});

export const groupQuery = (groupId: string) =>
  queryOptions({ queryKey: ['groups', groupId], queryFn: async () => (await apiRequest(`/groups/${groupId}`, groupResponse)).group });

export const rankingQuery = (groupId: string) =>
  queryOptions({ queryKey: ['groups', groupId, 'ranking'], queryFn: async () => (await apiRequest(`/groups/${groupId}/ranking`, rankingResponse)).ranking });

export const useMyGroups = () => useQuery(myGroupsQuery);
export const useGroup = (groupId: string) => useQuery(groupQuery(groupId));
export const useRanking = (groupId: string) => useQuery(rankingQuery(groupId));

export function useCreateGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateGroupRequest) => (await apiRequest('/groups', groupResponse, { method: 'POST', body })).group,
    onSuccess: () => client.invalidateQueries({ queryKey: ['groups'] }),
  });
}

export function useJoinGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (inviteCode: string) => (await apiRequest('/groups/join', groupResponse, { method: 'POST', body: { inviteCode } })).group,
    onSuccess: () => client.invalidateQueries({ queryKey: ['groups'] }),
  });
}
