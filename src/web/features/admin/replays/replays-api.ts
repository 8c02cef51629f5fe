/**
 * The administrators' replays (src/contracts/replay.ts): the list, creating one, pausing, resuming and
 * stopping one, and deleting one with its league and groups.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreateReplayRequest, replayResponse, replaysResponse } from '../../../../contracts/replay';
import { apiRequest } from '../../../lib/api-client';

type ReplaysResponse = z.infer<typeof replaysResponse>;
type ReplayResponse = z.infer<typeof replayResponse>;
/** A replay in the list, with its league's name. */
export type ListedReplay = ReplaysResponse['replays'][number];
/** What an administrator may do to a replay (besides deleting it). */
export type ReplayAction = 'pause' | 'resume' | 'stop';

/** While a replay runs or waits, the list is read again every 10 s (one finishing shows by itself). */
const POLL_MS = 10_000;

/** Every admin query, the public league list and my groups (a deleted replay takes its groups along), refetched. */
function refresh(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: ['admin'] }),
    client.invalidateQueries({ queryKey: ['leagues'] }),
    client.invalidateQueries({ queryKey: ['groups'] }),
  ]);
}

/** Every replay, newest first. */
export function useReplays() {
  return useQuery({
    queryKey: ['admin', 'replays'],
    queryFn: async () => (await apiRequest<ReplaysResponse>('/admin/replays')).replays,
    refetchInterval: (q) => (q.state.data?.some((replay) => replay.state === 'running' || replay.state === 'paused') ? POLL_MS : false),
  });
}

/** Creates a replay (a new league); resolves with it. */
export function useCreateReplay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateReplayRequest) => (await apiRequest<ReplayResponse>('/admin/replays', { method: 'POST', body })).replay,
    onSuccess: () => refresh(client),
  });
}

/** Pauses, resumes or stops the replay of `leagueId`; resolves with it after the change. */
export function useReplayAction(leagueId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (action: ReplayAction) => (await apiRequest<ReplayResponse>(`/admin/replays/${leagueId}/${action}`, { method: 'POST' })).replay,
    onSettled: () => refresh(client),
  });
}

/** Deletes the replay of `leagueId` with its league, matches and groups. */
export function useDeleteReplay(leagueId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<null>(`/admin/replays/${leagueId}`, { method: 'DELETE' }),
    onSettled: () => refresh(client),
  });
}
