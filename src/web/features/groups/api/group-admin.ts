/** Group administration calls (owner and admins; the server checks every one). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { activityResponse, membersResponse, UpdateGroupRequest } from '../../../../contracts/group-admin';
import type { groupResponse } from '../../../../contracts/groups';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** The group's members with their roles. */
export const useMembers = (groupId: string) =>
  useQuery({ queryKey: ['groups', groupId, 'members'], queryFn: async () => (await apiRequest<z.infer<typeof membersResponse>>(`/groups/${groupId}/members`)).members });

/** The group's last administrative actions (owner and admins). */
export const useActivity = (groupId: string, enabled: boolean) =>
  useQuery({ queryKey: ['groups', groupId, 'activity'], queryFn: async () => (await apiRequest<z.infer<typeof activityResponse>>(`/groups/${groupId}/activity`)).activity, enabled });

/** One mutation per administrative action; each refreshes the group's data when done. */
export function useGroupAdmin(groupId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['groups'] });
  const base = `/groups/${groupId}`;
  return {
    update: useMutation({ mutationFn: (body: UpdateGroupRequest) => apiRequest<z.infer<typeof groupResponse>>(base, { method: 'PATCH', body }), onSuccess: refresh }),
    regenerate: useMutation({ mutationFn: () => apiRequest<z.infer<typeof groupResponse>>(`${base}/invite-code`, { method: 'POST' }), onSuccess: refresh }),
    reset: useMutation({ mutationFn: (confirm: string) => apiRequest<unknown>(`${base}/reset-predictions`, { method: 'POST', body: { confirm } }), onSuccess: refresh }),
    setRole: useMutation({ mutationFn: ({ userId, role }: { userId: string; role: 'admin' | 'member' }) => apiRequest<unknown>(`${base}/members/${encodeURIComponent(userId)}/role`, { method: 'PUT', body: { role } }), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (userId: string) => apiRequest<unknown>(`${base}/members/${encodeURIComponent(userId)}`, { method: 'DELETE' }), onSuccess: refresh }),
    transfer: useMutation({ mutationFn: (userId: string) => apiRequest<unknown>(`${base}/transfer`, { method: 'POST', body: { userId } }), onSuccess: refresh }),
    deleteGroup: useMutation({ mutationFn: (confirm: string) => apiRequest<unknown>(base, { method: 'DELETE', body: { confirm } }), onSuccess: refresh }),
    leave: useMutation({ mutationFn: () => apiRequest<{ deleted: boolean }>(`${base}/leave`, { method: 'POST' }), onSuccess: refresh }),
  };
}
