/** The administrators' teams: the list, edits (name, short name, code, crest), and their other names (aliases). */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminTeam, AdminTeamsResponse, UpdateTeamRequest } from '../../../../contracts/admin';
import { apiRequest } from '../../../lib/api-client';
import { apiParams, type ListQuery } from '../people/list-address';

/** The teams list has one order (by name); its query still has the list's shape. */
export type TeamSort = 'name';

/** One page of teams (the previous page stays shown while the next loads). */
export function useAdminTeams(query: ListQuery<TeamSort>) {
  return useQuery({
    queryKey: ['admin', 'teams', { search: query.search, page: query.page }],
    queryFn: () => apiRequest<AdminTeamsResponse>(`/admin/teams?${apiParams(query, false)}`),
    placeholderData: keepPreviousData,
  });
}

/** The team mutations' shared end: the lists (and whatever admin query shows a team) refetched. */
function useTeamMutation<V>(request: (variables: V) => Promise<{ team: AdminTeam }>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (variables: V) => (await request(variables)).team,
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin'] }),
  });
}

/** Edits a team's name, short name, code or crest; resolves with the team. */
export function useUpdateTeam(teamId: string) {
  return useTeamMutation((body: UpdateTeamRequest) => apiRequest<{ team: AdminTeam }>(`/admin/teams/${teamId}`, { method: 'PATCH', body }));
}

/** Adds another name of a team; resolves with the team. */
export function useAddAlias(teamId: string) {
  return useTeamMutation((alias: string) => apiRequest<{ team: AdminTeam }>(`/admin/teams/${teamId}/aliases`, { method: 'POST', body: { alias } }));
}

/** Removes another name of a team; resolves with the team. */
export function useRemoveAlias(teamId: string) {
  return useTeamMutation((alias: string) => apiRequest<{ team: AdminTeam }>(`/admin/teams/${teamId}/aliases/${encodeURIComponent(alias)}`, { method: 'DELETE' }));
}
