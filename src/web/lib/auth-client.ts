/** The Better Auth client for sign-up, sign-in, sign-out and resending the verification mail. */
import { createAuthClient } from 'better-auth/react';

export const authClient = createAuthClient({ baseURL: window.location.origin, basePath: '/api/auth' });

/** Better Auth's error code for a failed call, or RATE_LIMITED for 429. */
export function authErrorCode(error: { code?: string; status?: number } | null | undefined): string {
  if (!error) return 'generic';
  if (error.status === 429) return 'RATE_LIMITED';
  return error.code ?? 'generic';
}
