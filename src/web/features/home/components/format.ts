/** How the home page writes scores and close times, in the viewer's language and time zone. */
import { dateFormat } from '../../../lib/format';

/** "2–1" with an en dash. */
export function score(home: number, away: number): string {
  return `${home}–${away}`;
}

/**
 * The local clock time of an instant, with the weekday when it is within six days of `now` ("Sat 14:45")
 * and the date otherwise ("22 Nov, 14:45"), in `language` and the browser's time zone.
 */
export function localTime(iso: string, now: number, language: string): string {
  const soon = Math.abs(Date.parse(iso) - now) < 6 * 86_400_000;
  return (soon
    ? dateFormat(language, 'weekday-time', { weekday: 'short', hour: 'numeric', minute: '2-digit' })
    : dateFormat(language, 'date-time', { day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' })).format(new Date(iso));
}

/** A short date ("Sat 22 Nov") in `language` and the browser's time zone. */
export function shortDate(iso: string, language: string): string {
  return dateFormat(language, 'short-date', { weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(iso));
}
