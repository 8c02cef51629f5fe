/** A group's matches with my predictions, and saving a prediction. */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { groupMatchesResponse, predictionResponse, type PredictionRequest } from '../../../../contracts/groups';
import { apiRequest } from '../../../lib/api-client';

/** Query options for a group's matches with my prediction on each, and the server's time. */
export const groupMatchesQuery = (groupId: string) =>
  queryOptions({ queryKey: ['groups', groupId, 'matches'], queryFn: () => apiRequest(`/groups/${groupId}/matches`, groupMatchesResponse) });

/** A group's matches with my predictions. */
export const useGroupMatches = (groupId: string) => useQuery(groupMatchesQuery(groupId));

/** Saves several predictions at once; resolves with one settled result per prediction, so failures (prediction_closed) are reported per match. */
export function useSavePredictions(groupId: string) {
  const client = useQueryClient();
  return useMutation({
    /** Saves several predictions at once; each result (or error) is reported per match. */
    mutationFn: async (items: { matchId: string; body: PredictionRequest }[]) =>
      Promise.allSettled(items.map(({ matchId, body }) =>
        apiRequest(`/groups/${groupId}/predictions/${matchId}`, predictionResponse, { method: 'PUT', body }))),
    onSettled: () => client.invalidateQueries({ queryKey: ['groups', groupId] }),
  });
}
