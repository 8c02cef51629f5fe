/** GET /api/groups/:groupId/stats: cards, standings per round, matchday winners, movement and podium. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { groupStatsResponse } from '../../../../contracts/stats';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** Query options for a group's statistics. */
export const groupStatsQuery = (groupId: string) =>
  queryOptions({ queryKey: ['groups', groupId, 'stats'], queryFn: () => apiRequest<z.infer<typeof groupStatsResponse>>(`/groups/${groupId}/stats`) });

/** A group's statistics (members only). */
export const useGroupStats = (groupId: string) => useQuery(groupStatsQuery(groupId));
