/**
 * A group's statistics, from per-round totals (which the server computes in SQL) and each member's
 * scored predictions in kickoff order. Pure: no I/O, no clock.
 *
 * Rules: the cards Sharpshooter (most exact scores), Mathematician (most
 * right goal differences), Victor (most right winners), Unlucky (most opposite results, −2), Top scorer
 * (most points in one round) and Hot streak (longest run of consecutive predictions that scored more than
 * 0 points); ties list every member; a card with nothing to show (best figure 0) lists nobody. Rankings
 * per round use the ranking rule of ./ranking.ts on cumulative totals; movement compares the ranking after
 * the latest finished round with the one before it; matchday winners are the member(s) with most points
 * in a round (more than 0); the podium is every member ranked 1 to 3, ties shared.
 */
import { byCodeUnits, compareTotals, rankMembers, type RankingTotals } from './ranking';

/** One member's totals in one round (points and counts of each outcome, predictions of that round only). */
export interface RoundTotals extends RankingTotals {
  /** The round's position in the league (1-based order, as `matches.round_order`). */
  roundOrder: number;
}

/** A scored prediction of a member, for streaks: its points, in the order of its match's kickoff. */
export interface ScoredPick {
  userId: string;
  /** Kickoff of the match as a UTC instant in milliseconds (orders the picks). */
  kickoff: number;
  points: number;
}

/** The kinds of stat cards, in display order. */
export const STAT_CARDS = ['sharpshooter', 'mathematician', 'victor', 'unlucky', 'topScorer', 'hotStreak', 'oracle', 'bestJoker'] as const;
/** A kind of stat card. */
export type StatCardKind = (typeof STAT_CARDS)[number];

/** A stat card: the leading member(s) and the figure; `roundOrder` for a top scorer's best round(s). */
export interface StatCard {
  kind: StatCardKind;
  /** The leaders (every tied member), sorted by userId; empty when nobody has a figure above 0. */
  userIds: string[];
  /** The leaders' figure: a count, points in one round, or a streak length. 0 when nobody leads. */
  value: number;
  /** For topScorer: the round(s) in which each leader reached the figure, same order as `userIds`. */
  roundOrders?: number[];
}

/**
 * The charts' data: the rounds with totals, and per member their rank and cumulative points after each
 * of those rounds (arrays aligned with `roundOrders`). Compact on purpose: a 1,000-member group over 38
 * rounds is 1,000 short arrays, not 38,000 objects.
 */
export interface StandingsSeries {
  roundOrders: number[];
  /** One entry per member, ordered by the rank after the last round (ties by userId). */
  members: { userId: string; ranks: number[]; cumulativePoints: number[] }[];
}

/** Members with the most points in one round. */
export interface MatchdayWinners {
  roundOrder: number;
  userIds: string[];
  points: number;
}

/** Leaders of a figure: every member with the maximum, or nobody when the maximum is ≤ 0. */
function leaders<T>(items: readonly T[], idOf: (item: T) => string, figure: (item: T) => number): { ids: string[]; value: number; items: T[] } {
  const best = items.reduce((max, item) => Math.max(max, figure(item)), 0);
  if (best <= 0) return { ids: [], value: 0, items: [] };
  const top = items.filter((item) => figure(item) === best).sort((a, b) => byCodeUnits(idOf(a), idOf(b)));
  return { ids: top.map(idOf), value: best, items: top };
}

/**
 * Sums per-round totals into one row per member.
 * @param rounds per-round totals (any order; members may be missing from rounds they did not score in).
 * @param memberIds every member of the group, so members without predictions appear with zeros.
 */
export function sumTotals(rounds: readonly RoundTotals[], memberIds: readonly string[] = []): RankingTotals[] {
  const byMember = new Map<string, RankingTotals>();
  const ensure = (userId: string) => {
    let row = byMember.get(userId);
    if (!row) {
      row = { userId, points: 0, exact: 0, goalDifference: 0, winner: 0, opposite: 0 };
      byMember.set(userId, row);
    }
    return row;
  };
  for (const id of memberIds) ensure(id);
  for (const round of rounds) {
    const row = ensure(round.userId);
    row.points += round.points;
    row.exact += round.exact;
    row.goalDifference += round.goalDifference;
    row.winner += round.winner;
    row.opposite += round.opposite;
  }
  return [...byMember.values()];
}

