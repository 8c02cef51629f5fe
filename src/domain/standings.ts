/**
 * Standings: the table of a league, or of each group of a tournament, computed from finished matches,
 * and a tournament's knockout matches listed by round.
 *
 * Rule (the group's Standings tab): a win is 3 points, a draw 1, a loss 0; only the full-time
 * (90-minute) score counts, as in every league table (extra time and penalties decide a knockout tie,
 * never a table). Order: more points, then better goal difference, then more goals scored, then team
 * name (A→Z). Positions are 1-based and strictly increasing: the name settles any remaining tie.
 * Competitions add their own tie-breaks (head-to-head, fair play, drawing of lots); we do not.
 */
import type { Stage } from './rounds';

/** A side's goals, [home, away]. */
export type GoalPair = readonly [number, number];

/**
 * A finished match, as the standings read it.
 * - `home`/`away`: team names; a team is identified by its name within one competition.
 * - `homeGoals`/`awayGoals`: full-time (90-minute) goals, integers ≥ 0.
 * - `stage`: 'league' (one table), 'group' (one table per `groupName`) or 'knockout' (listed by round).
 * - `groupName`: required when `stage` is 'group' ("Group A").
 * - `roundName`: the round ("Round of 16"); knockout matches are listed under it.
 * - `roundOrder`: the round's chronological order (1-based), when known; rounds without one follow,
 *   in the order they first appear.
 * - `extraTime` (cumulative, includes the full-time goals) and `penalties` (shoot-out only): knockout
 *   details, used to tell who won the match.
 */
export interface FinishedMatch {
  home: string;
  away: string;
  homeGoals: number;
  awayGoals: number;
  stage: Stage;
  groupName?: string | null;
  roundName?: string;
  roundOrder?: number;
  extraTime?: GoalPair | null;
  penalties?: GoalPair | null;
}

/** One row of a table. Goal difference = goalsFor − goalsAgainst; points = 3·won + drawn. */
export interface StandingRow {
  /** 1-based position in the table. */
  position: number;
  team: string;
  played: number;
  won: number;
  drawn: number;
  lost: number;
  goalsFor: number;
  goalsAgainst: number;
  goalDifference: number;
  points: number;
}

/** Points for a win, a draw and a loss. */
export const STANDING_POINTS = { win: 3, draw: 1, loss: 0 } as const;

/** A knockout match with the side that won it: 'home', 'away', or null when level (a first leg). */
export interface KnockoutResult {
  home: string;
  away: string;
  homeGoals: number;
  awayGoals: number;
  extraTime: GoalPair | null;
  penalties: GoalPair | null;
  winner: 'home' | 'away' | null;
}

/** The knockout matches of one round, in the order given. */
export interface KnockoutRound {
  roundName: string;
  matches: KnockoutResult[];
}

/** A group's table. */
export interface GroupTable {
  groupName: string;
  table: StandingRow[];
}

/**
 * Everything the Standings tab shows: the league table (league-stage matches: a league, or the
 * Champions League's league phase), the table of each tournament group (sorted by group name in
 * natural order, "Group B" before "Group K"), and the knockout rounds in order.
 * Parts a competition does not have are empty.
 */
