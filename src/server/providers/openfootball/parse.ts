/**
 * Parses openfootball JSON (github.com/openfootball: worldcup.json, euro.json, football.json) into an
 * ImportedCompetition. Pure: no I/O; the caller reads the file or URL.
 *
 * Accepts every variant described in ../shared/data/openfootball/INDEX.md: a flat `matches` list or
 * nested `rounds`; teams as strings or `{name, code}`; times with or without " UTC±N" (or none at all);
 * `score` with any of ht/ft/et/p, or `{}`; `status: "postponed"`; goal minutes as integers (with
 * `offset`) or strings ("90+4"); stage-prefixed rounds ("Finals, Semifinals").
 *
 * Kickoffs: the file's times are local to the venue. An explicit " UTC±N" wins; otherwise the IANA
 * zone given by the caller is used; a time with neither is an ImportError naming the match.
 */
import { DateTime, IANAZone } from 'luxon';
import { z } from 'zod';
import { orderRounds, stageOf } from '../../../domain/rounds';
import type { MatchStatus } from '../../../domain/deadline';
import type { SourceGoal } from '../../../domain/replay';
import { ImportError, type GoalPair, type ImportedCompetition, type ImportedMatch } from '../fixture-source';

const goalPair = z.tuple([z.number().int().min(0), z.number().int().min(0)]);
const team = z.union([
  z.string().trim().min(1),
  z.object({ name: z.string().trim().min(1), code: z.string().trim().min(1).optional() }),
]);
const goal = z.object({
  name: z.string().optional(),
  minute: z.union([z.number().int(), z.string()]).optional(),
  offset: z.number().int().optional(),
  penalty: z.boolean().optional(),
  owngoal: z.boolean().optional(),
});
const rawMatch = z.object({
  round: z.string().trim().min(1).optional(),
  num: z.number().int().optional(),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD'),
  time: z.string().trim().optional(),
  team1: team,
  team2: team,
  score: z
    .object({ ht: goalPair.optional(), ft: goalPair.optional(), et: goalPair.optional(), p: goalPair.optional() })
    .optional(),
  status: z.string().optional(),
  group: z.string().trim().min(1).optional(),
  ground: z.string().trim().min(1).optional(),
  goals1: z.array(goal).optional(),
  goals2: z.array(goal).optional(),
});
type RawMatch = z.infer<typeof rawMatch>;

const fileShape = z.union([
  z.object({ name: z.string().min(1), matches: z.array(z.unknown()) }),
  z.object({
    name: z.string().min(1),
    rounds: z.array(z.object({ name: z.string().trim().min(1), matches: z.array(z.unknown()) })),
  }),
]);

/** Options for parseOpenfootball. */
export interface ParseOptions {
  /** IANA zone of kickoff times written without an offset ("Asia/Qatar", "Europe/London"). */
  timeZone?: string;
  /** Season label; default: from the source path ("2024-25/en.1.json"), the name, or the first date. */
  season?: string;
  /** Path or URL of the source, used to infer the season. */
  sourcePath?: string;
}

/**
 * Parses an openfootball document.
 * @param document the parsed JSON.
 * @returns the competition, its matches sorted by kickoff, and warnings for data imported as written
 *   that looks wrong (tied shoot-outs, extra-time scores below full time, late goals without extra time).
 * @throws ImportError for a document of another shape, an unknown time zone, a match that is malformed
 *   (named in the message), a time without offset and no time zone, or two matches with the same id.
 */
