/** How long a session's signed cookie cache is trusted by the hot routes, in seconds (decision 006). */
export const SESSION_COOKIE_CACHE_SECONDS = 60;
