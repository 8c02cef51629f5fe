/**
 * Changing my password through Better Auth (POST /api/auth/change-password): the current one is
 * checked, and every other session of mine ends (a notice is mailed).
 */
import { useMutation } from '@tanstack/react-query';
import type { AuthCallError } from '../../../lib/auth-client';

/** Why a change failed: Better Auth's code ('INVALID_PASSWORD' for a wrong current password), if any. */
export class ChangePasswordError extends Error {
  constructor(readonly failure: AuthCallError) {
    super(failure.code ?? `HTTP ${failure.status}`);
    this.name = 'ChangePasswordError';
  }
}

/** Changes my password and signs my other devices out. @throws ChangePasswordError. */
export function useChangePassword() {
  return useMutation({
    mutationFn: async ({ currentPassword, newPassword }: { currentPassword: string; newPassword: string }) => {
      // The Better Auth client comes with the first change (it stays off the profile page's first load).
      const { authCall, authClient } = await import('../../../lib/auth-client');
      const { error } = await authCall(() => authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions: true }));
      if (error) throw new ChangePasswordError(error);
    },
  });
}
