/** Group administration calls (owner and admins; the server checks every one). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { activityResponse, membersResponse, type UpdateGroupRequest } from '../../../../contracts/group-admin';
import { groupResponse } from '../../../../contracts/groups';
import { apiRequest } from '../../../lib/api-client';

const empty = z.unknown();

/** The group's members with their roles. */
export const useMembers = (groupId: string) =>
  useQuery({ queryKey: ['groups', groupId, 'members'], queryFn: async () => (await apiRequest(`/groups/${groupId}/members`, membersResponse)).members });

/** The group's last administrative actions (owner and admins). */
export const useActivity = (groupId: string, enabled: boolean) =>
  useQuery({ queryKey: ['groups', groupId, 'activity'], queryFn: async () => (await apiRequest(`/groups/${groupId}/activity`, activityResponse)).activity, enabled });

/** One mutation per administrative action; each refreshes the group's data when done. */
export function useGroupAdmin(groupId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['groups'] });
  const base = `/groups/${groupId}`;
  return {
    update: useMutation({ mutationFn: (body: UpdateGroupRequest) => apiRequest(base, groupResponse, { method: 'PATCH', body }), onSuccess: refresh }),
    regenerate: useMutation({ mutationFn: () => apiRequest(`${base}/invite-code`, groupResponse, { method: 'POST' }), onSuccess: refresh }),
    reset: useMutation({ mutationFn: (confirm: string) => apiRequest(`${base}/reset-predictions`, empty, { method: 'POST', body: { confirm } }), onSuccess: refresh }),
    setRole: useMutation({ mutationFn: ({ userId, role }: { userId: string; role: 'admin' | 'member' }) => apiRequest(`${base}/members/${encodeURIComponent(userId)}/role`, empty, { method: 'PUT', body: { role } }), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (userId: string) => apiRequest(`${base}/members/${encodeURIComponent(userId)}`, empty, { method: 'DELETE' }), onSuccess: refresh }),
    transfer: useMutation({ mutationFn: (userId: string) => apiRequest(`${base}/transfer`, empty, { method: 'POST', body: { userId } }), onSuccess: refresh }),
    deleteGroup: useMutation({ mutationFn: (confirm: string) => apiRequest(base, empty, { method: 'DELETE', body: { confirm } }), onSuccess: refresh }),
    leave: useMutation({ mutationFn: () => apiRequest(`${base}/leave`, z.object({ deleted: z.boolean() }), { method: 'POST' }), onSuccess: refresh }),
  };
}
