/** A group's matches with my predictions, saving a round in one request, and others' predictions once closed. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { groupMatchesResponse } from '../../../../contracts/groups';
import type {
  matchPredictionsResponse, memberPredictionsResponse, savePredictionsResponse, PredictionItem,
} from '../../../../contracts/predictions';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { GROUP_PAGE_FRESH_MS } from '../../groups/api/groups';

/** Query options for a group's matches with my prediction on each, and the server's time. */
export const groupMatchesQuery = (groupId: string) =>
  queryOptions({ queryKey: ['groups', groupId, 'matches'], staleTime: GROUP_PAGE_FRESH_MS, queryFn: () => apiRequest<z.infer<typeof groupMatchesResponse>>(`/groups/${groupId}/matches`) });

/** A group's matches with my predictions. */
export const useGroupMatches = (groupId: string) => useQuery(groupMatchesQuery(groupId));

/**
 * Saves a round of predictions in one request (PUT /api/groups/:groupId/predictions); resolves with one
 * result per item (saved, or rejected with prediction_closed / match_not_found) and the other groups
 * written to when `applyToOtherGroups` is set.
 */
export function useSavePredictions(groupId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { predictions: PredictionItem[]; applyToOtherGroups: boolean }) =>
      apiRequest<z.infer<typeof savePredictionsResponse>>(`/groups/${groupId}/predictions`, { method: 'PUT', body }),
    onSettled: (response) => {
      void client.invalidateQueries({ queryKey: ['groups', groupId] });
      for (const other of response?.otherGroupIds ?? []) void client.invalidateQueries({ queryKey: ['groups', other] });
    },
  });
}

/** Everyone's predictions of one match once it has closed (before: only the count). */
export const useMatchPredictions = (groupId: string, matchId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['groups', groupId, 'matches', matchId, 'predictions'],
    queryFn: () => apiRequest<z.infer<typeof matchPredictionsResponse>>(`/groups/${groupId}/matches/${matchId}/predictions`),
    enabled,
  });

/** A member's predictions of closed matches in a group. */
export const useMemberPredictions = (groupId: string, userId: string, enabled = true) =>
  useQuery({
    enabled,
    queryKey: ['groups', groupId, 'members', userId, 'predictions'],
    queryFn: () => apiRequest<z.infer<typeof memberPredictionsResponse>>(`/groups/${groupId}/members/${encodeURIComponent(userId)}/predictions`),
  });
