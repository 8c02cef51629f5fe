/**
 * Replaying a real tournament on a compressed clock: where each match's kickoff falls, how a played
 * match unfolds minute by minute (goals at their minutes, half time, extra time, a penalty shoot-out,
 * full time) and what a live match's clock shows. Pure: the caller passes every instant.
 *
 * Rules (decision 018, docs/decisions/018-tournament-replay.md):
 * - Kickoffs keep their order; the gaps between distinct kickoffs are divided by the speed and held
 *   between REPLAY_MIN_GAP_MINUTES and REPLAY_MAX_GAP_MINUTES of match time (so at speed 60 between 30 s
 *   and 3 min of real time); simultaneous kickoffs stay simultaneous.
 * - A match is played on the clock of the Laws of the Game (law 7): two halves of 45 minutes with the
 *   stoppage time the goals show (at least 2 and 4 minutes), a 15-minute half-time interval, and for a
 *   match the source says went to extra time a 5-minute break, 30 minutes of extra time and, when the
 *   source has one, a penalty shoot-out of PENALTIES_MINUTES. Every minute passes `speed` times faster.
 * - Goals happen in the middle of the minute the source gives (23' → 22.5 minutes after kickoff;
 *   45+2' → 46.5; 90+4' in the second half). The score always ends as the source's: goals the source
 *   does not list are added without a scorer, spread over the period; listed goals beyond the score are
 *   dropped (the replay never invents a result, and never contradicts one).
 */

/** A side of a match. */
export type Side = 'home' | 'away';

/** A goal as a source gives it: the side it counts for, its minute (1–120) and stoppage-time offset. */
export interface SourceGoal {
  side: Side;
  /** Minute of play as written: 23, 45 (with offset 2 for 45+2), 90, 108 … */
  minute: number;
  /** Stoppage time beyond `minute` (45+2 → 2), or null. */
  offset: number | null;
  /** The scorer's name, or null when unknown. */
  scorer: string | null;
  penalty: boolean;
  ownGoal: boolean;
}

/** A match's result as the source has it: goals [home, away]. */
export interface SourceResult {
  /** After 90 minutes; null: the source has no result (the match is not replayed as played). */
  fullTime: readonly [number, number] | null;
  /** After extra time, cumulative; null when there was none. */
  extraTime: readonly [number, number] | null;
  /** The shoot-out; null when there was none. */
  penalties: readonly [number, number] | null;
  goals: readonly SourceGoal[];
}

/** The parts of a match, in order; 'full_time' once it has ended. */
export const MATCH_PHASES = ['first_half', 'half_time', 'second_half', 'extra_time_break', 'extra_time', 'penalties'] as const;
/** A part of a match being played. */
export type MatchPhase = (typeof MATCH_PHASES)[number];

/** Minutes of match time a gap between two distinct kickoffs is held to, at least and at most. */
export const REPLAY_MIN_GAP_MINUTES = 30;
export const REPLAY_MAX_GAP_MINUTES = 180;
/** Length of the half-time interval, the break before extra time and a shoot-out, in match minutes. */
export const HALF_TIME_MINUTES = 15;
export const EXTRA_TIME_BREAK_MINUTES = 5;
export const PENALTIES_MINUTES = 10;
/** The fastest and slowest replay: 1 (real time) to 600 (a 90-minute match in 9 s). */
export const REPLAY_MIN_SPEED = 1;
export const REPLAY_MAX_SPEED = 600;

const MINUTE_MS = 60_000;

/**
 * The replayed kickoffs of a competition's matches.
 * @param kickoffs the source's kickoffs (UTC instants), in any order.
 * @param start the replayed instant of the earliest kickoff.
 * @param speed how many times faster than real time (REPLAY_MIN_SPEED–REPLAY_MAX_SPEED).
 * @returns one instant per input, in the input's order: offsets from `start` in ms are (the gaps between
 *   distinct kickoffs, in order) ÷ speed, each held between the minimum and maximum gap ÷ speed.
 * @throws RangeError for a speed out of range or an invalid instant.
 */
