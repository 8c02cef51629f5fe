/**
 * How a match's minutes are written on a card: a minute with its stoppage time ("23'", "45+2'"), and what
 * a live clock shows at an instant (domain/replay.ts liveClockMinute): the minute being played, or only the
 * phase while no clock runs (half time, the break before extra time, the shoot-out).
 */
import { liveClockMinute, type LiveClock, type MatchPhase } from '../../../domain/replay';

/** "23'" for minute 23, "45+2'" for minute 45 with 2 added; an added 0 or null is left out. */
export function minuteText(minute: number, added: number | null): string {
  return added ? `${minute}+${added}'` : `${minute}'`;
}

/** A live clock read at an instant: the phase, and the minute written ("23'") or null while no clock runs. */
export interface ClockReading {
  phase: MatchPhase;
  minute: string | null;
}

/** What `clock` shows at `now` (a server instant, in ms since the epoch). */
export function readClock(clock: LiveClock, now: number): ClockReading {
  const shown = liveClockMinute(clock, new Date(now));
  return { phase: clock.phase, minute: shown ? minuteText(shown.minute, shown.added) : null };
}

/** Whether the minute shown moves with time (a clock that runs: not stopped, not between phases). */
export function clockRuns(clock: LiveClock): boolean {
  return clock.minutes !== null && clock.rate > 0;
}
