/**
 * Where to send someone after signing in or confirming their email: only a path of this app, never
 * another site ("//evil.example", "https://…", "/\evil.example" are refused), else the home page.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return '/';
  return next;
}

/**
 * The page a confirmation link lands on, carrying `next` (already made safe) when there is one:
 * "/email-verified" or "/email-verified?next=%2Fjoin%2FK7QX2MPA".
 */
export function emailVerifiedUrl(next: string | null): string {
  return next ? `/email-verified?next=${encodeURIComponent(next)}` : '/email-verified';
}

/** `next` from a query string, made safe, or null when absent. */
export function nextFrom(params: URLSearchParams): string | null {
  return params.get('next') ? safeNext(params.get('next')) : null;
}