export function replayKickoffs(kickoffs: readonly Date[], start: Date, speed: number): Date[] {
  checkSpeed(speed);
  if (Number.isNaN(start.getTime()) || kickoffs.some((k) => Number.isNaN(k.getTime()))) throw new RangeError('an instant is invalid');
  const distinct = [...new Set(kickoffs.map((k) => k.getTime()))].sort((a, b) => a - b);
  const offsets = new Map<number, number>();
  let offset = 0;
  distinct.forEach((time, index) => {
    if (index > 0) {
      const gap = (time - distinct[index - 1]!) / speed;
      offset += Math.min(Math.max(gap, (REPLAY_MIN_GAP_MINUTES * MINUTE_MS) / speed), (REPLAY_MAX_GAP_MINUTES * MINUTE_MS) / speed);
    }
    offsets.set(time, offset);
  });
  return kickoffs.map((k) => new Date(start.getTime() + Math.round(offsets.get(k.getTime())!)));
}

/** A stretch of a match: its phase and its start and end in match minutes after kickoff. */
export interface PhaseSpan {
  phase: MatchPhase;
  from: number;
  to: number;
  /** The minute the clock shows when the phase starts (0, 45, 90), or null when no clock runs. */
  clockFrom: number | null;
}

/** A goal placed on the match's time line: `at` match minutes after kickoff. */
export interface TimedGoal extends SourceGoal {
  at: number;
}

/** How a played match unfolds: its phases and goals in order, and its length in match minutes. */
export interface MatchTimeline {
  phases: PhaseSpan[];
  goals: TimedGoal[];
  length: number;
  result: SourceResult;
}

/**
 * The time line of a match the source has a result for.
 * @returns null when the source has no full-time score (nothing to replay).
 */
