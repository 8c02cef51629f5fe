/**
 * Maps football-data.org v4 matches (GET /competitions/{code}/matches) to an ImportedCompetition.
 * Pure: no I/O; the client fetches the document.
 *
 * Rules (sources: the match resource https://docs.football-data.org/general/v4/match.html, the score
 * node https://docs.football-data.org/general/v4/overtime.html, the filters' values in
 * https://www.football-data.org/documentation/quickstart):
 * - Status: SCHEDULED/TIMED → scheduled; IN_PLAY/PAUSED/EXTRA_TIME/PENALTY_SHOOTOUT (and LIVE) → live;
 *   FINISHED/AWARDED → finished; POSTPONED/SUSPENDED → postponed; CANCELLED → cancelled. An unknown
 *   status is imported as postponed (takes no predictions, scores nothing) with a warning.
 * - Scores: see mapScore. Only live and finished matches carry one.
 * - Rounds: see roundOf; two meetings of the same teams in one knockout stage are legs ("Round of 16,
 *   1st leg" and "…, 2nd leg", by kickoff). Order from orderRounds, stage from stageOf.
 * - A match whose team is not decided yet (id or name null) is skipped with a warning: it is imported
 *   by the first sync after its teams are known (same externalId), so nobody predicts "TBD v TBD".
 * - externalId "fd:<match id>"; kickoff the `utcDate` instant (a rescheduled match only has a new one).
 * - kind 'tournament' when any match (skipped ones included) is not a REGULAR_SEASON match.
 */
import { z } from 'zod';
import type { MatchStatus } from '../../../domain/deadline';
import { orderRounds, stageOf } from '../../../domain/rounds';
import { ImportError, type GoalPair, type ImportedCompetition, type ImportedMatch } from '../fixture-source';
import { seasonLabel } from './competitions';
import { competitionRefSchema, matchSchema, type FdGoalPair, type FdMatch, type FdScore } from './payloads';
import { toImportedTeam } from './teams';

const STATUSES: Readonly<Record<string, MatchStatus>> = {
  SCHEDULED: 'scheduled',
  TIMED: 'scheduled',
  IN_PLAY: 'live',
  PAUSED: 'live',
  EXTRA_TIME: 'live',
  PENALTY_SHOOTOUT: 'live',
  LIVE: 'live',
  FINISHED: 'finished',
  AWARDED: 'finished',
  POSTPONED: 'postponed',
  SUSPENDED: 'postponed',
  CANCELLED: 'cancelled',
};

/** Knockout stages and the round names src/domain/rounds.ts recognises as knockout. */
const KNOCKOUT_ROUNDS: Readonly<Record<string, string>> = {
  PLAYOFFS: 'Playoffs',
  LAST_64: 'Round of 64',
  LAST_32: 'Round of 32',
  LAST_16: 'Round of 16',
  QUARTER_FINALS: 'Quarter-finals',
  SEMI_FINALS: 'Semi-finals',
  THIRD_PLACE: '3rd Place Final',
  FINAL: 'Final',
};

/**
 * The app's status of a football-data.org match status.
 * @param status the API's status ("TIMED", "IN_PLAY", …).
 * @returns the MatchStatus, or null for a status this mapping does not know.
 */
export function mapStatus(status: string): MatchStatus | null {
  return STATUSES[status.trim().toUpperCase()] ?? null;
}

/**
 * "Group A" for the API's "GROUP_A" (also accepts "Group A").
 * @param group the API's group, or null.
 * @returns the group's name, or null when there is none.
 */
export function groupName(group: string | null | undefined): string | null {
  const text = group?.trim();
  if (!text) return null;
  const letter = /^group[_ ]+(\w+)$/i.exec(text)?.[1];
  return letter ? `Group ${letter.toUpperCase()}` : humanise(text);
}

/** Where roundOf puts a match. */
export interface Round {
  /** The round's name, in the vocabulary of src/domain/rounds.ts. */
  roundName: string;
  /** "Group A" for group-stage matches, else null. */
  groupName: string | null;
  /** Whether the stage is one this mapping knows (an unknown one is named after the API's stage). */
  known: boolean;
}

