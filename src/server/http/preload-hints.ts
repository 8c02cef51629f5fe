/**
 * Preload hints for the single-page app's first screen: a `Link` header on the index.html a signed-in
 * browser navigates to, naming the API reads the first screen will make, so the browser fetches them
 * while it downloads the app's code instead of after running it (on a phone's network, a round trip or
 * two before the page's largest content; decision 012). The paths are exactly those the web app asks
 * for (src/web/features/auth/api/session.ts, src/web/app/route-data.ts): a preload that does not match
 * its later fetch is fetched twice, which the browser tests count.
 *
 * Only with a session cookie (a guest's first screens need none of these), and no data in the hint
 * itself: the reads are the ordinary API routes with their own authorization.
 */

/** A group page's address (`/group/<uuid>`, no sub-page) and its group id. */
const GROUP_PAGE = /^\/group\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

/** The session check every screen starts with (session.ts fetchSession). */
export const SESSION_READ = '/api/auth/get-session?disableCookieCache=true';

/**
 * The API reads a signed-in browser's first screen at `path` (a URL's pathname) makes at once.
 * @returns paths with their query strings, in the order they are asked for; empty for a guest.
 */
export function firstScreenReads(path: string, signedIn: boolean): string[] {
  if (!signedIn) return [];
  const groupId = GROUP_PAGE.exec(path)?.[1];
  if (!groupId) return [SESSION_READ];
  return [SESSION_READ, `/api/groups/${groupId}`, `/api/groups/${groupId}/matches`, `/api/groups/${groupId}/ranking?page=1`, '/api/groups'];
}

/**
 * The `Link` header value preloading `reads` as the web app fetches them (fetch() with credentials
 * 'same-origin': `as=fetch` with `crossorigin`, the anonymous CORS mode, which matches it); null for none.
 */
export function preloadLinkHeader(reads: string[]): string | null {
  return reads.length === 0 ? null : reads.map((read) => `<${read}>; rel=preload; as=fetch; crossorigin`).join(', ');
}

/** Whether the Cookie header `header` carries a cookie named `name` (its value unchecked: a hint, not a permission). */
export function carriesCookie(header: string | undefined, name: string): boolean {
  return header !== undefined && header.split(';').some((pair) => pair.trim().startsWith(`${name}=`));
}
