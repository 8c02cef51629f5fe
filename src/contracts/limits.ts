/**
 * Limits the web and the API both know, as plain values: no zod here, so a page that only needs a
 * number (an upload's size, a reminder's hours) does not load the schemas (src/web's weight).
 */

/** Largest avatar upload, in bytes (2 MB). */
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
/** The image types an avatar upload may have (the request's content-type; the bytes are checked too). */
export const AVATAR_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** A deadline reminder goes when a member's unpredicted matches of a round close within this many hours. */
export const DEADLINE_REMINDER_HOURS = 2;
