/** The address of a person's avatar, as the API hands it out. */

/**
 * `/api/users/{userId}/avatar`, with `?v={version}` when an uploaded image exists (the version changes
 * with each upload, so the image can be cached for good).
 */
export function avatarUrl(userId: string, version: number | null): string {
  const base = `/api/users/${encodeURIComponent(userId)}/avatar`;
  return version === null ? base : `${base}?v=${version}`;
}
