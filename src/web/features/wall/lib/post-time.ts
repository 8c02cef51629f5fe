/**
 * When a post was written, as its card says it: relative while recent ("now", "5 minutes ago",
 * "3 hours ago", "yesterday", "4 days ago"; Intl.RelativeTimeFormat in the page's language), then the
 * date ("12 Mar", with the year once it is another year's); and in full for the title and a press.
 */
import { dateFormat } from '../../../lib/format';

const relative = new Map<string, Intl.RelativeTimeFormat>();
const WEEK_S = 7 * 86_400;

/** The short text of a post's time, relative to `now` (ms) in `language`. */
export function postTimeText(iso: string, now: number, language: string): string {
  const at = Date.parse(iso);
  // A clock slightly ahead of ours must not say "in 1 minute".
  const seconds = Math.max(0, (now - at) / 1000);
  if (seconds >= WEEK_S) {
    const sameYear = new Date(at).getFullYear() === new Date(now).getFullYear();
    return sameYear
      ? dateFormat(language, 'wall-day', { day: 'numeric', month: 'short' }).format(at)
      : dateFormat(language, 'wall-day-year', { day: 'numeric', month: 'short', year: 'numeric' }).format(at);
  }
  let format = relative.get(language);
  if (!format) relative.set(language, (format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' })));
  if (seconds < 45) return format.format(0, 'second');
  if (seconds < 3_600) return format.format(-Math.max(1, Math.round(seconds / 60)), 'minute');
  if (seconds < 86_400) return format.format(-Math.round(seconds / 3_600), 'hour');
  return format.format(-Math.max(1, Math.round(seconds / 86_400)), 'day');
}

/** The full date and time of a post ("Saturday, 22 November 2025 at 15:04"), in `language`. */
export function postTimeFull(iso: string, language: string): string {
  return dateFormat(language, 'wall-full', { dateStyle: 'full', timeStyle: 'short' }).format(Date.parse(iso));
}
