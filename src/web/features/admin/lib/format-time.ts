/** Instants and durations of sync runs, in the viewer's language and time zone. */

/** "12 Mar 2026, 14:05" in `language`. */
export function formatDateTime(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** "5 minutes ago", "yesterday", "in 2 hours": `iso` relative to `now`, in `language`. */
export function formatAgo(iso: string, now: number, language: string): string {
  const seconds = (Date.parse(iso) - now) / 1000;
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 60) return format.format(0, 'second');
  if (abs < 3600) return format.format(Math.round(seconds / 60), 'minute');
  if (abs < 86400) return format.format(Math.round(seconds / 3600), 'hour');
  return format.format(Math.round(seconds / 86400), 'day');
}

/** A run's length ("40 ms", "2.4 sec", "12 sec", "3 min, 5 sec" in English); null while it runs. */
export function formatDuration(startedAt: string, finishedAt: string | null, language: string): string | null {
  if (!finishedAt) return null;
  const ms = Math.max(0, Date.parse(finishedAt) - Date.parse(startedAt));
  const unit = (value: number, name: 'millisecond' | 'second' | 'minute', digits = 0) =>
    new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'short', maximumFractionDigits: digits }).format(value);
  if (ms < 1_000) return unit(ms, 'millisecond');
  if (ms < 10_000) return unit(ms / 1000, 'second', 1);
  if (ms < 60_000) return unit(Math.round(ms / 1000), 'second');
  const parts = [unit(Math.floor(ms / 60_000), 'minute'), unit(Math.round((ms % 60_000) / 1000), 'second')];
  return new Intl.ListFormat(language, { style: 'narrow', type: 'unit' }).format(parts);
}