/**
 * The longest run of consecutive scored predictions with more than 0 points, per member.
 * @param picks scored predictions (any order; sorted here by kickoff, then by input order).
 * @returns a map userId → longest streak (0 when none scored).
 */
export function longestStreaks(picks: readonly ScoredPick[]): Map<string, number> {
  const byMember = new Map<string, ScoredPick[]>();
  for (const pick of picks) {
    const list = byMember.get(pick.userId) ?? [];
    list.push(pick);
    byMember.set(pick.userId, list);
  }
  const streaks = new Map<string, number>();
  for (const [userId, list] of byMember) {
    const ordered = list.map((pick, index) => ({ pick, index })).sort((a, b) => a.pick.kickoff - b.pick.kickoff || a.index - b.index);
    let best = 0;
    let run = 0;
    for (const { pick } of ordered) {
      run = pick.points > 0 ? run + 1 : 0;
      best = Math.max(best, run);
    }
    streaks.set(userId, best);
  }
  return streaks;
}

/**
 * The longest run of hits in a member's scored predictions in kickoff order, written as a string of '1'
 * (scored more than 0 points) and '0' (0 or −2), e.g. '1101110' → 3, or as numbers 1 and 0 (the server
 * fills a Uint8Array from the streak masks). Equals longestStreaks for the same picks.
 */
export function longestRun(picks: string | ArrayLike<number>): number {
  let best = 0;
  let run = 0;
  const text = typeof picks === 'string';
  for (let i = 0; i < picks.length; i++) {
    const hit = text ? (picks as string).charCodeAt(i) === 49 /* '1' */ : (picks as ArrayLike<number>)[i] === 1;
    run = hit ? run + 1 : 0;
    if (run > best) best = run;
  }
  return best;
}

/**
 * The six stat cards of a group.
 * @param rounds per-round totals of every member who has scored predictions.
 * @param picks every scored prediction of the group, or each member's longest streak already computed
 *   (userId → length, e.g. by SQL; must equal longestStreaks of the picks).
 * @returns one card per kind of STAT_CARDS, in that order.
 */
export function statCards(rounds: readonly RoundTotals[], picks: readonly ScoredPick[] | ReadonlyMap<string, number>): StatCard[] {
  const totals = sumTotals(rounds);
  const id = (row: { userId: string }) => row.userId;
  const count = (kind: StatCardKind, key: 'exact' | 'goalDifference' | 'winner' | 'opposite'): StatCard => {
    const top = leaders(totals, id, (row) => row[key]);
    return { kind, userIds: top.ids, value: top.value };
  };

  // Top scorer: a member's best round; a member who reached it in several rounds is listed once, with the first.
  const bestRound = new Map<string, RoundTotals>();
  for (const round of rounds) {
    const current = bestRound.get(round.userId);
    if (!current || round.points > current.points || (round.points === current.points && round.roundOrder < current.roundOrder)) {
      bestRound.set(round.userId, round);
    }
  }
  const topRound = leaders([...bestRound.values()], id, (round) => round.points);

  const streaks = picks instanceof Map ? picks : longestStreaks(picks as readonly ScoredPick[]);
  const topStreak = leaders([...streaks.entries()], ([userId]) => userId, ([, streak]) => streak);

  return [
    count('sharpshooter', 'exact'),
    count('mathematician', 'goalDifference'),
    count('victor', 'winner'),
    count('unlucky', 'opposite'),
    { kind: 'topScorer', userIds: topRound.ids, value: topRound.value, roundOrders: topRound.items.map((round) => round.roundOrder) },
    { kind: 'hotStreak', userIds: topStreak.ids, value: topStreak.value },
  ];
}

