/**
 * Bonus questions: what a group asks beside the match predictions ("Who wins the tournament?", "Which
 * four teams reach the semi-finals?", "How many goals in the whole tournament?"), how an answer scores,
 * and how the league's own results decide a question when they can.
 *
 * Kinds of answer: one team, several teams (points for each right one), a number (points for exact,
 * fewer within ±N), or one of the options the group admin wrote. A question's subject says what decides
 * it: the final (champion, runner-up: the team that won the tie, after extra time and penalties), the
 * teams of a round (semi-finalists, a team reaching a round), the whole season's goals (top-scoring team,
 * best defence: fewest conceded, total goals), the final league table (a round-robin league's champion and
 * relegated teams), or the group admin ('admin': choice questions and anything the data cannot decide).
 *
 * Rules we chose (Kicktipp's and Superbru's bonus questions work alike): teams are named as the league's
 * fixtures name them; teams level on a season-long count (most goals, fewest conceded) are all right; a
 * league table's places follow src/domain/standings.ts (points, goal difference, goals scored, name);
 * goals count full time plus extra time, never a shoot-out. The presets: a
 * tournament (champion 15, runner-up 10, each semi-finalist 5, top-scoring team 8, total goals 10 exact /
 * 5 within ±5) and a league season (champion 15, each relegated team 5, top-scoring team 8).
 */
import { predictionDeadline, type MatchStatus } from './deadline';
import { roundParts, type Stage } from './rounds';
import { knockoutWinner, leagueTable, type GoalPair } from './standings';

/** The kinds of answer a bonus question takes. */
export const BONUS_ANSWER_KINDS = ['team', 'teams', 'number', 'choice'] as const;
/** A kind of answer. */
export type BonusAnswerKind = (typeof BONUS_ANSWER_KINDS)[number];

/**
 * What decides a question. `reaches_round` names the round as the fixtures do ("Semi-finals");
 * `relegated` the number of teams that go down.
 */
export type BonusSubject =
  | { kind: 'champion' }
  | { kind: 'runner_up' }
  | { kind: 'semi_finalists' }
  | { kind: 'reaches_round'; round: string }
  | { kind: 'top_scoring_team' }
  | { kind: 'best_defence' }
  | { kind: 'total_goals' }
  | { kind: 'relegated'; teams: number }
  | { kind: 'admin' };

/**
 * A bonus question as the scoring reads it.
 * - `answer`: the kind of answer; `picks`: how many teams a 'teams' answer names (1–20).
 * - `points`: for a right answer, or for each right team of a 'teams' answer (0–100).
 * - `nearPoints` / `nearWithin`: a 'number' answer off by at most `nearWithin` earns `nearPoints`.
 * - `options`: a 'choice' question's options, as the admin wrote them (2–10).
 */
export interface BonusQuestion {
  answer: BonusAnswerKind;
  subject: BonusSubject;
  points: number;
  picks?: number;
  nearPoints?: number;
  nearWithin?: number;
  options?: readonly string[];
}

/**
 * The kinds of answer each subject takes: a single place (champion, runner-up, top-scoring team, best
 * defence) one team; a set of teams (semi-finalists, a round's teams, the relegated) one team (right when
 * it is among them) or several; total goals a number; the group admin any kind.
 */
export const SUBJECT_ANSWERS: Readonly<Record<BonusSubject['kind'], readonly BonusAnswerKind[]>> = {
  champion: ['team'],
  runner_up: ['team'],
  top_scoring_team: ['team'],
  best_defence: ['team'],
  semi_finalists: ['team', 'teams'],
  reaches_round: ['team', 'teams'],
  relegated: ['team', 'teams'],
  total_goals: ['number'],
  admin: BONUS_ANSWER_KINDS,
};

/** The kind of solution an answer kind is decided by: teams for team answers, else its own kind. */
export function solutionKindOf(answer: BonusAnswerKind): BonusSolution['kind'] {
  return answer === 'team' || answer === 'teams' ? 'teams' : answer;
}

/** A member's answer: a team's name, several teams' names, a whole number ≥ 0, or one of the options. */
export type BonusAnswer =
  | { kind: 'team'; team: string }
  | { kind: 'teams'; teams: readonly string[] }
  | { kind: 'number'; value: number }
  | { kind: 'choice'; option: string };

/**
 * What is right, once known: the right teams (several when teams are level on what decides a one-team
 * question), the right number, or the right option.
 */
export type BonusSolution =
  | { kind: 'teams'; teams: readonly string[] }
  | { kind: 'number'; value: number }
  | { kind: 'choice'; option: string };

/** Why an answer does not fit its question: the message a 400 carries. */
export class BonusAnswerError extends Error {
  override name = 'BonusAnswerError';
}

