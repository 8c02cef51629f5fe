/**
 * The signed-in person's profile (GET /api/me): username, full name, role, language and avatar.
 * Gives up after 20 s ('Profile fetch timed out'); the auth provider retries a failed load after 1 s,
 * up to 3 attempts, then uses the fallback profile — as does a 404 or 406 (specification sections 4
 * and 9).
 */
import type { meResponse, MeResponse } from '../../../../contracts/me';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { withTimeout } from '../../../lib/timeout';

/** Profile fetch time limit, in milliseconds. */
export const PROFILE_TIMEOUT_MS = 20_000;

/** The person as the app shows them. */
export type Profile = MeResponse['user'];

/**
 * Fetches my profile.
 * @throws TimeoutError after 20 s; ApiError otherwise.
 */
export function fetchProfile(): Promise<Profile> {
  return withTimeout(PROFILE_TIMEOUT_MS, 'Profile fetch timed out', async () => (await apiRequest<z.infer<typeof meResponse>>('/me')).user);
}

/**
 * The profile used when loading it failed: the username is the part of the email before the @, the
 * role 'Regular User' (specification section 3).
 */
export function fallbackProfile(user: { id: string; email: string; name: string }): Profile {
  return {
    id: user.id,
    email: user.email,
    username: user.email.split('@')[0] ?? 'User',
    fullName: user.name,
    role: 'Regular User',
    language: null,
    avatarUrl: `/api/users/${encodeURIComponent(user.id)}/avatar`,
  };
}
