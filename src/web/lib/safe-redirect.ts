/**
 * Where to send someone after signing in, signing up or confirming their email: the `redirect` query
 * parameter (the specification's name; `next` from older links too), only when it is a path of this
 * app — never another site ("//evil.example", "https://…", "/\evil.example" are refused).
 */

/** `path` when it is a path of this app, else '/' (control characters too: browsers drop them, "/\t/x" is "//x"). */
export function safeRedirect(path: string | null | undefined): string {
  // eslint-disable-next-line no-control-regex
  if (!path || !path.startsWith('/') || path.startsWith('//') || /[\\\u0000-\u001f\u007f]/.test(path)) return '/';
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