/**
 * The Oracle card: the most bonus points (decided bonus questions), from each member's bonus total.
 * @param bonus userId → bonus points (members without any may be absent).
 * @returns the card, or null when nobody has bonus points (a group without bonus questions shows none).
 */
export function oracleCard(bonus: ReadonlyMap<string, number>): StatCard | null {
  if (![...bonus.values()].some((points) => points !== 0)) return null;
  const top = leaders([...bonus.entries()], ([userId]) => userId, ([, points]) => points);
  return { kind: 'oracle', userIds: top.ids, value: top.value };
}

/**
 * The Best joker card: the most points a single joker earned (its doubled points), from each member's best.
 * @param best userId → the most points one of their jokers earned (members without a scored joker absent).
 * @returns the card, or null when no joker has earned points above 0 (a group without jokers shows none).
 */
export function bestJokerCard(best: ReadonlyMap<string, number>): StatCard | null {
  if (![...best.values()].some((points) => points > 0)) return null;
  const top = leaders([...best.entries()], ([userId]) => userId, ([, points]) => points);
  return { kind: 'bestJoker', userIds: top.ids, value: top.value };
}

/**
 * Totals with each member's bonus points added to their points (the ranking's total: src/server's ranking
 * statement adds member_bonus_totals alike), for the podium.
 */
export function withBonus<T extends RankingTotals>(totals: readonly T[], bonus: ReadonlyMap<string, number>): T[] {
  return totals.map((row) => ({ ...row, points: row.points + (bonus.get(row.userId) ?? 0) }));
}

/**
 * Each member's rank and cumulative points after every round that has totals, for the ranking and
 * points-progression charts. Ranks follow compareTotals (src/domain/ranking.ts; ties share a rank) on the
 * cumulative totals, sorted by packed numbers where the figures allow (a property test holds the two equal).
 * @param rounds per-round totals.
 * @param memberIds every member of the group (members without predictions are ranked with 0).
 * @returns the rounds with totals in order and one series per member (see StandingsSeries).
 */
export function standingsByRound(rounds: readonly RoundTotals[], memberIds: readonly string[]): StandingsSeries {
  const roundOrders = [...new Set(rounds.map((round) => round.roundOrder))].sort((a, b) => a - b);
  // Members by index (the group's, then anyone else with totals); the running totals as five columns.
  const index = new Map<string, number>();
  const userIds: string[] = [];
  for (const id of memberIds) if (!index.has(id)) index.set(id, userIds.push(id) - 1);
  const roundIndex = new Map(roundOrders.map((roundOrder, r) => [roundOrder, r]));
  // Each totals row as (round, member), bucketed by round.
  const rowsByRound: number[][] = roundOrders.map(() => []);
  const memberOf = new Int32Array(rounds.length);
  rounds.forEach((round, k) => {
    let i = index.get(round.userId);
    if (i === undefined) index.set(round.userId, (i = userIds.push(round.userId) - 1));
    memberOf[k] = i;
    rowsByRound[roundIndex.get(round.roundOrder)!]!.push(k);
  });
  const n = userIds.length;
  const totals: RankingColumns = {
    points: new Float64Array(n), exact: new Float64Array(n), goalDifference: new Float64Array(n), winner: new Float64Array(n), opposite: new Float64Array(n),
  };
  // Ties are ordered by userId (code units): each member's position in that order, and who is at each.
  const atId = Array.from({ length: n }, (_, i) => i).sort((a, b) => byCodeUnits(userIds[a]!, userIds[b]!));
  const byId = new Int32Array(n);
  atId.forEach((i, position) => { byId[i] = position; });
  const order = Array.from({ length: n }, (_, i) => i);
  const keys = new Float64Array(n);
  const packed = new Float64Array(n);
  const ranks = roundOrders.map(() => new Int32Array(n));
  const points = roundOrders.map(() => new Float64Array(n));
  const totalsOf = (i: number): RankingTotals => ({
    userId: userIds[i]!, points: totals.points[i]!, exact: totals.exact[i]!, goalDifference: totals.goalDifference[i]!,
    winner: totals.winner[i]!, opposite: totals.opposite[i]!,
  });
  roundOrders.forEach((_, r) => {
    for (const k of rowsByRound[r]!) {
      const i = memberOf[k]!;
      const round = rounds[k]!;
      totals.points[i]! += round.points;
      totals.exact[i]! += round.exact;
      totals.goalDifference[i]! += round.goalDifference;
      totals.winner[i]! += round.winner;
      totals.opposite[i]! += round.opposite;
    }
    const sorted = sortByPackedKeys(totals, byId, atId, keys, packed, order);
    // Figures that cannot be packed: compareTotals itself, on each member's totals as a row.
    const rows = sorted ? [] : userIds.map((_, i) => totalsOf(i));
    if (!sorted) order.sort((a, b) => compareTotals(rows[a]!, rows[b]!) || byId[a]! - byId[b]!);
    const rankAfter = ranks[r]!;
    for (let position = 0; position < n; position++) {
      const i = order[position]!;
      const previous = position > 0 ? order[position - 1]! : -1;
      const tied = previous >= 0 && (sorted ? keys[previous] === keys[i] : compareTotals(rows[previous]!, rows[i]!) === 0);
      rankAfter[i] = tied ? rankAfter[previous]! : position + 1;
    }
    points[r]!.set(totals.points);
  });
  if (roundOrders.length === 0) return { roundOrders, members: [] };
  return {
    roundOrders,
    members: order.map((i) => ({ userId: userIds[i]!, ranks: ranks.map((after) => after[i]!), cumulativePoints: points.map((after) => after[i]!) })),
  };
}

