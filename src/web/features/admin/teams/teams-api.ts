/** The administrators' teams: the list, edits (name, short name, code, crest address), an uploaded crest, and their other names (aliases). */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminTeam, AdminTeamsResponse, UpdateTeamRequest } from '../../../../contracts/admin';
import { AVATAR_CONTENT_TYPES, AVATAR_MAX_BYTES } from '../../../../contracts/limits';
import { ApiError, apiRequest, apiUpload } from '../../../lib/api-client';
import { apiParams, type ListQuery } from '../lib/list-address';

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

/**
 * The error id a crest file would get from the server, checked on the device (the avatar upload's rules):
 * 'avatar_invalid' (not JPEG, PNG or WebP by its type), 'avatar_too_large' (over 2 MB), or null.
 */
export function crestFileProblem(file: Pick<File, 'size' | 'type'>): 'avatar_too_large' | 'avatar_invalid' | null {
  if (!(AVATAR_CONTENT_TYPES as readonly string[]).includes(file.type)) return 'avatar_invalid';
  if (file.size > AVATAR_MAX_BYTES) return 'avatar_too_large';
  return null;
}

/**
 * Sends `file` as the crest of `teamId` (PUT /api/admin/teams/:id/crest, the bytes as they are, typed by
 * the file); resolves with the team, its crest address then /api/teams/<id>/crest?v=….
 * @throws ApiError avatar_too_large (413), avatar_invalid (415; both checked here first), not_found, internal (network).
 */
export async function uploadCrest(teamId: string, file: File): Promise<{ team: AdminTeam }> {
  const problem = crestFileProblem(file);
  if (problem) throw new ApiError(problem === 'avatar_too_large' ? 413 : 415, problem, problem);
  return apiUpload<{ team: AdminTeam }>(`/admin/teams/${teamId}/crest`, file);
}

/** Uploads a crest image of a team; resolves with the team. */
export function useUploadCrest(teamId: string) {
  return useTeamMutation((file: File) => uploadCrest(teamId, file));
}
