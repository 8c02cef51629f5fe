/** Dates and times in the viewer's language and time zone (instants arrive as UTC ISO strings). */

/** "Sat 22 Nov, 15:00" in the given language. */
export function formatKickoff(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}

/** "in 3 hours", "in 2 days", "tomorrow" — relative to now, in the given language. */
export function formatRelative(iso: string, now: number, language: string): string {
  const seconds = (Date.parse(iso) - now) / 1000;
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 3600) return format.format(Math.round(seconds / 60), 'minute');
  if (abs < 86400) return format.format(Math.round(seconds / 3600), 'hour');
  return format.format(Math.round(seconds / 86400), 'day');
}
