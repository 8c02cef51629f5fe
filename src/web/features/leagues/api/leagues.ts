/** GET /api/leagues and a league's standings. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { leagueListResponse } from '../../../../contracts/leagues';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import type { standingsResponse } from '../../../../contracts/standings';

export const leaguesQuery = queryOptions({
  queryKey: ['leagues'],
  queryFn: async () => (await apiRequest<z.infer<typeof leagueListResponse>>('/leagues')).leagues,
  staleTime: 5 * 60_000,
});

/** Every league with its match count and first/last kickoff. */
export function useLeagues() {
  return useQuery(leaguesQuery);
}

/** A league's standings (public): league table, group tables, knockout rounds. */
export const useStandings = (leagueId: string, enabled = true) =>
  useQuery({ enabled, queryKey: ['leagues', leagueId, 'standings'], queryFn: () => apiRequest<z.infer<typeof standingsResponse>>(`/leagues/${leagueId}/standings`) });
