/**
 * Group rankings. Rule: more points first; ties broken by more
 * exact scores, then more right goal differences, then more right winners, then fewer opposite results
 * (−2); members equal on all five share a rank and the next rank skips ("1, 1, 3": standard
 * competition ranking, as Kicktipp and most bolões show it).
 *
 * The server ranks a group's totals with competitionRanksOf and rankedOrder
 * (src/server/modules/groups/ranking.ts); tests check they agree with rankMembers.
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

/** Bits of a float64's exact integers: a packed key (packedKeys) must stay below 2 ** 53. */
const EXACT_BITS = 53;

/**
 * Totals of many members as columns (one array per key, the same index for the same member): what
 * competitionRanksOf reads, without an object per member.
 */
export interface TotalsColumns {
  points: ArrayLike<number>;
  exact: ArrayLike<number>;
  goalDifference: ArrayLike<number>;
  winner: ArrayLike<number>;
  opposite: ArrayLike<number>;
}

/** The smallest and largest value of `values`' first `n` ([Infinity, -Infinity] for none). */
function rangeOf(values: ArrayLike<number>, n: number): [number, number] {
  let min = Infinity; let max = -Infinity;
  for (let i = 0; i < n; i++) {
    const value = values[i]!;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return [min, max];
}

/**
 * Each member's ranking keys packed into one number, larger = better (points, then exact, goal difference,
 * winner, then fewer opposite results: compareTotals' order), so that two members compare as their numbers
 * do. Each key takes the bits its range among the `n` members needs.
 * @returns one number per member (same index), or null when the ranges need more than 53 bits together
 *   (then compare key by key).
 */
function packedKeys(columns: TotalsColumns, n: number): Float64Array | null {
  if (n === 0) return new Float64Array(0);
  const [mP, xP] = rangeOf(columns.points, n);
  const [mE, xE] = rangeOf(columns.exact, n);
  const [mG, xG] = rangeOf(columns.goalDifference, n);
  const [mW, xW] = rangeOf(columns.winner, n);
  const [mO, xO] = rangeOf(columns.opposite, n);
  /** Bits that hold every value of [min, max] as an offset from min (counted: log2 rounds near powers of 2). */
  const bits = (min: number, max: number) => {
    let width = 1;
    while (width < EXACT_BITS && 2 ** width <= max - min) width++;
    return width;
  };
  if (bits(mP, xP) + bits(mE, xE) + bits(mG, xG) + bits(mW, xW) + bits(mO, xO) >= EXACT_BITS) return null;
  const sE = 2 ** bits(mE, xE); const sG = 2 ** bits(mG, xG); const sW = 2 ** bits(mW, xW); const sO = 2 ** bits(mO, xO);
  const { points, exact, goalDifference, winner, opposite } = columns;
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    // Fewer opposite results rank higher: counted down from the largest.
    keys[i] = (((((points[i]! - mP) * sE + (exact[i]! - mE)) * sG + (goalDifference[i]! - mG)) * sW + (winner[i]! - mW)) * sO)
      + (xO - opposite[i]!);
  }
  return keys;
}

/**
 * Each of `n` members' rank by the ranking rule (compareTotals; equal members share a rank and the next
 * skips: "1, 1, 3"), as rankMembers gives it, from their totals as columns and without reordering them: for
 * a ranking of thousands of members computed on a request, where sorting objects with a comparator cost
 * ~15 ms at 10,000 members (~2.5 ms this way).
 * @returns ranks (1-based), `ranks[i]` the rank of member `i`.
 */
export function competitionRanksOf(columns: TotalsColumns, n: number): Int32Array {
  const ranks = new Int32Array(n);
  const keys = packedKeys(columns, n);
  if (keys) {
    // Rank = 1 + how many keys are larger: n less the keys up to this one, found in an ascending sorted
    // copy by binary search.
    const sorted = keys.slice().sort();
    for (let i = 0; i < n; i++) {
      const key = keys[i]!;
      let lo = 0; let hi = n;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (sorted[mid]! <= key) lo = mid + 1; else hi = mid;
      }
      ranks[i] = n - lo + 1;
    }
    return ranks;
  }
  const { points, exact, goalDifference, winner, opposite } = columns;
  const compare = (a: number, b: number) => (points[b]! - points[a]!) || (exact[b]! - exact[a]!)
    || (goalDifference[b]! - goalDifference[a]!) || (winner[b]! - winner[a]!) || (opposite[a]! - opposite[b]!);
  const order = Array.from({ length: n }, (_, i) => i).sort(compare);
  order.forEach((index, position) => {
    const before = order[position - 1];
    ranks[index] = before !== undefined && compare(before, index) === 0 ? ranks[before]! : position + 1;
  });
  return ranks;
}

/** Runs of equal rank at least this long are ordered by a native sort of their names, shorter ones by insertion. */
const LONG_RUN = 32;

/**
 * Orders `order[start..end)` (rows sharing a rank, in index order) by name in code-unit order, equal names
 * by index: by insertion when the run is short, else by a native sort of the run's names (a comparator sort
 * of 10,000 tied rows, as every member is before the first result, took ~4× as long).
 */
function orderRunByName(order: Int32Array, start: number, end: number, names: readonly string[]): void {
  if (end - start < LONG_RUN) {
    for (let i = start + 1; i < end; i++) {
      const row = order[i]!;
      const name = names[row]!;
      let j = i - 1;
      // Rows arrive in index order, so an equal name stays after the earlier index.
      while (j >= start && names[order[j]!]! > name) { order[j + 1] = order[j]!; j--; }
      order[j + 1] = row;
    }
    return;
  }
  const rows = Array.from(order.subarray(start, end));
  const runNames = rows.map((row) => names[row]!);
  const byName = runNames.slice().sort();
  const position = new Map<string, number>();
  for (let i = 0; i < byName.length; i++) position.set(byName[i]!, i);
  if (position.size === rows.length) {
    for (let i = 0; i < rows.length; i++) order[start + position.get(runNames[i]!)!] = rows[i]!;
    return;
  }
  // Equal names: a comparator sort (name, then index for a stable order).
  rows.sort((a, b) => byCodeUnits(names[a]!, names[b]!) || a - b);
  order.set(rows, start);
}

/**
 * The order to show ranked rows in: by rank, then by name (code-unit order, as byCodeUnits) among rows
 * sharing a rank, then by index. Sorted without a comparator (rank and index packed in one number), then
 * each run of rows sharing a rank ordered by name: ~5× faster than sorting every name when few share
 * a rank (docs/benchmarks.md).
 * @param ranks competitionRanksOf the rows (each between 1 and the number of rows).
 * @param names one per row (same index): what orders equal rows, e.g. lower-case usernames.
 * @returns row indices, best first.
 */
export function rankedOrder(ranks: Int32Array, names: readonly string[]): Int32Array {
  const n = ranks.length;
  const packed = new Float64Array(n);
  // rank × n + index: exact in a float64 below 2 ** 53 (n below 2 ** 26 members).
  for (let i = 0; i < n; i++) packed[i] = ranks[i]! * n + i;
  packed.sort();
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[i] = packed[i]! % n;
  for (let start = 0; start < n;) {
    const rank = ranks[order[start]!]!;
    let end = start + 1;
    while (end < n && ranks[order[end]!] === rank) end++;
    if (end - start > 1) orderRunByName(order, start, end, names);
    start = end;
  }
  return order;
}