/**
 * Checks an answer against its question: the right kind, teams of the league (`teams`), as many
 * different teams as the question asks for, a whole number ≥ 0, one of the options.
 * @returns the answer with a 'teams' answer's names in a stable order (as given).
 * @throws BonusAnswerError naming what is wrong.
 */
export function checkBonusAnswer(question: BonusQuestion, answer: BonusAnswer, teams: readonly string[]): BonusAnswer {
  const known = new Set(teams);
  const wrongKind = () => new BonusAnswerError(`This question takes ${question.answer === 'teams' ? 'teams' : `a ${question.answer}`} as its answer.`);
  switch (question.answer) {
    case 'team':
      if (answer.kind !== 'team') throw wrongKind();
      if (!known.has(answer.team)) throw new BonusAnswerError(`${answer.team} is not a team of this league.`);
      return answer;
    case 'teams': {
      if (answer.kind !== 'teams') throw wrongKind();
      const picks = question.picks ?? 1;
      const unknown = answer.teams.find((team) => !known.has(team));
      if (unknown !== undefined) throw new BonusAnswerError(`${unknown} is not a team of this league.`);
      if (new Set(answer.teams).size !== answer.teams.length) throw new BonusAnswerError('Name each team once.');
      if (answer.teams.length !== picks) throw new BonusAnswerError(`Name ${picks} different teams.`);
      return answer;
    }
    case 'number':
      if (answer.kind !== 'number') throw wrongKind();
      if (!Number.isInteger(answer.value) || answer.value < 0 || answer.value > 100_000) throw new BonusAnswerError('The answer is a whole number from 0 to 100,000.');
      return answer;
    case 'choice':
      if (answer.kind !== 'choice') throw wrongKind();
      if (!(question.options ?? []).includes(answer.option)) throw new BonusAnswerError(`${answer.option} is not one of this question's options.`);
      return answer;
  }
}

/**
 * The points an answer earns once its question is decided.
 * - one team: `points` when it is one of the right teams;
 * - several teams: `points` for each named team among the right ones;
 * - a number: `points` when exact, else `nearPoints` when off by at most `nearWithin`, else 0;
 * - a choice: `points` when it is the right option.
 * @returns points (0 for an answer of another kind than the solution).
 */
export function scoreBonusAnswer(question: BonusQuestion, answer: BonusAnswer, solution: BonusSolution): number {
  if (solution.kind === 'teams') {
    const right = new Set(solution.teams);
    if (answer.kind === 'team') return right.has(answer.team) ? question.points : 0;
    if (answer.kind === 'teams') return new Set(answer.teams.filter((team) => right.has(team))).size * question.points;
    return 0;
  }
  if (solution.kind === 'number') {
    if (answer.kind !== 'number') return 0;
    const off = Math.abs(answer.value - solution.value);
    if (off === 0) return question.points;
    return question.nearWithin !== undefined && off <= question.nearWithin ? (question.nearPoints ?? 0) : 0;
  }
  return answer.kind === 'choice' && answer.option === solution.option ? question.points : 0;
}

/** The status of a fixture as the resolution reads it (src/domain/deadline.ts MATCH_STATUSES). */
export type FixtureStatus = MatchStatus;

/**
 * A fixture of the league, as the resolution reads it: teams by name, the round's name and order, the
 * stage (src/domain/rounds.ts stageOf), the kickoff (UTC instant) and, once finished, full-time goals
 * with extra time (cumulative) and a shoot-out when there were.
 */
export interface BonusFixture {
  home: string;
  away: string;
  roundName: string;
  roundOrder: number;
  stage: Stage;
  kickoff: Date;
  status: FixtureStatus;
  homeGoals: number | null;
  awayGoals: number | null;
  extraTime?: GoalPair | null;
  penalties?: GoalPair | null;
}

/** A finished fixture with its goals. */
type Played = BonusFixture & { homeGoals: number; awayGoals: number };
const played = (fixture: BonusFixture): fixture is Played =>
  fixture.status === 'finished' && fixture.homeGoals !== null && fixture.awayGoals !== null;

/**
 * Whether the season is over: every fixture finished (or cancelled: a postponed one is still to play),
 * and, in a tournament, its final among them: a provider lists knockout fixtures only once their teams are
 * known, so a tournament whose group stage is all played is not over.
 */
function seasonOver(fixtures: readonly BonusFixture[], tournament: boolean): boolean {
  if (tournament && finalFixtures(fixtures).length === 0) return false;
  return fixtures.length > 0 && fixtures.every((fixture) => played(fixture) || fixture.status === 'cancelled');
}

/** The final (the round named "Final", not the third-place match), its fixtures. */
function finalFixtures(fixtures: readonly BonusFixture[]): BonusFixture[] {
  return fixtures.filter((fixture) => fixture.stage === 'knockout' && roundParts(fixture.roundName).some((part) => part.kind === 'final'));
}

