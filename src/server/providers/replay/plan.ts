/**
 * The replay provider: a real tournament's fixtures and results (an openfootball file, parsed) turned into
 * a plan — each match with its replayed offset — and, at any instant, the competition as a provider would
 * report it then: kickoffs moved to the replay's clock, matches not started, live (score so far, clock,
 * scorers) or over with the source's result. The importer (modules/import/service.ts) writes that like any
 * provider's, so scoring, live events, rankings and notifications take the same paths as on a real night.
 * Pure: the caller passes the replay's clock and the instant. Rules: src/domain/replay.ts (decision 018).
 */
import type { MatchStatus } from '../../../domain/deadline';
import {
  matchMinuteMs, matchStateAt, matchTimeline, replayElapsedMs, replayKickoffs, type LiveClock, type SourceResult,
} from '../../../domain/replay';
import type { Stage } from '../../../domain/rounds';
import type { ImportedCompetition, ImportedMatch, ImportedTeam } from '../fixture-source';

/** A match of a replay plan (JSON-safe: stored in replays.plan). */
export interface PlannedMatch {
  externalId: string;
  roundName: string;
  roundOrder: number;
  stage: Stage;
  groupName: string | null;
  home: ImportedTeam;
  away: ImportedTeam;
  venue: string | null;
  label: string;
  /** The source's kickoff, an ISO 8601 UTC instant. */
  sourceKickoff: string;
  /** Real milliseconds from the replay's first kickoff to this one (at the plan's speed). */
  offsetMs: number;
  /** The source's status: a postponed or cancelled match stays so; a scheduled one without a result is never played. */
  sourceStatus: MatchStatus;
  result: SourceResult;
}

/** A tournament ready to replay (stored in replays.plan). */
export interface ReplayPlan {
  name: string;
  season: string;
  kind: 'league' | 'tournament';
  speed: number;
  matches: PlannedMatch[];
}

/** The replay's clock, as stored with it (modules/replay). */
export interface ReplayClock {
  /** The planned first kickoff (a UTC instant). */
  startsAt: Date;
  /** Real milliseconds spent paused so far. */
  pausedMs: number;
  /** When the current pause began, or null while running. */
  pausedAt: Date | null;
  /** Stopped by an administrator: what has not ended is cancelled. */
  stopped: boolean;
}

/**
 * Plans a competition's replay at `speed` (offsets from domain/replay.ts replayKickoffs).
 * @throws RangeError for a speed out of range; Error when the competition has no match.
 */
export function planReplay(competition: ImportedCompetition, speed: number): ReplayPlan {
  if (competition.matches.length === 0) throw new Error('the tournament has no match to replay');
  const offsets = replayKickoffs(competition.matches.map((m) => m.kickoff), new Date(0), speed);
  return {
    name: competition.name,
    season: competition.season,
    kind: competition.kind,
    speed,
    matches: competition.matches.map((match, index) => ({
      externalId: match.externalId, roundName: match.roundName, roundOrder: match.roundOrder, stage: match.stage, groupName: match.groupName,
      home: match.home, away: match.away, venue: match.venue, label: match.label,
      sourceKickoff: match.kickoff.toISOString(),
      offsetMs: offsets[index]!.getTime(),
      sourceStatus: match.status,
      result: { fullTime: match.fullTime, extraTime: match.extraTime, penalties: match.penalties, goals: match.goals ?? [] },
    })),
  };
}

/** How long the replay lasts from its first kickoff to the last match's end, in real milliseconds. */
export function replayLengthMs(plan: ReplayPlan): number {
  const minute = matchMinuteMs(plan.speed);
  return Math.max(...plan.matches.map((m) => m.offsetMs + (matchTimeline(m.result)?.length ?? 0) * minute));
}

/**
 * The competition as the replay reports it at `now`.
 * @returns every match with its replayed kickoff (the planned first kickoff + pauses + its offset) and its
 *   state: scheduled before kickoff; live with the score so far, the clock (stopped while paused) and the
 *   scorers; finished with the source's result. Matches the source has no result for keep the source's
 *   status; once stopped, whatever has not ended is cancelled.
 */
export function replaySnapshot(plan: ReplayPlan, clock: ReplayClock, now: Date): ImportedCompetition {
  const elapsed = replayElapsedMs(clock, now);
  const minute = matchMinuteMs(plan.speed);
  const matches = plan.matches.map((planned): ImportedMatch => {
    const kickoff = new Date(clock.startsAt.getTime() + clock.pausedMs + planned.offsetMs);
    const base = {
      externalId: planned.externalId, roundName: planned.roundName, roundOrder: planned.roundOrder, stage: planned.stage,
      groupName: planned.groupName, kickoff, home: planned.home, away: planned.away, venue: planned.venue, label: planned.label,
    };
    const notPlayed = (status: MatchStatus): ImportedMatch => ({ ...base, status, fullTime: null, extraTime: null, penalties: null, goals: null, live: null });
    const timeline = planned.sourceStatus === 'finished' ? matchTimeline(planned.result) : null;
    if (!timeline) return notPlayed(clock.stopped && planned.sourceStatus === 'scheduled' ? 'cancelled' : planned.sourceStatus);
    const state = matchStateAt(timeline, (elapsed - planned.offsetMs) / minute);
    if (state.status === 'scheduled' || (clock.stopped && state.status === 'live')) return notPlayed(clock.stopped ? 'cancelled' : 'scheduled');
    const goals = state.goals.map(({ at: _at, ...goal }) => goal);
    let live: LiveClock | null = null;
    if (state.status === 'live') {
      const span = timeline.phases.find((p) => p.phase === state.phase)!;
      live = clock.pausedAt
        ? { phase: span.phase, minutes: state.clockMinutes, at: clock.pausedAt.toISOString(), rate: 0 }
        : { phase: span.phase, minutes: span.clockFrom, at: new Date(Math.round(kickoff.getTime() + span.from * minute)).toISOString(), rate: plan.speed };
    }
    return {
      ...base, status: state.status, fullTime: state.fullTime, extraTime: state.extraTime, penalties: state.penalties,
      goals: goals.length > 0 ? goals : null, live,
    };
  });
  return { name: plan.name, season: plan.season, kind: plan.kind, matches, warnings: [] };
}
