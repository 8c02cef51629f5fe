/** GET /api/groups/:groupId/stats: cards, standings per round, matchday winners, movement and podium. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { groupStatsResponse } from '../../../../contracts/stats';
import { apiRequest } from '../../../lib/api-client';

/** Query options for a group's statistics. */
export const groupStatsQuery = (groupId: string) =>
  queryOptions({ queryKey: ['groups', groupId, 'stats'], queryFn: () => apiRequest(`/groups/${groupId}/stats`, groupStatsResponse) });

/** A group's statistics (members only). */
export const useGroupStats = (groupId: string) => useQuery(groupStatsQuery(groupId));
