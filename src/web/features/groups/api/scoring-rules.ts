/** GET and PUT /api/groups/:groupId/scoring: the group's scoring rules. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { scoringRulesResponse, ScoringRulesRequest } from '../../../../contracts/scoring-rules';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';

/** The group's scoring rules and whether they may still change. */
export const useScoringRules = (groupId: string) =>
  useQuery({ queryKey: ['groups', groupId, 'scoring'], queryFn: async () => (await apiRequest<z.infer<typeof scoringRulesResponse>>(`/groups/${groupId}/scoring`)).scoring });

/** Changes the rules (owner and admins, until the first predictions close; else scoring_locked). */
export function useUpdateScoringRules(groupId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ScoringRulesRequest) => (await apiRequest<z.infer<typeof scoringRulesResponse>>(`/groups/${groupId}/scoring`, { method: 'PUT', body })).scoring,
    onSuccess: () => client.invalidateQueries({ queryKey: ['groups', groupId] }),
  });
}