export interface Standings {
  league: StandingRow[];
  groups: GroupTable[];
  knockout: KnockoutRound[];
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Orders names A→Z, ignoring case and accents; code points settle what the collator calls equal. */
function compareNames(a: string, b: string): number {
  return collator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * Compares two rows by the table order: points, goal difference, goals scored (each descending),
 * then team name (A→Z).
 * @returns negative when `a` ranks above `b`.
 */
export function compareStandingRows(a: Omit<StandingRow, 'position'>, b: Omit<StandingRow, 'position'>): number {
  return (
    b.points - a.points || b.goalDifference - a.goalDifference || b.goalsFor - a.goalsFor || compareNames(a.team, b.team)
  );
}

function checkMatch(match: FinishedMatch): void {
  for (const goals of [match.homeGoals, match.awayGoals]) {
    if (!Number.isInteger(goals) || goals < 0) {
      throw new RangeError(`${match.home} v ${match.away}: goals must be integers ≥ 0, got ${match.homeGoals}-${match.awayGoals}`);
    }
  }
  if (match.home === match.away) throw new RangeError(`${match.home} cannot play itself`);
}

/**
 * The table of one league or group.
 * @param matches finished matches (only teams and full-time goals are read), in any order.
 * @param teams teams to list even without a finished match (a season not yet started); optional.
 * @returns one row per team, best first.
 * @throws RangeError for negative or fractional goals, or a team playing itself.
 */
export function leagueTable(matches: readonly FinishedMatch[], teams: readonly string[] = []): StandingRow[] {
  const rows = new Map<string, Omit<StandingRow, 'position'>>();
  const row = (team: string) => {
    let found = rows.get(team);
    if (!found) {
      found = { team, played: 0, won: 0, drawn: 0, lost: 0, goalsFor: 0, goalsAgainst: 0, goalDifference: 0, points: 0 };
      rows.set(team, found);
    }
    return found;
  };
  for (const team of teams) row(team);
  for (const match of matches) {
    checkMatch(match);
    const sides = [
      [row(match.home), match.homeGoals, match.awayGoals],
      [row(match.away), match.awayGoals, match.homeGoals],
    ] as const;
    for (const [side, scored, conceded] of sides) {
      side.played += 1;
      side.goalsFor += scored;
      side.goalsAgainst += conceded;
      side.goalDifference = side.goalsFor - side.goalsAgainst;
      if (scored > conceded) {
        side.won += 1;
        side.points += STANDING_POINTS.win;
      } else if (scored === conceded) {
        side.drawn += 1;
        side.points += STANDING_POINTS.draw;
      } else {
        side.lost += 1;
        side.points += STANDING_POINTS.loss;
      }
    }
  }
  return [...rows.values()].sort(compareStandingRows).map((r, index) => ({ position: index + 1, ...r }));
}

/**
 * Who won a knockout match: the shoot-out if there was one, else extra time if played, else full time
 * (openfootball's rule, ../shared/data/openfootball/INDEX.md). A level score (a tie's first leg, or
 * an impossible level shoot-out in the data) has no winner.
 * @returns 'home', 'away' or null.
 */
export function knockoutWinner(match: Pick<FinishedMatch, 'homeGoals' | 'awayGoals' | 'extraTime' | 'penalties'>): 'home' | 'away' | null {
  const [home, away] = match.penalties ?? match.extraTime ?? [match.homeGoals, match.awayGoals];
  return home > away ? 'home' : away > home ? 'away' : null;
}

/**
 * The standings of a competition.
 * @param matches finished matches of every stage, in kickoff order (knockout matches keep this order
 *   within their round).
 * @param options.teams teams of the league stage to list even without a result.
 * @param options.groups group name → teams, to list group teams even without a result.
 * @returns the league table, the group tables and the knockout rounds (see Standings).
 * @throws RangeError for invalid goals, a team playing itself, or a group match without a group name.
 */
export function computeStandings(
  matches: readonly FinishedMatch[],
  options: { teams?: readonly string[]; groups?: Readonly<Record<string, readonly string[]>> } = {},
): Standings {
  const leagueMatches: FinishedMatch[] = [];
  const groupMatches = new Map<string, FinishedMatch[]>();
  for (const name of Object.keys(options.groups ?? {})) groupMatches.set(name, []);
  const rounds = new Map<string, { order: number; firstSeen: number; matches: KnockoutResult[] }>();

  matches.forEach((match, index) => {
    checkMatch(match);
    if (match.stage === 'league') {
      leagueMatches.push(match);
    } else if (match.stage === 'group') {
      if (!match.groupName) throw new RangeError(`${match.home} v ${match.away}: a group match needs its group name`);
      const list = groupMatches.get(match.groupName) ?? [];
      list.push(match);
      groupMatches.set(match.groupName, list);
    } else {
      const roundName = match.roundName ?? 'Knockout';
      let round = rounds.get(roundName);
      if (!round) {
        round = { order: match.roundOrder ?? Number.POSITIVE_INFINITY, firstSeen: index, matches: [] };
        rounds.set(roundName, round);
      }
      const extraTime = match.extraTime ?? null;
      const penalties = match.penalties ?? null;
      round.matches.push({
        home: match.home,
        away: match.away,
        homeGoals: match.homeGoals,
        awayGoals: match.awayGoals,
        extraTime,
        penalties,
        winner: knockoutWinner({ homeGoals: match.homeGoals, awayGoals: match.awayGoals, extraTime, penalties }),
      });
    }
  });

  const league = leagueMatches.length > 0 || (options.teams?.length ?? 0) > 0 ? leagueTable(leagueMatches, options.teams) : [];
  const groups = [...groupMatches.entries()]
    .sort(([a], [b]) => compareNames(a, b))
    .map(([groupName, list]) => ({ groupName, table: leagueTable(list, options.groups?.[groupName] ?? []) }));
  const knockout = [...rounds.entries()]
    .sort(([, a], [, b]) => (a.order === b.order ? 0 : a.order < b.order ? -1 : 1) || a.firstSeen - b.firstSeen)
    .map(([roundName, round]) => ({ roundName, matches: round.matches }));
  return { league, groups, knockout };
}
