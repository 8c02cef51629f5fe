/**
 * Group rankings. Rule: more points first; ties broken by more
 * exact scores, then more right goal differences, then more right winners, then fewer opposite results
 * (−2); members equal on all five share a rank and the next rank skips ("1, 1, 3": standard
 * competition ranking, as Kicktipp and most bolões show it).
 *
 * The server ranks in SQL with RANK() over the same keys (src/server/modules/groups/ranking.ts);
 * tests check the two agree.
 */

/** A member's totals in a group. Counts are numbers of predictions in each outcome class. */
export interface RankingTotals {
  userId: string;
  points: number;
  exact: number;
  goalDifference: number;
  winner: number;
  opposite: number;
}

/** Totals with their rank (1-based). */
export type RankedTotals<T extends RankingTotals> = T & { rank: number };

/** The tie-break keys, in order, each compared descending (more is better). */
export const RANKING_KEYS = ['points', 'exact', 'goalDifference', 'winner'] as const;

/** Compares two members by the ranking rule: negative when `a` ranks above `b`, 0 when they tie. */
export function compareTotals(a: RankingTotals, b: RankingTotals): number {
  // RANKING_KEYS in order, written out: a stats page ranks 1,000 members once per round (~40,000 calls).
  return (b.points - a.points) || (b.exact - a.exact) || (b.goalDifference - a.goalDifference) || (b.winner - a.winner)
    || (a.opposite - b.opposite);
}

/** A tie-break key: what decides between members level on points, in this order. */
export type TieBreak = 'exact' | 'goalDifference' | 'winner' | 'opposite';

/**
 * What decided between two members level on points: the first of exact scores, goal differences,
 * winners (more is better) and opposite results (fewer is better) on which they differ.
 * @returns null when their points differ (no tie to break) or when they are equal on everything (they
 *   share the place).
 */
export function tieBreakBetween(a: RankingTotals, b: RankingTotals): TieBreak | null {
  if (a.points !== b.points) return null;
  if (a.exact !== b.exact) return 'exact';
  if (a.goalDifference !== b.goalDifference) return 'goalDifference';
  if (a.winner !== b.winner) return 'winner';
  if (a.opposite !== b.opposite) return 'opposite';
  return null;
}

/** Orders two strings by UTF-16 code units (as Array.prototype.sort does): fast and locale-free, for ids. */
export function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Ranks members by the ranking rule (compareTotals), equal members sharing a rank.
 * @param rows totals per member, in any order.
 * @param tieOrder orders members who share a rank (for display only; default: by userId, code-unit order).
 * @returns a new array, best first, each row with its `rank`.
 */
export function rankMembers<T extends RankingTotals>(
  rows: readonly T[],
  tieOrder: (a: T, b: T) => number = (a, b) => byCodeUnits(a.userId, b.userId),
): RankedTotals<T>[] {
  const compare = compareTotals;
  const sorted = [...rows].sort((a, b) => compare(a, b) || tieOrder(a, b));
  const ranked: RankedTotals<T>[] = [];
  sorted.forEach((row, index) => {
    const previous = ranked[index - 1];
    const rank = previous && compare(previous, row) === 0 ? previous.rank : index + 1;
    ranked.push({ ...row, rank });
  });
  return ranked;
}
