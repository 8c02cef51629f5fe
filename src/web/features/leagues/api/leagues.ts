/** GET /api/leagues. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { leagueListResponse } from '../../../../contracts/leagues';
import { apiRequest } from '../../../lib/api-client';

export const leaguesQuery = queryOptions({
  queryKey: ['leagues'],
  queryFn: async () => (await apiRequest('/leagues', leagueListResponse)).leagues,
  staleTime: 5 * 60_000,
});

/** Every league with its match count and first/last kickoff. */
export function useLeagues() {
  return useQuery(leaguesQuery);
}
