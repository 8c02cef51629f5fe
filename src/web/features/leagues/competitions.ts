/** Leagues arranged for choosing one: by competition, then season. */
import type { League } from '../../../contracts/leagues';

/**
 * The leagues a new group can follow — those with matches still to play — grouped by competition (the
 * league's name), competitions by name, seasons newest first.
 */
export function competitionsToPlay(leagues: readonly League[]): [string, League[]][] {
  const byName = new Map<string, League[]>();
  for (const league of leagues) {
    if (league.matchesToPlay === 0) continue;
    byName.set(league.name, [...(byName.get(league.name) ?? []), league]);
  }
  return [...byName.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, seasons]) => [name, seasons.sort((a, b) => b.season.localeCompare(a.season))]);
}
