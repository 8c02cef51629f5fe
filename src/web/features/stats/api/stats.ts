/** GET /api/groups/:groupId/stats: cards, standings per round, matchday winners, movement and podium. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { groupStatsResponse, MatchdayWinnersResponse } from '../../../../contracts/stats';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** Query options for a group's statistics. */
export const groupStatsQuery = (groupId: string) =>
  queryOptions({ queryKey: ['groups', groupId, 'stats'], queryFn: () => apiRequest<z.infer<typeof groupStatsResponse>>(`/groups/${groupId}/stats`) });

/** A group's statistics (members only). */
export const useGroupStats = (groupId: string, enabled = true) => useQuery({ ...groupStatsQuery(groupId), enabled });

/** Query options for the winners of each finished round of a group (GET /api/groups/:groupId/matchday-winners). */
export const matchdayWinnersQuery = (groupId: string) =>
  queryOptions({
    queryKey: ['groups', groupId, 'matchday-winners'],
    queryFn: () => apiRequest<MatchdayWinnersResponse>(`/groups/${groupId}/matchday-winners`),
    staleTime: 60_000,
  });

/** The winners of each finished round of a group, for the round view. */
export const useMatchdayWinners = (groupId: string) => useQuery(matchdayWinnersQuery(groupId));
