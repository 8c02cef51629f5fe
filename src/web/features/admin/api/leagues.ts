/** The administrators' leagues: list, one league, its sync runs, create, edit and "sync now". */
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  AdminLeague, AdminLeaguesResponse, CreateLeagueRequest, leagueResponse, LinkLeagueRequest, SyncNowResponse, SyncRun, UpdateLeagueRequest,
} from '../../../../contracts/admin';
import { apiRequest } from '../../../lib/api-client';

type LeagueResponse = z.infer<typeof leagueResponse>;

/** The list's search, sort and page, as GET /api/admin/leagues takes them. */
export interface LeaguesQuery {
  search: string;
  sort: 'name' | 'season' | 'matches' | 'groups';
  order: 'asc' | 'desc';
  page: number;
}

/** While a run is going, data is polled every 2 s so its end shows by itself. */
const POLL_WHILE_RUNNING_MS = 2_000;
const running = (league: AdminLeague | undefined) => league?.lastRun?.status === 'running';

/** Every admin query, and the public league list (what groups can pick changes with `active`), refetched. */
function refreshLeagues(client: QueryClient) {
  return Promise.all([client.invalidateQueries({ queryKey: ['admin'] }), client.invalidateQueries({ queryKey: ['leagues'] })]);
}

/** One page of leagues (the previous page stays shown while the next loads). */
export function useAdminLeagues(query: LeaguesQuery) {
  const params = new URLSearchParams({ sort: query.sort, order: query.order, page: String(query.page) });
  if (query.search.trim()) params.set('search', query.search.trim());
  return useQuery({
    queryKey: ['admin', 'leagues', query],
    queryFn: () => apiRequest<AdminLeaguesResponse>(`/admin/leagues?${params.toString()}`),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.leagues.some(running) ? POLL_WHILE_RUNNING_MS : false),
  });
}

/** One league with its counts and last run; polled while its run is going. */
export function useAdminLeague(leagueId: string, enabled = true) {
  return useQuery({
    queryKey: ['admin', 'league', leagueId],
    queryFn: async () => (await apiRequest<LeagueResponse>(`/admin/leagues/${leagueId}`)).league,
    enabled,
    refetchInterval: (q) => (running(q.state.data) ? POLL_WHILE_RUNNING_MS : false),
  });
}

/**
 * A league's last 50 sync runs, newest first; refreshed every 2 s while the newest is running, and
 * while `watching` (a "sync now" of this page is under way, its run not yet seen).
 */
export function useSyncRuns(leagueId: string, enabled = true, watching = false) {
  return useQuery({
    queryKey: ['admin', 'league', leagueId, 'runs'],
    queryFn: async () => (await apiRequest<{ runs: SyncRun[] }>(`/admin/leagues/${leagueId}/sync-runs`)).runs,
    enabled,
    refetchInterval: (q) => (watching || q.state.data?.[0]?.status === 'running' ? POLL_WHILE_RUNNING_MS : false),
  });
}

/** The mutation key of a league's "sync now" (useIsMutating tells other parts of the page it runs). */
export const syncNowKey = (leagueId: string) => ['admin', 'sync', leagueId] as const;

/** Creates a league (a linked one starts its first sync in the background); resolves with it. */
export function useCreateLeague() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateLeagueRequest) => (await apiRequest<LeagueResponse>('/admin/leagues', { method: 'POST', body })).league,
    onSuccess: () => refreshLeagues(client),
  });
}

/** Edits a league's name, active flag or time zone; resolves with the league. */
export function useUpdateLeague(leagueId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: UpdateLeagueRequest) => (await apiRequest<LeagueResponse>(`/admin/leagues/${leagueId}`, { method: 'PATCH', body })).league,
    onSuccess: () => refreshLeagues(client),
  });
}

/** Links a league without a source to an openfootball file (its first sync starts); resolves with the league. */
export function useLinkLeague(leagueId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: LinkLeagueRequest) => (await apiRequest<LeagueResponse>(`/admin/leagues/${leagueId}/link`, { method: 'POST', body })).league,
    onSuccess: () => refreshLeagues(client),
  });
}

/** Syncs a linked league now (a few seconds); resolves with what the run did and the league after it. */
export function useSyncNow(leagueId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: syncNowKey(leagueId),
    mutationFn: () => apiRequest<SyncNowResponse>(`/admin/leagues/${leagueId}/sync`, { method: 'POST' }),
    onSettled: () => refreshLeagues(client),
  });
}
