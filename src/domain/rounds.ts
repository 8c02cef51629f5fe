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

/**
 * One part of a round's name, recognised: what a translation needs to name it in another language.
 * `text` is a part no rule knows, shown as the provider wrote it.
 */
export type RoundPart =
  | { kind: 'matchday'; number: number }
  | { kind: 'round_of'; teams: number }
  | { kind: 'quarter_finals' | 'semi_finals' | 'final' | 'third_place' | 'playoffs' | 'league_phase' | 'group_stage' | 'regular_season' }
  | { kind: 'leg'; number: number }
  | { kind: 'group'; name: string }
  | { kind: 'text'; text: string };

/** Whole parts of round names and what they are (English spellings of openfootball and football-data.org). */
const ROUND_PARTS: readonly [RegExp, (match: RegExpExecArray) => RoundPart][] = [
  [/^matchday (\d+)$/i, (m) => ({ kind: 'matchday', number: Number(m[1]) })],
  [/^round of (\d+)$/i, (m) => ({ kind: 'round_of', teams: Number(m[1]) })],
  [/^last (\d+)$/i, (m) => ({ kind: 'round_of', teams: Number(m[1]) })],
  [/^quarter[- ]?finals?$/i, () => ({ kind: 'quarter_finals' })],
  [/^semi[- ]?finals?$/i, () => ({ kind: 'semi_finals' })],
  [/^finals?$/i, () => ({ kind: 'final' })],
  [/^(match for third place|third[- ]place( match| play[- ]?off)?|3rd place( final| match| play[- ]?off)?)$/i, () => ({ kind: 'third_place' })],
  [/^play[- ]?offs?$/i, () => ({ kind: 'playoffs' })],
  [/^league( phase| stage)?$/i, () => ({ kind: 'league_phase' })],
  [/^group stage$/i, () => ({ kind: 'group_stage' })],
  [/^regular season$/i, () => ({ kind: 'regular_season' })],
  [/^(\d+)(st|nd|rd|th) leg$/i, (m) => ({ kind: 'leg', number: Number(m[1]) })],
  [/^group ([A-Z0-9]{1,2})$/i, (m) => ({ kind: 'group', name: m[1]!.toUpperCase() })],
];

/**
 * A round's name (or a tournament group's: "Group A") in recognised parts, for showing it in the
 * reader's language: "Round of 16" → [round_of 16]; "Finals, Quarterfinals" (openfootball's Champions
 * League) → [quarter_finals], the "Finals" stage prefix adding nothing; "League, Matchday 2" →
 * [league_phase, matchday 2]; "Round of 16, 2nd leg" (football-data.org) → [round_of 16, leg 2]. A part
 * no rule knows is kept as text, so an unknown name comes back as it was.
 * Sources: the round names of ../shared/data/openfootball (INDEX.md) and of
 * providers/football-data/map.ts roundOf.
 * @param name the name as the provider wrote it.
 */
export function roundParts(name: string): RoundPart[] {
  const pieces = name.split(',').map((piece) => piece.trim()).filter(Boolean);
  const parts = pieces.map((piece): RoundPart => {
    for (const [pattern, part] of ROUND_PARTS) {
      const match = pattern.exec(piece);
      if (match) return part(match);
    }
    return { kind: 'text', text: piece };
  });
  // "Finals, Round of 16": the stage prefix of a knockout round names nothing the round does not.
  if (parts.length > 1 && parts[0]!.kind === 'final' && parts[1]!.kind !== 'text') parts.shift();
  return parts.length > 0 ? parts : [{ kind: 'text', text: name }];
}