export function parseOpenfootball(document: unknown, options: ParseOptions = {}): ImportedCompetition {
  const file = fileShape.safeParse(document);
  if (!file.success) {
    throw new ImportError('Not an openfootball file: expected {"name", "matches": [...]} or {"name", "rounds": [...]}.');
  }
  if (options.timeZone !== undefined && !IANAZone.isValidZone(options.timeZone)) {
    throw new ImportError(`Unknown time zone "${options.timeZone}": use an IANA name such as Europe/London.`);
  }
  const entries: { raw: unknown; roundName?: string; position: string }[] =
    'matches' in file.data
      ? file.data.matches.map((raw, index) => ({ raw, position: `match #${index + 1}` }))
      : file.data.rounds.flatMap((round) =>
          round.matches.map((raw, index) => ({ raw, roundName: round.name, position: `${round.name} match #${index + 1}` })),
        );

  const warnings: string[] = [];
  const parsed = entries.map(({ raw, roundName, position }) => {
    const result = rawMatch.safeParse(raw);
    const label = describeRaw(raw, roundName, position);
    if (!result.success) {
      const issue = result.error.issues[0];
      throw new ImportError(`${label}: ${issue?.path.join('.') || 'match'} ${issue?.message ?? 'is invalid'}`);
    }
    const match = result.data;
    const round = match.round ?? roundName;
    if (!round) throw new ImportError(`${label}: has no round`);
    return toMatch(match, round, label, options.timeZone, warnings);
  });

  const seen = new Map<string, string>();
  for (const match of parsed) {
    const other = seen.get(match.externalId);
    if (other) throw new ImportError(`${match.label} and ${other} are the same fixture (id "${match.externalId}")`);
    seen.set(match.externalId, match.label);
  }

  const order = orderRounds(parsed);
  const matches: ImportedMatch[] = parsed
    .map((match) => ({ ...match, roundOrder: order.get(match.roundName) as number }))
    .sort((a, b) => a.kickoff.getTime() - b.kickoff.getTime() || a.roundOrder - b.roundOrder);

  const kind = matches.some((m) => m.stage !== 'league') ? 'tournament' : 'league';
  return {
    name: file.data.name.trim(),
    season: options.season ?? inferSeason(options.sourcePath, file.data.name, matches),
    kind,
    matches,
    warnings,
  };
}

function toMatch(
  match: RawMatch,
  roundName: string,
  label: string,
  timeZone: string | undefined,
  warnings: string[],
): Omit<ImportedMatch, 'roundOrder'> {
  const home = typeof match.team1 === 'string' ? { name: match.team1, code: null } : { name: match.team1.name, code: match.team1.code ?? null };
  const away = typeof match.team2 === 'string' ? { name: match.team2, code: null } : { name: match.team2.name, code: match.team2.code ?? null };
  if (home.name === away.name) throw new ImportError(`${label}: a team cannot play itself`);

  const kickoff = parseKickoff(match.date, match.time, timeZone, label, warnings);
  const score = match.score ?? {};
  const fullTime = (score.ft as GoalPair | undefined) ?? null;
  const extraTime = (score.et as GoalPair | undefined) ?? null;
  const penalties = (score.p as GoalPair | undefined) ?? null;
  const status = statusOf(match.status, fullTime, label, warnings);

  if (penalties && penalties[0] === penalties[1]) {
    warnings.push(`${label}: penalty shoot-out ${penalties[0]}-${penalties[1]} is impossible (a shoot-out has a winner); imported as written`);
  }
  if (extraTime && fullTime && (extraTime[0] < fullTime[0] || extraTime[1] < fullTime[1])) {
    warnings.push(`${label}: score after extra time ${extraTime.join('-')} is below the full-time score ${fullTime.join('-')}; imported as written`);
  }
  if (fullTime && !extraTime) {
    const late = [...(match.goals1 ?? []), ...(match.goals2 ?? [])].find((g) => extraTimeMinute(g.minute, g.offset));
    if (late) {
      warnings.push(`${label}: a goal at minute ${late.minute} but no extra-time score; the full-time score ${fullTime.join('-')} may include extra time`);
    }
  }

  const externalId = match.num !== undefined ? `num:${match.num}` : `${roundName}|${home.name}|${away.name}`;
  return {
    externalId,
    roundName,
    stage: stageOf(roundName, match.group),
    groupName: match.group ?? null,
    kickoff,
    status,
    home,
    away,
    fullTime: status === 'finished' ? fullTime : null,
    extraTime: status === 'finished' ? extraTime : null,
    penalties: status === 'finished' ? penalties : null,
    venue: match.ground ?? null,
    goals: status === 'finished' ? goalsOf(match) : null,
    label,
  };
}

/**
 * The goals of a match in the order they were scored, each counted for the side whose list holds it
 * (an own goal is in the list of the side it counts for); minutes written "90+4" or as 90 with offset 4.
 */
