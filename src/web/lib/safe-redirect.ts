/**
 * Where to send someone after signing in, signing up or confirming their email: the `redirect` query
 * parameter (the specification's name; `next` from older links too), only when it is a path of this
 * app — never another site ("//evil.example", "https://…", "/\evil.example" are refused).
 */

/** `path` when it is a path of this app, else '/'. */
export function safeRedirect(path: string | null | undefined): string {
  if (!path || !path.startsWith('/') || path.startsWith('//') || path.includes('\\')) return '/';
  return path;
}

/** The safe redirect target of a query string (`redirect`, else `next`), or null when it has none. */
export function redirectFrom(params: URLSearchParams): string | null {
  const raw = params.get('redirect') ?? params.get('next');
  return raw ? safeRedirect(raw) : null;
}

/** An auth page's address carrying the redirect along: withRedirect('/register', '/groups') → "/register?redirect=%2Fgroups". */
export function withRedirect(path: string, redirect: string | null): string {
  return redirect && redirect !== '/' ? `${path}?redirect=${encodeURIComponent(redirect)}` : path;
}
