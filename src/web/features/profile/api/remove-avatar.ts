/** Removing my avatar (DELETE /api/profiles/{userId}/avatar): the generated initials come back. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileResponse } from '../../../../contracts/profile';
import { apiRequest } from '../../../lib/api-client';
import { profileQueryKey } from './get-profile';

/** Removes my uploaded avatar; the page's profile and /api/me follow. @throws ApiError forbidden, internal. */
export function useRemoveAvatar(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => (await apiRequest<ProfileResponse>(`/profiles/${encodeURIComponent(userId)}/avatar`, { method: 'DELETE' })).profile,
    onSuccess: async (profile) => {
      client.setQueryData(profileQueryKey(userId), profile);
      await client.invalidateQueries({ queryKey: ['me'] });
    },
  });
}
