/**
 * Dates and times in the viewer's language and time zone (instants arrive as UTC ISO strings). The
 * Intl formatters are made once per language and kept: making one costs far more than using it, and a
 * page of match cards formats dozens of times per render.
 */

const formatters = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

/** The DateTimeFormat of `language` with `options` (`key` names the options), made once. */
export function dateFormat(language: string, key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const id = `date ${key} ${language}`;
  let format = formatters.get(id) as Intl.DateTimeFormat | undefined;
  if (!format) formatters.set(id, (format = new Intl.DateTimeFormat(language, options)));
  return format;
}

/** The RelativeTimeFormat of `language` ("in 3 hours", "tomorrow"), made once. */
function relativeFormat(language: string): Intl.RelativeTimeFormat {
  const id = `relative ${language}`;
  let format = formatters.get(id) as Intl.RelativeTimeFormat | undefined;
  if (!format) formatters.set(id, (format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' })));
  return format;
}

/** "Sat 22 Nov, 15:00" in the given language. */
export function formatKickoff(iso: string, language: string): string {
  return dateFormat(language, 'kickoff', { weekday: 'short', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));
}

/**
 * Makes `language`'s kickoff format ahead of the first render that shows one. The first Intl formatter of
 * a page starts ICU's date and number formatting (≈ 10–15 ms on a desktop, about four times that on a
 * phone): better spent while the page waits for its data than inside the render's task.
 */
export function prepareKickoffFormat(language: string): void {
  formatKickoff('1970-01-01T00:00:00Z', language);
}

/** "in 3 hours", "in 2 days", "tomorrow" — relative to now, in the given language. */
export function formatRelative(iso: string, now: number, language: string): string {
  const seconds = (Date.parse(iso) - now) / 1000;
  const format = relativeFormat(language);
  const abs = Math.abs(seconds);
  if (abs < 3600) return format.format(Math.round(seconds / 60), 'minute');
  if (abs < 86400) return format.format(Math.round(seconds / 3600), 'hour');
  return format.format(Math.round(seconds / 86400), 'day');
}