export function matchTimeline(result: SourceResult): MatchTimeline | null {
  const fullTime = result.fullTime;
  if (!fullTime) return null;
  const hasExtraTime = result.extraTime !== null;
  const stoppage = (minute: number, least: number) =>
    Math.max(least, ...result.goals.filter((g) => g.minute === minute && g.offset !== null).map((g) => g.offset! + 1));
  const firstHalf = 45 + stoppage(45, 2);
  const secondStart = firstHalf + HALF_TIME_MINUTES;
  const secondHalf = 45 + stoppage(90, 4);
  const phases: PhaseSpan[] = [
    { phase: 'first_half', from: 0, to: firstHalf, clockFrom: 0 },
    { phase: 'half_time', from: firstHalf, to: secondStart, clockFrom: null },
    { phase: 'second_half', from: secondStart, to: secondStart + secondHalf, clockFrom: 45 },
  ];
  if (hasExtraTime) {
    const breakStart = secondStart + secondHalf;
    const extraStart = breakStart + EXTRA_TIME_BREAK_MINUTES;
    const extraLength = 30 + Math.max(1, stoppage(120, 1));
    phases.push(
      { phase: 'extra_time_break', from: breakStart, to: extraStart, clockFrom: null },
      { phase: 'extra_time', from: extraStart, to: extraStart + extraLength, clockFrom: 90 },
    );
    if (result.penalties) phases.push({ phase: 'penalties', from: extraStart + extraLength, to: extraStart + extraLength + PENALTIES_MINUTES, clockFrom: null });
  }
  const span = (phase: MatchPhase) => phases.find((p) => p.phase === phase)!;
  // Where a written minute falls: its phase's start plus the minutes into it (mid-minute), inside the phase.
  const place = (goal: SourceGoal): { period: 'regular' | 'extra'; at: number } => {
    const offset = goal.offset ?? 0;
    if (goal.minute > 90 && hasExtraTime) {
      const extra = span('extra_time');
      return { period: 'extra', at: clamp(extra.from + goal.minute - 90 + offset - 0.5, extra.from, extra.to) };
    }
    if (goal.minute <= 45) {
      const first = span('first_half');
      return { period: 'regular', at: clamp(Math.max(1, goal.minute) + offset - 0.5, first.from, first.to) };
    }
    const second = span('second_half');
    // Past 90 without extra time: stoppage time written as a minute (92 for 90+2).
    return { period: 'regular', at: clamp(second.from + goal.minute - 45 + offset - 0.5, second.from, second.to) };
  };
  const placed = result.goals.map((goal) => ({ ...goal, ...place(goal) })).sort((a, b) => a.at - b.at);
  const goals: TimedGoal[] = [];
  for (const side of ['home', 'away'] as const) {
    const index = side === 'home' ? 0 : 1;
    const wanted = { regular: fullTime[index], extra: hasExtraTime ? Math.max(0, result.extraTime![index] - fullTime[index]) : 0 };
    for (const period of ['regular', 'extra'] as const) {
      const listed = placed.filter((g) => g.side === side && g.period === period).slice(0, wanted[period]);
      const missing = wanted[period] - listed.length;
      const [from, to] = period === 'regular' ? [0, span('second_half').to] : hasExtraTime ? [span('extra_time').from, span('extra_time').to] : [0, 0];
      const unnamed = Array.from({ length: missing }, (_, i) => {
        const at = from + ((to - from) * (i + 1)) / (missing + 1);
        // An unnamed goal never falls in the half-time interval.
        const inBreak = period === 'regular' && at >= span('half_time').from && at < span('half_time').to;
        return { side, minute: 0, offset: null, scorer: null, penalty: false, ownGoal: false, at: inBreak ? span('half_time').to + 0.5 : at };
      });
      for (const goal of [...listed.map(({ period: _period, ...g }) => g), ...unnamed]) {
        goals.push({ ...goal, minute: goal.minute > 0 ? goal.minute : clockMinuteAt(phases, goal.at) });
      }
    }
  }
  goals.sort((a, b) => a.at - b.at || (a.side === b.side ? 0 : a.side === 'home' ? -1 : 1));
  return { phases, goals, length: phases.at(-1)!.to, result };
}

/** The state of a replayed match at a moment: not started, being played, or over. */
export interface ReplayedMatchState {
  status: 'scheduled' | 'live' | 'finished';
  /** The phase being played (null unless live). */
  phase: MatchPhase | null;
  /** Match minutes into the phase's clock at this moment (45.5: half a minute into the second half), or null when no clock runs. */
  clockMinutes: number | null;
  /** Goals so far [home, away] in 90 minutes, and cumulative with extra time once it started; null before kickoff. */
  fullTime: [number, number] | null;
  extraTime: [number, number] | null;
  /** The shoot-out, once over. */
  penalties: [number, number] | null;
  /** The goals so far, in order. */
  goals: TimedGoal[];
}

/**
 * A replayed match's state `elapsed` match minutes after its kickoff (negative: before it).
 * @returns scheduled before kickoff; live with the phase, clock and goals so far during it; finished with
 *   the source's full result after its length.
 */
