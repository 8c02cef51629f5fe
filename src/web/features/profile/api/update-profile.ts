/** Saving my profile (PATCH /api/profiles/{userId}): the page's data and the signed-in person's follow. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfileResponse, UpdateProfileRequest } from '../../../../contracts/profile';
import { apiRequest } from '../../../lib/api-client';
import { profileQueryKey } from './get-profile';

/**
 * Saves the given fields; resolves with the saved profile.
 * @throws ApiError validation_failed, username_taken, forbidden…
 */
export function useUpdateProfile(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateProfileRequest): Promise<Profile> =>
      (await apiRequest<ProfileResponse>(`/profiles/${encodeURIComponent(userId)}`, { method: 'PATCH', body })).profile,
    onSuccess: async (profile) => {
      client.setQueryData(profileQueryKey(userId), profile);
      // The header's name, avatar and language come from /api/me.
      await client.invalidateQueries({ queryKey: ['me'] });
    },
  });
}
