/**
 * Uploading my avatar (PUT /api/profiles/{userId}/avatar with the file's bytes as they are, typed
 * image/jpeg, image/png or image/webp). The size and type are checked here first with the server's
 * limits, so a 20 MB photo fails at once with the same message the server would give.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Profile, ProfileResponse } from '../../../../contracts/profile';
import { AVATAR_CONTENT_TYPES, AVATAR_MAX_BYTES } from '../../../../contracts/limits';
import { ApiError, apiUpload } from '../../../lib/api-client';
import { profileQueryKey } from './get-profile';

/**
 * The error id a file would get from the server, checked on the device: 'avatar_too_large' (over
 * 2 MB), 'avatar_invalid' (not JPEG, PNG or WebP by its type), or null when it may be sent.
 */
export function avatarFileProblem(file: Pick<File, 'size' | 'type'>): 'avatar_too_large' | 'avatar_invalid' | null {
  if (!(AVATAR_CONTENT_TYPES as readonly string[]).includes(file.type)) return 'avatar_invalid';
  if (file.size > AVATAR_MAX_BYTES) return 'avatar_too_large';
  return null;
}

/**
 * Sends a file as my avatar; resolves with the profile and its new avatar address.
 * @throws ApiError avatar_too_large, avatar_invalid (checked here too), forbidden, internal (network).
 */
export async function uploadAvatar(userId: string, file: File): Promise<Profile> {
  const problem = avatarFileProblem(file);
  if (problem) throw new ApiError(problem === 'avatar_too_large' ? 413 : 415, problem, problem);
  // The server checks its answers against the contract before sending them (api-client.ts).
  return (await apiUpload<ProfileResponse>(`/profiles/${encodeURIComponent(userId)}/avatar`, file)).profile;
}

/** The upload as a mutation: the page's profile and /api/me (header avatar) follow. */
export function useUploadAvatar(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadAvatar(userId, file),
    onSuccess: async (profile) => {
      client.setQueryData(profileQueryKey(userId), profile);
      await client.invalidateQueries({ queryKey: ['me'] });
    },
  });
}
