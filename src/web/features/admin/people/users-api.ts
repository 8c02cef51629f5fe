/** The administrators' people: the list, one person with their groups, role and disabling, and resending the confirmation mail. */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminUserDetailResponse, AdminUsersResponse, UpdateUserRequest } from '../../../../contracts/admin';
import { apiRequest } from '../../../lib/api-client';
import { apiParams, type ListQuery } from '../lib/list-address';

/** The sorts GET /api/admin/users takes. */
export const USER_SORTS = ['username', 'email', 'createdAt', 'lastSignInAt'] as const;
/** A sort of the people list. */
export type UserSort = (typeof USER_SORTS)[number];
/** The API's default: newest first. */
export const USER_DEFAULT_SORT = { sort: 'createdAt', order: 'desc' } as const;

const userKey = (userId: string) => ['admin', 'user', userId] as const;

/** One page of people (the previous page stays shown while the next loads). */
export function useAdminUsers(query: ListQuery<UserSort>) {
  return useQuery({
    queryKey: ['admin', 'users', query],
    queryFn: () => apiRequest<AdminUsersResponse>(`/admin/users?${apiParams(query)}`),
    placeholderData: keepPreviousData,
  });
}

/** One person with their groups. */
export function useAdminUser(userId: string) {
  return useQuery({
    queryKey: userKey(userId),
    queryFn: () => apiRequest<AdminUserDetailResponse>(`/admin/users/${encodeURIComponent(userId)}`),
    enabled: userId !== '',
  });
}

/** Changes a person's role and/or disables (ending their sessions) or enables them; resolves with them. */
export function useUpdateUser(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserRequest) => apiRequest<AdminUserDetailResponse>(`/admin/users/${encodeURIComponent(userId)}`, { method: 'PATCH', body }),
    onSuccess: (data) => {
      client.setQueryData(userKey(userId), data);
      return client.invalidateQueries({ queryKey: ['admin'] });
    },
  });
}

/** Mails the person the link confirming their address again; resolves with whether a mail went (false: already confirmed). */
export function useResendVerification(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await apiRequest<{ sent: boolean }>(`/admin/users/${encodeURIComponent(userId)}/resend-verification`, { method: 'POST' })).sent,
    onSuccess: () => client.invalidateQueries({ queryKey: userKey(userId) }),
  });
}
