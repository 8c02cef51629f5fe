/**
 * The Better Auth client for sign-up, sign-in, verification mails, password reset and change, and
 * `authCall`, which turns a thrown failure (the network) into the same `{error}` shape as a refused call.
 */
import { createAuthClient } from 'better-auth/react';

export const authClient = createAuthClient({ baseURL: window.location.origin, basePath: '/api/auth' });

/** A failed call: HTTP status (0 when the server could not be reached) and Better Auth's code. */
export interface AuthCallError {
  status: number;
  code?: string;
}

/** Runs a Better Auth client call; never throws. */
export async function authCall<T>(call: () => Promise<{ data: T | null; error: { status: number; code?: string } | null }>): Promise<{ data: T | null; error: AuthCallError | null }> {
  try {
    const { data, error } = await call();
    return { data, error: error ? { status: error.status, code: error.code } : null };
  } catch {
    return { data: null, error: { status: 0 } };
  }
}