/** The fixtures of the round named `round` (compared by its recognised parts: "Semi-finals" = "Semi-final"). */
function roundFixtures(fixtures: readonly BonusFixture[], round: string): BonusFixture[] {
  const key = JSON.stringify(roundParts(round));
  return fixtures.filter((fixture) => JSON.stringify(roundParts(fixture.roundName)) === key);
}

/** Goals of a finished fixture, [home, away]: extra time's when played (cumulative), else full time. */
function goalsOf(fixture: Played): GoalPair {
  return fixture.extraTime ?? [fixture.homeGoals, fixture.awayGoals];
}

/** The teams with the best value of `count` among every team of the fixtures (`best`: the larger or the smaller). */
function bestTeams(fixtures: readonly BonusFixture[], count: (scored: number, conceded: number) => number, best: 'max' | 'min'): string[] {
  const totals = new Map<string, { scored: number; conceded: number }>();
  for (const fixture of fixtures) {
    for (const team of [fixture.home, fixture.away]) if (!totals.has(team)) totals.set(team, { scored: 0, conceded: 0 });
    if (!played(fixture)) continue;
    const [home, away] = goalsOf(fixture);
    totals.get(fixture.home)!.scored += home;
    totals.get(fixture.home)!.conceded += away;
    totals.get(fixture.away)!.scored += away;
    totals.get(fixture.away)!.conceded += home;
  }
  const values = [...totals].map(([team, t]) => [team, count(t.scored, t.conceded)] as const);
  if (values.length === 0) return [];
  const target = best === 'max' ? Math.max(...values.map(([, v]) => v)) : Math.min(...values.map(([, v]) => v));
  return values.filter(([, v]) => v === target).map(([team]) => team).sort();
}

/**
 * Decides a question from the league's fixtures, when they can:
 * - champion / runner-up: a tournament's final once finished (the winner of the tie: shoot-out, else
 *   extra time, else full time; src/domain/standings.ts knockoutWinner), or, for a league without a
 *   final, the first / second place of the final table once every fixture is over;
 * - semi-finalists, a team reaching a round: the teams of that round once all its fixtures are finished;
 * - top-scoring team, best defence (fewest conceded), total goals: once every fixture is over;
 * - relegated: the bottom places of the final table once every fixture is over;
 * - 'admin': never (the group admin decides).
 * A result corrected later decides it again from the corrected fixtures (call this again).
 * @param options.tournament the league is a tournament (leagues.kind): its season-long questions wait for
 *   its final, and its champion comes from the final only, never from a first phase's table.
 * @returns the solution, or null while the fixtures cannot decide it yet.
 */
export function resolveBonusSubject(subject: BonusSubject, fixtures: readonly BonusFixture[], options: { tournament?: boolean } = {}): BonusSolution | null {
  const tournament = options.tournament ?? false;
  switch (subject.kind) {
    case 'champion':
    case 'runner_up': {
      const final = finalFixtures(fixtures);
      if (final.length > 0) {
        // A final over two legs is decided by its last leg (aggregate scores are not in the data): one match here.
        const last = final.reduce((a, b) => (a.kickoff <= b.kickoff ? b : a));
        if (!played(last)) return null;
        const side = knockoutWinner({ homeGoals: last.homeGoals, awayGoals: last.awayGoals, extraTime: last.extraTime ?? null, penalties: last.penalties ?? null });
        if (!side) return null;
        const winner = side === 'home' ? last.home : last.away;
        const loser = side === 'home' ? last.away : last.home;
        return { kind: 'teams', teams: [subject.kind === 'champion' ? winner : loser] };
      }
      // A tournament's champion comes from its final only (its first phase's table decides nothing).
      const table = tournament ? null : finalTable(fixtures);
      const place = table?.[subject.kind === 'champion' ? 0 : 1];
      return place ? { kind: 'teams', teams: [place.team] } : null;
    }
    case 'semi_finalists':
    case 'reaches_round': {
      const round = roundFixtures(fixtures, subject.kind === 'semi_finalists' ? 'Semi-finals' : subject.round);
      if (round.length === 0 || !round.every(played)) return null;
      return { kind: 'teams', teams: [...new Set(round.flatMap((fixture) => [fixture.home, fixture.away]))].sort() };
    }
    case 'top_scoring_team':
      return seasonOver(fixtures, tournament) ? { kind: 'teams', teams: bestTeams(fixtures, (scored) => scored, 'max') } : null;
    case 'best_defence':
      return seasonOver(fixtures, tournament) ? { kind: 'teams', teams: bestTeams(fixtures, (_scored, conceded) => conceded, 'min') } : null;
    case 'total_goals': {
      if (!seasonOver(fixtures, tournament)) return null;
      const value = fixtures.filter(played).reduce((sum, fixture) => sum + goalsOf(fixture)[0] + goalsOf(fixture)[1], 0);
      return { kind: 'number', value };
    }
    case 'relegated': {
      const table = tournament ? null : finalTable(fixtures);
      if (!table || subject.teams < 1 || subject.teams > table.length) return null;
      return { kind: 'teams', teams: table.slice(-subject.teams).map((row) => row.team).sort() };
    }
    case 'admin':
      return null;
  }
}

