/**
 * My jokers in a group (GET /api/groups/:groupId/jokers): the group's joker settings, where mine are,
 * how many are played and left; placing, moving (PUT …/jokers/:matchId with `from`) and taking one back
 * (DELETE). Each change answers with the same shape, which replaces the cached one.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyJokers, MyJokersResponse } from '../../../../contracts/jokers';
import { apiRequest } from '../../../lib/api-client';
import { GROUP_PAGE_FRESH_MS } from '../../groups/api/groups';

const jokersKey = (groupId: string) => ['groups', groupId, 'jokers'] as const;

/**
 * My jokers in the group; `data.settings` null when the group plays without (the match list, the ranking
 * and the member's page read the settings from here too).
 */
export const useMyJokers = (groupId: string) =>
  useQuery({
    queryKey: jokersKey(groupId),
    staleTime: GROUP_PAGE_FRESH_MS,
    queryFn: async () => (await apiRequest<MyJokersResponse>(`/groups/${groupId}/jokers`)).jokers,
  });

/**
 * Puts my joker on my prediction of `matchId` (`from`: moving it from that match), or takes it back
 * (`remove`); rejects with an ApiError (jokers_off, joker_match_closed, joker_closed, no_joker_left,
 * joker_not_placed, joker_needs_prediction). The matches are read again: each own prediction says
 * whether a joker is on it.
 */
export function useJokerChange(groupId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: { matchId: string; from?: string | null; remove?: boolean }) => {
      const path = `/groups/${groupId}/jokers/${change.matchId}`;
      const response = change.remove
        ? await apiRequest<MyJokersResponse>(path, { method: 'DELETE' })
        : await apiRequest<MyJokersResponse>(path, { method: 'PUT', body: change.from ? { from: change.from } : {} });
      return response.jokers;
    },
    onSuccess: (jokers: MyJokers) => {
      client.setQueryData(jokersKey(groupId), jokers);
      void client.invalidateQueries({ queryKey: ['groups', groupId, 'matches'], exact: true });
    },
    // A refusal may mean the cached state is behind (a match closed, another device moved it).
    onError: () => void client.invalidateQueries({ queryKey: jokersKey(groupId) }),
  });
}