/** The five ranking figures of every member, one column each (member i at index i). */
interface RankingColumns { points: Float64Array; exact: Float64Array; goalDifference: Float64Array; winner: Float64Array; opposite: Float64Array }

/**
 * Sorts `order` (member indexes) as compareTotals then `byId` do, by one number per member: the five
 * ranking figures written as digits of a mixed-radix number (each figure's span in this ranking as its
 * base), sorted as a Float64Array: several times faster than a comparator (the stats page ranks 1,000
 * members once per round). Works only while every figure is an integer and the number stays exact
 * (below 2^53).
 * @param byId each member's place in userId order; `atId` its inverse (the member at each place).
 * @param keys filled with each member's ranking number (equal numbers: tied under compareTotals).
 * @param packed room for the sorted numbers (one per member).
 * @returns false, leaving `order` and `keys` unusable, when the figures cannot be packed exactly.
 */
function sortByPackedKeys(totals: RankingColumns, byId: Int32Array, atId: readonly number[], keys: Float64Array, packed: Float64Array, order: number[]): boolean {
  const n = byId.length;
  const { points, exact, goalDifference, winner, opposite } = totals;
  // Each figure's range (opposite negated: fewer rank higher); integers only.
  let pLow = Infinity, pHigh = -Infinity, eLow = Infinity, eHigh = -Infinity, gLow = Infinity, gHigh = -Infinity;
  let wLow = Infinity, wHigh = -Infinity, oLow = Infinity, oHigh = -Infinity;
  for (let i = 0; i < n; i++) {
    const p = points[i]!, e = exact[i]!, g = goalDifference[i]!, w = winner[i]!, o = -opposite[i]!;
    if (!Number.isInteger(p) || !Number.isInteger(e) || !Number.isInteger(g) || !Number.isInteger(w) || !Number.isInteger(o)) return false;
    if (p < pLow) pLow = p;
    if (p > pHigh) pHigh = p;
    if (e < eLow) eLow = e;
    if (e > eHigh) eHigh = e;
    if (g < gLow) gLow = g;
    if (g > gHigh) gHigh = g;
    if (w < wLow) wLow = w;
    if (w > wHigh) wHigh = w;
    if (o < oLow) oLow = o;
    if (o > oHigh) oHigh = o;
  }
  const eSpan = eHigh - eLow + 1, gSpan = gHigh - gLow + 1, wSpan = wHigh - wLow + 1, oSpan = oHigh - oLow + 1;
  if (n === 0 || !(n * (pHigh - pLow + 1) * eSpan * gSpan * wSpan * oSpan <= Number.MAX_SAFE_INTEGER)) return false;
  // The member's place in userId order as the last digit (an earlier id: larger).
  for (let i = 0; i < n; i++) {
    const key = (((((points[i]! - pLow) * eSpan + exact[i]! - eLow) * gSpan + goalDifference[i]! - gLow) * wSpan + winner[i]! - wLow) * oSpan)
      + (-opposite[i]! - oLow);
    keys[i] = key;
    packed[i] = key * n + (n - 1 - byId[i]!);
  }
  packed.sort();
  for (let position = 0; position < n; position++) order[position] = atId[n - 1 - (packed[n - 1 - position]! % n)]!;
  return true;
}

