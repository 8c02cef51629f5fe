/** GET /api/me: the signed-in person, or null when signed out. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { meResponse, type MeResponse } from '../../../../contracts/me';
import { ApiError, apiRequest } from '../../../lib/api-client';

export const meQuery = queryOptions({
  queryKey: ['me'],
  queryFn: async (): Promise<MeResponse['user'] | null> => {
    try {
      return (await apiRequest('/me', meResponse)).user;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  staleTime: 60_000,
});

/** The signed-in person (null when signed out), cached for a minute. */
export function useMe() {
  return useQuery(meQuery);
}
