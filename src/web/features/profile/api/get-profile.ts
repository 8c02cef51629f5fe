/** My profile for the profile page (GET /api/profiles/{userId}; the server answers only its owner). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProfileResponse } from '../../../../contracts/profile';
import { apiRequest } from '../../../lib/api-client';

/** Query key of a profile; the mutations of this feature update it. */
export const profileQueryKey = (userId: string) => ['profile', userId] as const;

/** Query options for my profile. */
export const profileQuery = (userId: string) =>
  queryOptions({
    queryKey: profileQueryKey(userId),
    queryFn: async () => (await apiRequest<ProfileResponse>(`/profiles/${encodeURIComponent(userId)}`)).profile,
  });

/** My profile (`userId` is mine, from useMe); disabled until it is known. */
export const useProfile = (userId: string | undefined) => useQuery({ ...profileQuery(userId ?? ''), enabled: Boolean(userId) });