/**
 * Movement of each member: positive when they climbed. Compares the rank after the latest round with
 * totals against the rank after the rounds before it; with one round or none there is no earlier
 * ranking, and every move is 0.
 * @returns a map userId → places gained (2 = ▲2, −1 = ▼1, 0 = –).
 */
export function movement(rounds: readonly RoundTotals[], memberIds: readonly string[]): Map<string, number> {
  const latest = rounds.reduce((max, round) => Math.max(max, round.roundOrder), Number.NEGATIVE_INFINITY);
  const moves = new Map<string, number>();
  if (!rounds.some((round) => round.roundOrder < latest)) {
    for (const round of rounds) moves.set(round.userId, 0);
    for (const id of memberIds) moves.set(id, 0);
    return moves;
  }
  const before = new Map(rankMembers(sumTotals(rounds.filter((round) => round.roundOrder < latest), memberIds)).map((row) => [row.userId, row.rank]));
  for (const row of rankMembers(sumTotals(rounds, memberIds))) {
    moves.set(row.userId, (before.get(row.userId) ?? row.rank) - row.rank);
  }
  return moves;
}

/**
 * The same movement as `movement`, read off standings already computed (standingsByRound of the same
 * rounds and members): the rank after the last round with totals against the rank after the one before.
 * The stats page computes the standings anyway; ranking everyone twice more cost it a tenth of its time.
 * @param memberIds every member of the group (all 0 when there is no earlier round).
 */
export function movementFromStandings(standings: StandingsSeries, memberIds: readonly string[]): Map<string, number> {
  const moves = new Map<string, number>();
  for (const id of memberIds) moves.set(id, 0);
  const last = standings.roundOrders.length - 1;
  for (const member of standings.members) moves.set(member.userId, last >= 1 ? member.ranks[last - 1]! - member.ranks[last]! : 0);
  return moves;
}

/**
 * The winners of each round: every member with the most points in it, when that is above 0.
 * @returns one entry per round that has a winner, by round order.
 */
export function matchdayWinners(rounds: readonly RoundTotals[]): MatchdayWinners[] {
  const byRound = new Map<number, RoundTotals[]>();
  for (const round of rounds) {
    const list = byRound.get(round.roundOrder);
    if (list) list.push(round);
    else byRound.set(round.roundOrder, [round]);
  }
  return [...byRound.entries()]
    .sort((a, b) => a[0] - b[0])
    .flatMap(([roundOrder, rows]) => {
      const top = leaders(rows, (row) => row.userId, (row) => row.points);
      return top.ids.length > 0 ? [{ roundOrder, userIds: top.ids, points: top.value }] : [];
    });
}

/**
 * The podium: every member ranked 1, 2 or 3 (ties shared, so it may hold more than three).
 * @param totals members' totals (e.g. from sumTotals).
 * @returns ranked rows with rank ≤ 3, best first; empty when nobody has scored a prediction yet.
 */
export function podium<T extends RankingTotals>(totals: readonly T[]) {
  if (!totals.some((row) => row.points !== 0 || row.exact + row.goalDifference + row.winner + row.opposite > 0)) return [];
  return rankMembers(totals).filter((row) => row.rank <= 3);
}

/** Whether a group has any statistics yet: at least one scored prediction. */
export function hasStatistics(rounds: readonly RoundTotals[]): boolean {
  return rounds.length > 0;
}