/**
 * The round of a match, before legs are told apart.
 * - REGULAR_SEASON → "Matchday N"; GROUP_STAGE → "Matchday N" in "Group A" (stage 'group');
 * - LEAGUE_STAGE (the UEFA league phase) → "League phase, Matchday N" (not a knockout round);
 * - PLAYOFFS → "Playoffs", LAST_64/LAST_32/LAST_16 → "Round of 64/32/16", QUARTER_FINALS →
 *   "Quarter-finals", SEMI_FINALS → "Semi-finals", THIRD_PLACE → "3rd Place Final", FINAL → "Final";
 * - another stage → its name in words ("QUALIFICATION_ROUND_1" → "Qualification round 1"), with
 *   ", Matchday N" when it has a matchday, and `known: false`.
 * @param stage the API's stage.
 * @param matchday the API's matchday, or null.
 * @param group the API's group ("GROUP_A"), or null.
 */
export function roundOf(stage: string, matchday: number | null | undefined, group: string | null | undefined): Round {
  const day = matchday ?? null;
  const knockout = KNOCKOUT_ROUNDS[stage];
  if (knockout) return { roundName: knockout, groupName: null, known: true };
  switch (stage) {
    case 'REGULAR_SEASON':
      return { roundName: day === null ? 'Regular season' : `Matchday ${day}`, groupName: null, known: true };
    case 'GROUP_STAGE':
      return { roundName: day === null ? 'Group stage' : `Matchday ${day}`, groupName: groupName(group), known: true };
    case 'LEAGUE_STAGE':
      return { roundName: day === null ? 'League phase' : `League phase, Matchday ${day}`, groupName: null, known: true };
    default:
      return { roundName: day === null ? humanise(stage) : `${humanise(stage)}, Matchday ${day}`, groupName: groupName(group), known: false };
  }
}

/** A match's goals in Palpite's terms. */
export interface MappedScore {
  /** After 90 minutes (for a live match: the running score while in the 90 minutes). */
  fullTime: GoalPair | null;
  /** After extra time, cumulative (90 minutes plus extra time); null when there was none. */
  extraTime: GoalPair | null;
  /** The shoot-out only; null when there was none. */
  penalties: GoalPair | null;
  /** Why a score is missing or was derived, for ImportedCompetition.warnings. */
  problems: string[];
}

/**
 * Palpite's score of a match from the API's score node (https://docs.football-data.org/general/v4/overtime.html).
 * - Only live and finished matches have a score; other statuses give nulls.
 * - 90 minutes: `regularTime` when present, else `fullTime` when `duration` is REGULAR. For
 *   EXTRA_TIME and PENALTY_SHOOTOUT, `fullTime` includes the later goals (and the shoot-out), so it is
 *   never taken as is: without `regularTime` the 90 minutes are derived as fullTime − extraTime −
 *   penalties (with a problem noted), or left null when that is impossible.
 * - After extra time: 90 minutes + `extraTime` (ours is cumulative, theirs counts extra-time goals only).
 * - Penalties: `penalties`, when the duration is PENALTY_SHOOTOUT.
 * - Live: `fullTime` is the running score; during the 90 minutes it is our fullTime (the app shows it
 *   live); once the match is in extra time or a shoot-out, the same rules as above keep the 90
 *   minutes, extra time and shoot-out apart, all running.
 * @param score the API's score node (null or absent counts as empty).
 * @param status the app's status of the match.
 */