/** The final table of a league's league-stage fixtures once every fixture is over; null before, or without any. */
function finalTable(fixtures: readonly BonusFixture[]) {
  const league = fixtures.filter((fixture) => fixture.stage === 'league');
  if (league.length === 0 || !seasonOver(league, false)) return null;
  return leagueTable(league.filter(played));
}

/**
 * The latest instant a question may close: before anything the fixtures hold could tell its answer.
 * - champion / runner-up of a tournament: the final's kickoff;
 * - a round's teams (semi-finalists, reaching a round): the kickoff of the last fixture before that round;
 * - anything the whole season decides: the last fixture's kickoff;
 * - 'admin': no limit from the fixtures (null).
 * Each at that fixture's prediction deadline (src/domain/deadline.ts predictionDeadline: kickoff − 15 min).
 * @returns a UTC instant, or null when the fixtures set no limit (or hold none of the deciding ones).
 */
export function latestBonusClose(subject: BonusSubject, fixtures: readonly BonusFixture[]): Date | null {
  const minus = (kickoff: number) => predictionDeadline(new Date(kickoff));
  const latest = (list: readonly BonusFixture[]) => (list.length === 0 ? null : minus(Math.max(...list.map((f) => f.kickoff.getTime()))));
  switch (subject.kind) {
    case 'champion':
    case 'runner_up': {
      const final = finalFixtures(fixtures);
      return final.length > 0 ? minus(Math.min(...final.map((f) => f.kickoff.getTime()))) : latest(fixtures);
    }
    case 'semi_finalists':
    case 'reaches_round': {
      const round = roundFixtures(fixtures, subject.kind === 'semi_finalists' ? 'Semi-finals' : subject.round);
      // The round not in the fixtures yet (a provider lists it once its teams are known): no later than the
      // last fixture listed, which comes before it.
      if (round.length === 0) return latest(fixtures);
      const order = Math.min(...round.map((f) => f.roundOrder));
      return latest(fixtures.filter((f) => f.roundOrder < order)) ?? minus(Math.min(...round.map((f) => f.kickoff.getTime())));
    }
    case 'admin':
      return null;
    default:
      return latest(fixtures);
  }
}

/**
 * When a question closes unless the admin chooses otherwise: the prediction deadline of the league's
 * first kickoff (kickoff − 15 min). Null for a league without fixtures.
 */
export function defaultBonusClose(fixtures: readonly BonusFixture[]): Date | null {
  if (fixtures.length === 0) return null;
  return predictionDeadline(new Date(Math.min(...fixtures.map((f) => f.kickoff.getTime()))));
}

/** A preset question: what it asks (a key the web app words in three languages) and how it scores. */
export interface BonusPreset extends BonusQuestion {
  key: 'champion' | 'runner_up' | 'semi_finalists' | 'top_scoring_team' | 'total_goals' | 'relegated';
}

/** The questions a group admin can add at once for a tournament (a competition with knockout rounds). */
export const TOURNAMENT_PRESETS: readonly BonusPreset[] = [
  { key: 'champion', answer: 'team', subject: { kind: 'champion' }, points: 15 },
  { key: 'runner_up', answer: 'team', subject: { kind: 'runner_up' }, points: 10 },
  { key: 'semi_finalists', answer: 'teams', subject: { kind: 'semi_finalists' }, points: 5, picks: 4 },
  { key: 'top_scoring_team', answer: 'team', subject: { kind: 'top_scoring_team' }, points: 8 },
  { key: 'total_goals', answer: 'number', subject: { kind: 'total_goals' }, points: 10, nearPoints: 5, nearWithin: 5 },
];

/**
 * The questions a group admin can add at once for a league season.
 * @param relegated how many teams go down (3 in most leagues).
 */
export function leaguePresets(relegated = 3): BonusPreset[] {
  return [
    { key: 'champion', answer: 'team', subject: { kind: 'champion' }, points: 15 },
    { key: 'relegated', answer: 'teams', subject: { kind: 'relegated', teams: relegated }, points: 5, picks: relegated },
    { key: 'top_scoring_team', answer: 'team', subject: { kind: 'top_scoring_team' }, points: 8 },
  ];
}