function goalsOf(match: RawMatch): SourceGoal[] | null {
  const listed = [
    ...(match.goals1 ?? []).map((goal) => ({ goal, side: 'home' as const })),
    ...(match.goals2 ?? []).map((goal) => ({ goal, side: 'away' as const })),
  ];
  if (listed.length === 0) return null;
  return listed.flatMap(({ goal, side }) => {
    const written = typeof goal.minute === 'string' ? /^(\d{1,3})(?:\s*\+\s*(\d{1,2}))?$/.exec(goal.minute.trim()) : null;
    const minute = typeof goal.minute === 'number' ? goal.minute : written ? Number(written[1]) : null;
    if (minute === null || minute < 0 || minute > 130) return [];
    const offset = typeof goal.minute === 'number' ? (goal.offset ?? null) : written?.[2] ? Number(written[2]) : null;
    return [{ side, minute, offset, scorer: goal.name?.trim() || null, penalty: goal.penalty === true, ownGoal: goal.owngoal === true }];
  }).sort((a, b) => a.minute + (a.offset ?? 0) / 100 - (b.minute + (b.offset ?? 0) / 100));
}

const TIME = /^(\d{1,2}):(\d{2})(?:\s*UTC\s*([+-])(\d{1,2})(?::?(\d{2}))?)?$/i;

function parseKickoff(date: string, time: string | undefined, timeZone: string | undefined, label: string, warnings: string[]): Date {
  let clock = '00:00';
  let offset: string | null = null;
  if (time) {
    const parts = TIME.exec(time);
    if (!parts) throw new ImportError(`${label}: time "${time}" is not HH:MM with an optional " UTC±N"`);
    clock = `${parts[1]!.padStart(2, '0')}:${parts[2]}`;
    if (parts[3]) offset = `${parts[3]}${parts[4]!.padStart(2, '0')}:${parts[5] ?? '00'}`;
  } else {
    warnings.push(`${label}: no kickoff time; using 00:00 local time, so predictions close early rather than late`);
  }
  let result: DateTime;
  if (offset) {
    result = DateTime.fromISO(`${date}T${clock}:00${offset}`, { setZone: true });
  } else if (timeZone) {
    result = DateTime.fromISO(`${date}T${clock}:00`, { zone: timeZone });
  } else {
    throw new ImportError(`${label}: time "${time ?? ''}" has no UTC offset; pass --tz with the venue's IANA time zone (e.g. --tz Asia/Qatar)`);
  }
  if (!result.isValid) throw new ImportError(`${label}: "${date} ${time ?? ''}" is not a valid date and time`);
  return result.toJSDate();
}

function statusOf(status: string | undefined, fullTime: GoalPair | null, label: string, warnings: string[]): MatchStatus {
  const normalized = status?.trim().toLowerCase();
  if (normalized === 'postponed') return 'postponed';
  if (normalized === 'cancelled' || normalized === 'canceled' || normalized === 'abandoned') return 'cancelled';
  if (normalized && normalized !== 'finished' && normalized !== 'scheduled') {
    warnings.push(`${label}: unknown status "${status}"; going by the score`);
  }
  return fullTime ? 'finished' : 'scheduled';
}

/** Whether a goal minute lies in extra time: past 90 and not written as stoppage time (90+N). */
function extraTimeMinute(minute: number | string | undefined, offset: number | undefined): boolean {
  if (minute === undefined) return false;
  if (typeof minute === 'number') return minute > 90 && offset === undefined;
  return Number.parseInt(minute, 10) > 90; // "90+4" is stoppage time (90); "92", "105+1", "120+5" are not
}

function describeRaw(raw: unknown, roundName: string | undefined, position: string): string {
  const r = (raw ?? {}) as Record<string, unknown>;
  const name = (t: unknown) => (typeof t === 'string' ? t : ((t as { name?: string } | undefined)?.name ?? '?'));
  const round = typeof r.round === 'string' ? r.round : roundName;
  const teams = r.team1 !== undefined || r.team2 !== undefined ? ` ${name(r.team1)} v ${name(r.team2)}` : '';
  const date = typeof r.date === 'string' ? ` (${r.date})` : '';
  return `${position}${round ? ` [${round}]` : ''}${teams}${date}`.trim();
}

function inferSeason(sourcePath: string | undefined, name: string, matches: readonly ImportedMatch[]): string {
  const segments = (sourcePath ?? '').split(/[\\/]/).reverse();
  const fromPath = segments.find((segment) => /^\d{4}(-\d{2}|-\d{4})?$/.test(segment));
  if (fromPath) return fromPath;
  const fromName = /\b(\d{4})(?:\/(\d{2,4}))?\b/.exec(name);
  if (fromName) return fromName[2] ? `${fromName[1]}-${fromName[2].slice(-2)}` : fromName[1]!;
  const first = matches[0];
  return first ? String(first.kickoff.getUTCFullYear()) : 'unknown';
}