export function mapScore(score: FdScore | null | undefined, status: MatchStatus): MappedScore {
  const none: MappedScore = { fullTime: null, extraTime: null, penalties: null, problems: [] };
  if (status !== 'live' && status !== 'finished') return none;
  const duration = score?.duration?.trim().toUpperCase() || 'REGULAR';
  const full = pair(score?.fullTime);
  const regular = pair(score?.regularTime);
  const extra = pair(score?.extraTime);
  const shootout = pair(score?.penalties);
  const problems: string[] = [];

  if (duration === 'REGULAR') {
    const fullTime = regular ?? full;
    if (!fullTime && status === 'finished') problems.push('finished without a score');
    return { fullTime, extraTime: null, penalties: null, problems };
  }
  if (duration !== 'EXTRA_TIME' && duration !== 'PENALTY_SHOOTOUT') {
    problems.push(`unknown score duration "${duration}"; only regularTime is used`);
    return { fullTime: regular, extraTime: null, penalties: null, problems };
  }

  const penalties = duration === 'PENALTY_SHOOTOUT' ? shootout : null;
  let fullTime = regular;
  if (!fullTime) {
    const derived = full && extra && (duration === 'EXTRA_TIME' || shootout) ? minus(minus(full, extra), shootout ?? [0, 0]) : null;
    if (derived && derived[0] >= 0 && derived[1] >= 0) {
      fullTime = derived;
      problems.push(`no regularTime; 90-minute score ${show(derived)} derived from fullTime ${show(full!)} minus extra time${shootout ? ' and penalties' : ''}`);
    } else {
      problems.push('no regularTime and too little else to derive the 90-minute score; imported without a score');
    }
  }
  const extraTime = fullTime && extra ? plus(fullTime, extra) : null;
  if (fullTime && !extra) problems.push('went to extra time but has no extraTime score');
  if (duration === 'PENALTY_SHOOTOUT' && !shootout && status === 'finished') problems.push('went to penalties but has no shoot-out score');
  if (penalties && status === 'finished' && penalties[0] === penalties[1]) {
    problems.push(`penalty shoot-out ${show(penalties)} is impossible (a shoot-out has a winner); imported as written`);
  }
  return { fullTime: fullTime ?? null, extraTime, penalties, problems };
}

/** Options for mapFootballDataMatches. */
export interface MapOptions {
  /** Season label; default: from the matches' season dates ("2025-26", "2026"). */
  season?: string;
}

const envelope = z.object({ competition: competitionRefSchema, matches: z.array(z.unknown()) });

/**
 * Maps a football-data.org matches document to an ImportedCompetition.
 * @param document the parsed JSON of GET /competitions/{code}/matches[?season=YYYY].
 * @param options the season label, when the matches cannot give it (an empty list).
 * @returns the competition (name as football-data.org writes it), its matches sorted by kickoff, and
 *   warnings for skipped matches (teams not known yet), unknown statuses or stages, and scores that
 *   are missing, derived or impossible.
 * @throws ImportError for a document of another shape, a malformed match (named in the message), a
 *   match of a team against itself, two matches with the same id, or no season when the list is empty
 *   and options.season is not given.
 */