export function matchStateAt(timeline: MatchTimeline, elapsed: number): ReplayedMatchState {
  if (elapsed < 0) return { status: 'scheduled', phase: null, clockMinutes: null, fullTime: null, extraTime: null, penalties: null, goals: [] };
  const finished = elapsed >= timeline.length;
  const goals = finished ? timeline.goals : timeline.goals.filter((goal) => goal.at <= elapsed);
  const extraStart = timeline.phases.find((p) => p.phase === 'extra_time')?.from;
  const count = (side: Side, upTo?: number) => goals.filter((g) => g.side === side && (upTo === undefined || g.at < upTo)).length;
  const fullTime: [number, number] = [count('home', extraStart), count('away', extraStart)];
  const extraTime: [number, number] | null = extraStart !== undefined && elapsed >= extraStart ? [count('home'), count('away')] : null;
  if (finished) {
    const { result } = timeline;
    return {
      status: 'finished', phase: null, clockMinutes: null, fullTime: [...result.fullTime!], extraTime: result.extraTime ? [...result.extraTime] : null,
      penalties: result.penalties ? [...result.penalties] : null, goals,
    };
  }
  const phase = timeline.phases.find((p) => elapsed >= p.from && elapsed < p.to)!;
  return {
    status: 'live', phase: phase.phase, clockMinutes: phase.clockFrom === null ? null : phase.clockFrom + (elapsed - phase.from),
    fullTime, extraTime, penalties: null, goals,
  };
}

/** The clock of a live match as stored and sent: `minutes` at the instant `at`, running `rate` times real time (0: stopped). */
export interface LiveClock {
  phase: MatchPhase;
  /** Match minutes on the clock at `at` (null while no clock runs: half time, breaks, a shoot-out). */
  minutes: number | null;
  /** ISO 8601 UTC instant the clock was read at. */
  at: string;
  /** Match minutes per real minute: 1 for a real match, the speed for a replay, 0 while it is paused. */
  rate: number;
}

/** Where a phase's regular time ends on the clock: 45, 90, 120. */
const PHASE_END: Partial<Record<MatchPhase, number>> = { first_half: 45, second_half: 90, extra_time: 120 };

/**
 * What a live match's clock shows at `now`: the minute being played (1-based, as a broadcast shows it:
 * 23 for 22 min 30 s) and the stoppage minute beyond the phase's end (45+2 → minute 45, added 2).
 * @returns null when no clock runs (half time, the break before extra time, a shoot-out).
 */
export function liveClockMinute(clock: LiveClock, now: Date): { minute: number; added: number } | null {
  if (clock.minutes === null) return null;
  const end = PHASE_END[clock.phase];
  const running = clock.minutes + (Math.max(0, now.getTime() - Date.parse(clock.at)) / MINUTE_MS) * clock.rate;
  const minute = Math.floor(running) + 1;
  if (end === undefined || minute <= end) return { minute, added: 0 };
  return { minute: end, added: minute - end };
}

/** The minute written for a moment `at` match minutes after kickoff (the clock's minute, stoppage as its end). */
function clockMinuteAt(phases: readonly PhaseSpan[], at: number): number {
  const phase = phases.find((p) => at >= p.from && at < p.to) ?? phases.at(-1)!;
  if (phase.clockFrom === null) return phase.phase === 'half_time' ? 45 : 90;
  const minute = Math.floor(phase.clockFrom + at - phase.from) + 1;
  return Math.min(minute, PHASE_END[phase.phase] ?? minute);
}

function clamp(value: number, from: number, to: number): number {
  return Math.min(Math.max(value, from), to - 0.01);
}

function checkSpeed(speed: number): void {
  if (!Number.isFinite(speed) || speed < REPLAY_MIN_SPEED || speed > REPLAY_MAX_SPEED) {
    throw new RangeError(`speed must be between ${REPLAY_MIN_SPEED} and ${REPLAY_MAX_SPEED}`);
  }
}

/**
 * The replay's own clock: how far into the replay it is, in real milliseconds since the first kickoff
 * as planned (negative before it), standing still while paused.
 * @param state startsAt: the planned first kickoff; pausedMs: pauses so far; pausedAt: the current pause's start.
 */
export function replayElapsedMs(state: { startsAt: Date; pausedMs: number; pausedAt: Date | null }, now: Date): number {
  return (state.pausedAt ?? now).getTime() - state.startsAt.getTime() - state.pausedMs;
}

/** Real milliseconds a match minute lasts at `speed`. */
export function matchMinuteMs(speed: number): number {
  checkSpeed(speed);
  return MINUTE_MS / speed;
}
