/**
 * Rounds and stages of a competition: recognising knockout rounds whatever their spelling, and
 * ordering rounds chronologically.
 *
 * Sources: the round names of openfootball's worldcup.json, euro.json and football.json (see
 * ../shared/data/openfootball/INDEX.md "Data quirks" 6 and 7), plus the Portuguese and Spanish
 * names used by Brazilian and Spanish-speaking competitions.
 */

/** Stage of a match: a league table, a tournament group, or a knockout tie. */
export type Stage = 'league' | 'group' | 'knockout';

const KNOCKOUT_PATTERNS: readonly RegExp[] = [
  /\bround of \d+\b/i,
  /\blast \d+\b/i,
  /\b1\/\d+\b/,
  /\b(eighth|quarter|semi)[- ]?finals?\b/i,
  /\bfinals?\b/i,
  /\b(third|3rd)[- ]place\b/i,
  /\bplay[- ]?offs?\b/i,
  /\bknock[- ]?out\b/i,
  /\b(oitavas|quartas|semifinal|semifinais|final|decisão|disputa do terceiro)\b/i,
  /\b(dieciseisavos|octavos|cuartos|semifinales?|tercer puesto)\b/i,
];

/**
 * Whether a round name is a knockout round: "Round of 16", "Quarter-finals", "Quarter-final",
 * "Finals, Quarterfinals", "Semi-finals", "Match for third place", "Final", "Playoffs, Matchday 1",
 * "Oitavas de final", "Cuartos de final" and the like. A stage prefix ("Finals, …", "Playoffs, …")
 * counts too. "Matchday N", "Group A" and "League, Matchday N" are not knockout rounds.
 * @param roundName the round's name as the data provider writes it.
 */
export function isKnockoutRound(roundName: string): boolean {
  return KNOCKOUT_PATTERNS.some((pattern) => pattern.test(roundName));
}

/**
 * The stage of a match.
 * @param roundName the round's name as written by the provider.
 * @param groupName the tournament group ("Group A"), when the match belongs to one.
 * @returns 'knockout' for knockout rounds, 'group' for matches in a group, 'league' otherwise.
 */
export function stageOf(roundName: string, groupName: string | null | undefined): Stage {
  if (groupName) return 'group';
  return isKnockoutRound(roundName) ? 'knockout' : 'league';
}

/**
 * Orders rounds chronologically: each round by its earliest kickoff, ties by name in natural order
 * ("Matchday 2" before "Matchday 10").
 * @param matches each match's round name and kickoff (UTC instant).
 * @returns round name → order, 1-based, without gaps.
 */
export function orderRounds(matches: readonly { roundName: string; kickoff: Date }[]): Map<string, number> {
  const earliest = new Map<string, number>();
  for (const { roundName, kickoff } of matches) {
    const time = kickoff.getTime();
    const seen = earliest.get(roundName);
    if (seen === undefined || time < seen) earliest.set(roundName, time);
  }
  const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });
  const names = [...earliest.keys()].sort(
    (a, b) => (earliest.get(a) as number) - (earliest.get(b) as number) || collator.compare(a, b),
  );
  return new Map(names.map((name, index) => [name, index + 1]));
}
