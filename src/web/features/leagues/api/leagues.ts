/** GET /api/leagues and a league's standings. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { leagueListResponse } from '../../../../contracts/leagues';
import { apiRequest } from '../../../lib/api-client';
import { standingsResponse } from '../../../../contracts/standings';

export const leaguesQuery = queryOptions({
  queryKey: ['leagues'],
  queryFn: async () => (await apiRequest('/leagues', leagueListResponse)).leagues,
  staleTime: 5 * 60_000,
});

/** Every league with its match count and first/last kickoff. */
export function useLeagues() {
  return useQuery(leaguesQuery);
}

/** A league's standings (public): league table, group tables, knockout rounds. */
export const useStandings = (leagueId: string) =>
  useQuery({ queryKey: ['leagues', leagueId, 'standings'], queryFn: () => apiRequest(`/leagues/${leagueId}/standings`, standingsResponse) });
