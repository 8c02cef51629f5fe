/** The first kickoff of `npm run replay`, as written on its command line. */

/**
 * The instant `text` names, from `now`: "now", "in 5 minutes" (seconds, minutes, hours; singular too),
 * or an ISO 8601 instant with its offset.
 * @returns null when it is none of these.
 */
export function parseStart(text: string, now: Date): Date | null {
  const trimmed = text.trim().toLowerCase();
  if (trimmed === 'now') return now;
  const relative = /^in\s+(\d{1,5})\s*(seconds?|secs?|s|minutes?|mins?|m|hours?|h)$/.exec(trimmed);
  if (relative) {
    const unit = relative[2]!.startsWith('h') ? 3_600_000 : relative[2]!.startsWith('m') ? 60_000 : 1_000;
    return new Date(now.getTime() + Number(relative[1]) * unit);
  }
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(text.trim())) return null;
  const instant = new Date(text.trim());
  return Number.isNaN(instant.getTime()) ? null : instant;
}