export function mapFootballDataMatches(document: unknown, options: MapOptions = {}): ImportedCompetition {
  const file = envelope.safeParse(document);
  if (!file.success) {
    throw new ImportError('Not a football-data.org matches response: expected {"competition": {"name", …}, "matches": [...]}.');
  }

  const raws: FdMatch[] = file.data.matches.map((raw, index) => {
    const result = matchSchema.safeParse(raw);
    if (!result.success) {
      const issue = result.error.issues[0];
      const id = (raw as { id?: unknown } | null)?.id;
      const name = `match #${index + 1}${typeof id === 'number' ? ` (fd:${id})` : ''}`;
      throw new ImportError(`${name}: ${issue?.path.map(String).join('.') || 'match'} ${issue?.message ?? 'is invalid'}`);
    }
    return result.data;
  });
  const seen = new Set<number>();
  for (const raw of raws) {
    if (seen.has(raw.id)) throw new ImportError(`fd:${raw.id} appears twice in the list`);
    seen.add(raw.id);
  }

  const warnings: string[] = [];
  const legs = legNumbers(raws);
  const parsed: Omit<ImportedMatch, 'roundOrder'>[] = [];
  for (const raw of raws) {
    const externalId = `fd:${raw.id}`;
    const day = raw.utcDate.slice(0, 10);
    const round = roundOf(raw.stage, raw.matchday, raw.group);
    const leg = legs.get(raw.id);
    const roundName = leg ? `${round.roundName}, ${ordinal(leg)} leg` : round.roundName;
    const where = `${round.groupName ? `${round.groupName}, ` : ''}${roundName}`;

    const home = toImportedTeam(raw.homeTeam);
    const away = toImportedTeam(raw.awayTeam);
    if (!home || !away) {
      const missing = !home && !away ? 'neither team is' : !home ? 'the home team is not' : 'the away team is not';
      warnings.push(`${externalId} ${where} (${day}): ${missing} known yet; skipped until the teams are decided`);
      continue;
    }
    const label = `${where}: ${home.name} v ${away.name} (${day})`;
    if (raw.homeTeam.id === raw.awayTeam.id) throw new ImportError(`${label}: a team cannot play itself`);
    if (!round.known) warnings.push(`${label}: stage ${raw.stage} is not one Palpite knows; imported as round "${roundName}"`);
    if (raw.stage === 'GROUP_STAGE' && !round.groupName) warnings.push(`${label}: a group-stage match without a group`);

    let status = mapStatus(raw.status);
    if (!status) {
      warnings.push(`${label}: unknown status "${raw.status}"; imported as postponed (no predictions, no score)`);
      status = 'postponed';
    }
    const score = mapScore(raw.score, status);
    for (const problem of score.problems) warnings.push(`${label}: ${problem}`);

    parsed.push({
      externalId,
      roundName,
      stage: stageOf(roundName, round.groupName),
      groupName: round.groupName,
      kickoff: new Date(raw.utcDate),
      status,
      home,
      away,
      fullTime: score.fullTime,
      extraTime: score.extraTime,
      penalties: score.penalties,
      venue: raw.venue?.trim() || null,
      label,
    });
  }

  const order = orderRounds(parsed);
  const matches: ImportedMatch[] = parsed
    .map((match) => ({ ...match, roundOrder: order.get(match.roundName) as number }))
    .sort((a, b) => a.kickoff.getTime() - b.kickoff.getTime() || a.roundOrder - b.roundOrder);

  const tournament = raws.some((raw) => raw.stage !== 'REGULAR_SEASON') || matches.some((m) => m.stage !== 'league');
  return {
    name: file.data.competition.name,
    season: options.season ?? seasonOf(raws),
    kind: tournament ? 'tournament' : 'league',
    matches,
    warnings,
  };
}

/**
 * Legs of two-legged ties: in a knockout stage, the matches between the same two teams, numbered by
 * kickoff. Matches of a single-match tie (and of unknown teams) get none.
 */
function legNumbers(raws: readonly FdMatch[]): Map<number, number> {
  const ties = new Map<string, FdMatch[]>();
  for (const raw of raws) {
    if (!KNOCKOUT_ROUNDS[raw.stage] || raw.homeTeam.id == null || raw.awayTeam.id == null) continue;
    const key = `${raw.stage}|${[raw.homeTeam.id, raw.awayTeam.id].sort((a, b) => a - b).join('|')}`;
    ties.set(key, [...(ties.get(key) ?? []), raw]);
  }
  const legs = new Map<number, number>();
  for (const tie of ties.values()) {
    if (tie.length < 2) continue;
    tie.sort((a, b) => Date.parse(a.utcDate) - Date.parse(b.utcDate) || a.id - b.id);
    tie.forEach((raw, index) => legs.set(raw.id, index + 1));
  }
  return legs;
}

function seasonOf(raws: readonly FdMatch[]): string {
  const season = raws.find((raw) => raw.season)?.season;
  if (!season) throw new ImportError('No season: the list has no match with season dates; pass the season label.');
  return seasonLabel(season.startDate, season.endDate);
}

function pair(goals: FdGoalPair | null | undefined): GoalPair | null {
  return goals && goals.home != null && goals.away != null ? [goals.home, goals.away] : null;
}

function plus(a: GoalPair, b: GoalPair): GoalPair {
  return [a[0] + b[0], a[1] + b[1]];
}

function minus(a: GoalPair, b: GoalPair): GoalPair {
  return [a[0] - b[0], a[1] - b[1]];
}

function show(goals: GoalPair): string {
  return `${goals[0]}-${goals[1]}`;
}

function ordinal(n: number): string {
  return n === 1 ? '1st' : n === 2 ? '2nd' : n === 3 ? '3rd' : `${n}th`;
}

/** "QUALIFICATION_ROUND_1" → "Qualification round 1". */
function humanise(constant: string): string {
  const words = constant.trim().toLowerCase().split(/[_\s]+/).filter(Boolean).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
