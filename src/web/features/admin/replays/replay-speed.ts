/**
 * What a replay's speed means in real time (domain/replay.ts): how long a 90-minute match and its half-time
 * interval last, and how far apart kickoffs fall (the gaps between kickoffs divided by the speed, held
 * between the shortest and longest gap).
 */
import { HALF_TIME_MINUTES, REPLAY_MAX_GAP_MINUTES, REPLAY_MIN_GAP_MINUTES } from '../../../../domain/replay';

/** Real durations at a speed, in ms. */
export interface ReplayTimes {
  /** 90 minutes of play. */
  match: number;
  halfTime: number;
  /** The shortest and longest gap between two kickoffs. */
  minGap: number;
  maxGap: number;
}

/** The real durations at `speed` (times faster than real time). */
export function replayTimes(speed: number): ReplayTimes {
  const ms = (minutes: number) => (minutes * 60_000) / speed;
  return { match: ms(90), halfTime: ms(HALF_TIME_MINUTES), minGap: ms(REPLAY_MIN_GAP_MINUTES), maxGap: ms(REPLAY_MAX_GAP_MINUTES) };
}

/** A duration in words, rounded to the second ("1.5 sec" under 10 s): "45 sec", "1 min, 30 sec", "3 hr" in English. */
export function formatSpan(ms: number, language: string): string {
  const unit = (value: number, name: 'second' | 'minute' | 'hour', digits = 0) =>
    new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: 'short', maximumFractionDigits: digits }).format(value);
  const seconds = ms < 10_000 ? Math.round(ms / 100) / 10 : Math.round(ms / 1000);
  if (seconds < 60) return unit(seconds, 'second', 1);
  const parts: string[] = [];
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  if (hours) parts.push(unit(hours, 'hour'));
  if (minutes) parts.push(unit(minutes, 'minute'));
  if (rest && !hours) parts.push(unit(rest, 'second'));
  return new Intl.ListFormat(language, { style: 'short', type: 'unit' }).format(parts);
}
