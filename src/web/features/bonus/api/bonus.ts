/**
 * A group's bonus questions: GET /api/groups/:groupId/bonus, answering (members, until each close), and
 * for the owner and admins adding (a preset set or one question), changing points, deleting and deciding.
 * Every change refetches the group's queries (its ranking counts decided bonus points).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { BonusAnswerBody, BonusQuestionRequest, BonusResponse, bonusPresetsRequest, bonusSolution } from '../../../../contracts/bonus';
import { apiRequest } from '../../../lib/api-client';

/** The group's bonus questions with my answers (and everyone's once closed), the league's teams, my bonus points. */
export const useBonus = (groupId: string, enabled = true) =>
  useQuery({ queryKey: ['groups', groupId, 'bonus'], staleTime: 30_000, enabled, queryFn: () => apiRequest<BonusResponse>(`/groups/${groupId}/bonus`) });

/** A change to a group's bonus questions: `send` runs it, then the group's queries refetch. */
function useBonusChange<T>(groupId: string, send: (body: T) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: () => client.invalidateQueries({ queryKey: ['groups', groupId] }) });
}

const base = (groupId: string) => `/groups/${groupId}/bonus`;

/** Saves my answer to an open question (409 bonus_closed after its close); only the bonus questions refetch (no ranking moves). */
export function useAnswerBonus(groupId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, answer }: { questionId: string; answer: BonusAnswerBody }) =>
      apiRequest(`${base(groupId)}/questions/${questionId}/answer`, { method: 'PUT', body: { answer } }),
    // A 409 (closed meanwhile) refetches too: the card turns to closed.
    onSettled: () => client.invalidateQueries({ queryKey: ['groups', groupId, 'bonus'] }),
  });
}

/** Adds a preset set of questions (owner and admins). */
export const useAddBonusPresets = (groupId: string) => useBonusChange(groupId, (body: z.input<typeof bonusPresetsRequest>) =>
  apiRequest(`${base(groupId)}/presets`, { method: 'POST', body: body }));

/** Adds one question of the admin's own (owner and admins). */
export const useAddBonusQuestion = (groupId: string) => useBonusChange(groupId, (body: BonusQuestionRequest) =>
  apiRequest(`${base(groupId)}/questions`, { method: 'POST', body: body }));

/** Changes an open question's points (owner and admins). */
export const useChangeBonusPoints = (groupId: string) => useBonusChange(groupId, ({ questionId, points }: { questionId: string; points: number }) =>
  apiRequest(`${base(groupId)}/questions/${questionId}`, { method: 'PATCH', body: { points } }));

/** Deletes a question and its answers (owner and admins). */
export const useDeleteBonusQuestion = (groupId: string) => useBonusChange(groupId, (questionId: string) =>
  apiRequest(`${base(groupId)}/questions/${questionId}`, { method: 'DELETE' }));

/** Decides a closed question by hand (owner and admins; 409 bonus_decided when the results decided it). */
export const useResolveBonus = (groupId: string) => useBonusChange(groupId, ({ questionId, solution }: { questionId: string; solution: z.input<typeof bonusSolution> }) =>
  apiRequest(`${base(groupId)}/questions/${questionId}/resolve`, { method: 'POST', body: { solution } }));
