/** A league's standings for administrators (computed and the provider's), and "Refresh provider standings". */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminStandingsResponse } from '../../../../contracts/admin';
import { apiRequest } from '../../../lib/api-client';

const key = (leagueId: string | null) => ['admin', 'standings', leagueId] as const;

/** The computed and provider tables of `leagueId`; nothing is fetched without a league. */
export function useAdminStandings(leagueId: string | null) {
  return useQuery({
    queryKey: key(leagueId),
    queryFn: () => apiRequest<AdminStandingsResponse>(`/admin/leagues/${leagueId}/standings`),
    enabled: leagueId !== null,
  });
}

/** Fetches the provider's tables of `leagueId` now (a few seconds); its answer replaces the tables shown. */
export function useRefreshStandings(leagueId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'standings-refresh', leagueId],
    mutationFn: () => apiRequest<AdminStandingsResponse>(`/admin/leagues/${leagueId}/standings/refresh`, { method: 'POST' }),
    onSuccess: (data) => {
      client.setQueryData(key(leagueId), data);
      void client.invalidateQueries({ queryKey: ['admin', 'audit'] });
    },
  });
}
