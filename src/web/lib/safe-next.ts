/**
 * Where to send someone after signing in or confirming their email: only a path of this app, never
 * another site ("//evil.example", "https://…", "/\evil.example" are refused), else the home page.
 */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\')) return '/';
  return next;
}
