/**
 * Deleting my account (DELETE /api/profiles/{userId} with my email typed again). The server ends the
 * session too; the page then forgets everything cached and goes to /login.
 */
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Deletes my account for good. @throws ApiError confirmation_mismatch, forbidden, internal. */
export function useDeleteAccount(userId: string) {
  return useMutation({
    mutationFn: async (confirm: string) => {
      await apiRequest<unknown>(`/profiles/${encodeURIComponent(userId)}`, { method: 'DELETE', body: { confirm } });
    },
  });
}
